/// Shows a flow: receives every ``NavigatorEvent`` of a ``FlowNavigator`` in order
/// (a terminal presenter, a transcript recorder, a UI bridge).
///
/// Contract:
/// - `present` is awaited before the navigator goes on, so a presenter sees the events
///   in order and can draw each state; keep it short (queue slow work elsewhere).
/// - A presenter cannot fail the flow; it handles its own errors.
/// - To read more than the event carries, a presenter must not call back into the
///   navigator from `present` for anything that waits on the action in progress
///   (calls such as `snapshot()` are fine: the navigator is reentrant there).
public protocol Presenter: Sendable {
    func present(_ event: NavigatorEvent) async
}
