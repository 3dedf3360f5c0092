import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowSystem

/// How a scenario starts by the flow's trigger (`trigger:`): the event, what is given
/// with it, the validators' answers, the clock and the history.
package struct ScenarioTrigger: Sendable {
    /// The event reported.
    package var event: String
    /// Where the event's name is written.
    package var span: SourceSpan
    /// The event's values: host values and its payload as `event.NAME`.
    package var context: [String: ExpressionValue]
    /// The answers of validators, by name.
    package var validators: [String: Bool]
    /// The time the decision is made and the flow runs at.
    package var now: Date
    /// Earlier presentations and responses of this flow.
    package var history: [PresentationRecord]
    /// The quiet period after any presentation; `nil`: none.
    package var quietPeriod: Duration?
}
