import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowTerminal

/// A command line that cannot be understood: unknown option or command, missing or
/// invalid value, wrong number of arguments. Always exit status 2.
///
/// `message` is one lowercase sentence (`unknown option '--fromat'`); `hint` is one line
/// (`did you mean '--format'?`).
package struct UsageError: Error, Sendable, Hashable {
    package var message: String
    package var hint: String?
    /// More problems found in the same pass (every problem of a configuration file),
    /// reported after this one, each with its own hint.
    package var others: [UsageError] = []

    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
