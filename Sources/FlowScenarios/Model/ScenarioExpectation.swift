import FeedbackFlowCore
import FlowCompile
import FlowSource

/// One thing an `expect:` step says must be true, with where it is written.
package struct ScenarioExpectation: Sendable {
    /// What must be true.
    package enum Kind: Sendable {
        /// The screen on top has this id.
        case screen(String)
        /// The top screen's title, rendered, is this.
        case title(String)
        /// The stacks, bottom first, each its screen ids from the root.
        case stacks([[String]])
        /// A field of the top screen is so.
        case field(FieldID, FieldState)
        /// A button of the top screen, by title, is enabled or not.
        case button(String, enabled: Bool?)
        /// The top screen's error message (`nil`: none).
        case error(String?)
        /// The oldest submission not yet expected has these values.
        case submitted(SubmissionExpectation)
        /// The flow ended with this outcome's name.
        case outcome(String)
        /// The trigger's last decision: presented, or not with a reason starting so.
        case decision(presented: Bool, reason: String?)
        /// The last URL opened.
        case opened(String)
    }

    /// What a field must be; `nil` parts are not checked.
    package struct FieldState: Sendable {
        /// The value.
        package var value: FieldValue?
        /// Whether it is complete.
        package var isValid: Bool?
        /// Whether it is required.
        package var isRequired: Bool?
        /// Whether it is shown.
        package var isVisible: Bool?
        /// The message under it; `.some(nil)`: none.
        package var problem: String??
    }

    /// What a submission must hold; `nil` parts are not checked.
    package struct SubmissionExpectation: Sendable {
        /// The rating.
        package var rating: Int?
        /// The reason; `.some(nil)`: none.
        package var reason: String??
        /// Custom values by key; only these keys are compared.
        package var custom: [String: FlowValue] = [:]
        /// The id of the screen whose action submitted it.
        package var screen: String?
    }

    /// What must be true.
    package var kind: Kind
    /// Where it is written: where its failure is reported.
    package var span: SourceSpan
}
