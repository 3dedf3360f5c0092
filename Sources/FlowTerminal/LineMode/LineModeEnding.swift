import FeedbackFlowCore

/// How a ``LineModeRunner`` run ended: the flow ran and ended with an outcome, it never
/// started, or its trigger did not present it. Not starting is a state of its own, not an outcome name, so no
/// outcome a flow file gives (`finish: failed`, say) can be mistaken for it.
package enum LineModeEnding: Sendable, Hashable {
    /// The flow ran and ended with this outcome: any `finish` name, `dismissed`,
    /// `quit`, `inputEnded` or `outputClosed`.
    case ended(FlowOutcome)
    /// The flow could not start (its start screen is missing, say); one error line
    /// said so and no screen was shown.
    case notStarted(NavigatorError)
    /// The flow's trigger did not present it for the event; one line said why and no
    /// screen was shown.
    case notPresented(SuppressionReason)

    /// The outcome of a flow that ran; `nil` when it did not start.
    package var outcome: FlowOutcome? {
        if case .ended(let outcome) = self { return outcome }
        return nil
    }
}
