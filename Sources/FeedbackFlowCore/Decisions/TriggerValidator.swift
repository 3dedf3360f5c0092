import FlowCompile

/// A host's last word on presenting a flow: the `validator` a trigger names (e.g.
/// `isCallCreator`), registered on the ``ActionHandlerRegistry`` under that name.
///
/// Contract: ``allowsPresentation(_:)`` is asked only after every other rule of the
/// trigger passed, at most once per event; `true` presents the flow, `false` keeps it
/// hidden (``SuppressionReason/validatorRejected(_:)``), and a throw keeps it hidden too
/// (``SuppressionReason/validatorFailed(name:message:)``). It should not present
/// anything itself.
public protocol TriggerValidator: Sendable {
    /// Whether the flow may be presented for `request`.
    func allowsPresentation(_ request: TriggerRequest) async throws -> Bool
}

/// What a ``TriggerValidator`` is asked about.
public struct TriggerRequest: Sendable, Hashable {
    /// The flow's id.
    public var flowID: String
    /// The event's name.
    public var event: String
    /// The values the host gave with the event (context values and `event.NAME` payload).
    public var context: [String: ExpressionValue]

    /// A request about `flowID` for `event` with `context` (e.g. to test a validator).
    public init(flowID: String, event: String, context: [String: ExpressionValue]) {
        self.flowID = flowID
        self.event = event
        self.context = context
    }
}

/// A validator with a fixed answer: what `feedbackflow trigger --validator NAME=true`
/// registers, and a test double.
package struct AnsweringTriggerValidator: TriggerValidator {
    package let answer: Bool

    package init(_ answer: Bool) {
        self.answer = answer
    }

    package func allowsPresentation(_ request: TriggerRequest) async throws -> Bool { answer }
}
