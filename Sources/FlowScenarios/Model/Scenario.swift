import FlowCompile
import FlowSource

/// One scenario of a flow test file: how the flow starts, the stubs of its handlers, and
/// the steps a person takes with what must be true after each.
package struct Scenario: Sendable {
    /// What the scenario shows (`name:`), unique in its file.
    package var name: String
    /// Where the scenario's `name:` value is written: where a failure that belongs to no
    /// step (a submission nobody expected at the end) is reported.
    package var span: SourceSpan
    /// Values the host gives the flow (`context:`), typed as the flow declares them.
    package var context: [String: ExpressionValue]
    /// Start by the trigger (`trigger:`); `nil`: the flow starts plainly.
    package var trigger: ScenarioTrigger?
    /// Stubs of custom steps by name, each a list of answers given in order of calls (the
    /// last one again once the list is used up).
    package var handlers: [String: [HandlerAnswer]]
    /// The steps, in order.
    package var steps: [ScenarioStep]
}
