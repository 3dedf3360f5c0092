import FeedbackFlowCore
import FlowCompile
import FlowSource

/// One step of a scenario: something a person (or the host) does, or what must be true.
package struct ScenarioStep: Sendable {
    /// What the step does.
    package enum Kind: Sendable {
        /// Set fields of the top screen, in the order written.
        case set([FieldSetting])
        /// Tap the top screen's button with this title (as rendered); the action runs to its end.
        case tap(String)
        /// Go back as the system's back control does: the host pops the top screen.
        case back
        /// Report an event to the flow's trigger with these values.
        case event(String, context: [String: ExpressionValue])
        /// Check these expectations, in the order written.
        case expect([ScenarioExpectation])
    }

    /// One field set by a `set:` step.
    package struct FieldSetting: Sendable {
        /// The field's id.
        package var field: FieldID
        /// The value, typed by the field's kind.
        package var value: FieldValue
        /// Where the value is written.
        package var span: SourceSpan
    }

    /// What the step does.
    package var kind: Kind
    /// Where the step's value is written: where its failure is reported.
    package var span: SourceSpan
}
