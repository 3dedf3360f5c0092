/// Shows a flow: receives every ``NavigatorEvent`` of a ``FlowNavigator`` in order
/// (a terminal presenter, a transcript recorder, a UI bridge).
///
/// Contract:
/// - Events reach each presenter one at a time, in one order for all presenters (the
///   navigator's events wait in a FIFO delivered by one loop), and nothing follows
///   ``NavigatorEvent/flowEnded(_:)``. The call that caused an event returns once it has
///   been delivered, so a suspending `present` holds that caller back; keep it short.
/// - A presenter may call the navigator from `present` (e.g. `tap`): the events of that
///   call are delivered after the current one, to every presenter.
/// - A presenter cannot fail the flow; it handles its own errors.
public protocol Presenter: Sendable {
    /// Receives the next event. The next event (for any presenter) waits until this returns,
    /// so keep it short; it cannot throw, so a presenter handles its own errors.
    func present(_ event: NavigatorEvent) async
}
