import FeedbackFlowCore
import FlowCompile
import FlowSystem
import FlowWorkspace

/// How the preview starts a flow and decides on its trigger's event, from the command
/// line: the event given, the history, the time, the quiet period, and the values and
/// validators' answers given (which the page's panel may replace).
package struct PreviewStart: Sendable {
    /// `--event`; `nil` for the trigger's own event.
    package var event: String?
    /// Whether the history is a file (`--history`), kept across a restart; otherwise the
    /// session keeps one in memory, emptied by a restart.
    package var historyIsFile: Bool
    /// The history to decide with.
    package var history: @Sendable () -> any PresentationHistory
    /// `--now`; `nil` for the current time.
    package var now: Date?
    /// `--quiet-period`, in seconds.
    package var quietPeriod: Int?
    /// The values `flow`'s start reads, typed as it declares them, for `event` (`nil`: a
    /// plain start): the panel's `NAME=VALUE` entries, or, with `nil`, the command line's.
    package var values: @Sendable (_ flow: Flow, _ event: String?, _ entries: [String]?) throws(UsageError) -> [String: ExpressionValue]
    /// Registers the validators' answers in `registry`: the command line's, with the
    /// validator named `answer.name` answering `answer.answer` when given.
    package var validators: @Sendable (_ registry: inout ActionHandlerRegistry, _ answer: (name: String, answer: Bool)?) -> Void

    /// A start from its parts (the command line's options give them).
    package init(
        event: String?, historyIsFile: Bool, history: @escaping @Sendable () -> any PresentationHistory, now: Date?, quietPeriod: Int?,
        values: @escaping @Sendable (_ flow: Flow, _ event: String?, _ entries: [String]?) throws(UsageError) -> [String: ExpressionValue],
        validators: @escaping @Sendable (_ registry: inout ActionHandlerRegistry, _ answer: (name: String, answer: Bool)?) -> Void
    ) {
        self.event = event
        self.historyIsFile = historyIsFile
        self.history = history
        self.now = now
        self.quietPeriod = quietPeriod
        self.values = values
        self.validators = validators
    }
}
