/// Why ``FlowState/apply(_:)`` refused a change. The state is then unchanged.
///
/// Each case is the answer the host gets from ``FlowNavigator`` for the same refusal:
/// ``FlowChange/start``, ``FlowChange/navigate(_:by:)`` and
/// ``FlowChange/show(_:presenting:by:)`` are refused only with ``navigator(_:)``,
/// ``FlowChange/setField(_:to:)`` only with ``field(_:)``, and
/// ``FlowChange/beginAction(_:_:)`` only with ``tap(_:)``, and
/// ``FlowChange/setVariable(_:to:)`` only with ``variable(_:)``.
package enum FlowChangeError: Error, Sendable, Hashable {
    /// A start, navigation or code-built screen was refused.
    case navigator(NavigatorError)
    /// A field value was refused.
    case field(FieldError)
    /// A tap was refused: the ``TapResult`` that ``FlowNavigator/tap(_:on:)`` returns for it
    /// (never ``TapResult/ran`` or ``TapResult/closedWhileRunning``).
    case tap(TapResult)
    /// A `set` step's value was refused: the variable is not declared, or the value is not
    /// of its type (the message says which). The step fails with the message.
    case variable(String)
}
