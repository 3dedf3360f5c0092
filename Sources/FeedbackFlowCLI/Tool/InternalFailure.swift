import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// Something that is not the user's fault went wrong (a file that cannot be written, a
/// state the code should never reach). Exit status 3.
public struct InternalFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
