/// What ``FlowNavigator/tap(_:on:)`` did with a tap. Only ``ran`` and
/// ``closedWhileRunning`` ran anything; every other case left the navigator exactly as
/// it was, except ``ignoredFlowEnded`` returned for an action that the host's
/// ``FlowNavigator/end(_:)`` cancelled.
public enum TapResult: Sendable, Hashable {
    /// The action ran to its end (its steps succeeded, or a step failed and the failure
    /// was handled: `onFailure` ran, or the error is now on the screen).
    case ran
    /// The screen's action (or another action) is still running: the double-tap guard.
    case ignoredBusy
    /// The tapped instance is not the screen on top (it was popped, replaced or covered).
    case ignoredStale
    /// The primary action waits for the form: a required field is empty or a field is
    /// invalid.
    case ignoredDisabled
    /// The slot has no action (`none`).
    case ignoredNoAction
    /// The flow has ended; nothing runs any more. Also the result of a tap whose action
    /// was running when the host called ``FlowNavigator/end(_:)``: the action was
    /// cancelled and the tap released at once.
    case ignoredFlowEnded
    /// The action was running when the host closed its screen (a `pop`, `popTo`,
    /// `popToRoot` or `dismiss` through ``FlowNavigator/navigate(_:)`` that removed it):
    /// the action was cancelled and the tap released at once. A result that arrives
    /// later is discarded (``NavigatorEvent/HandlerResult/isStale``).
    case closedWhileRunning
}
