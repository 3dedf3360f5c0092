import FeedbackFlowCore
import FlowCompile

/// The preview's screen: a ``FeedbackFlowCore/Presenter`` that keeps what the browser
/// draws, from the navigator's events only (as line mode's presenter does): the screen
/// on top as its last snapshot, how the flow ended, and the last events in words. Each
/// event that changes what is drawn counts up ``version``, which the page waits on.
///
/// An actor: the navigator calls ``present(_:)`` from its delivery loop, the server's
/// requests read ``view``.
actor WebPresenter: Presenter {
    /// What the page draws.
    struct View: Sendable {
        /// The screen on top; `nil` before the first screen and once no stack is left.
        var screen: ScreenSnapshot?
        /// How the flow ended, once it has.
        var outcome: FlowOutcome?
        /// The last ``logLimit`` events, oldest first (``NavigatorEvent/description``).
        var log: [String]
    }

    /// The most events kept for the page's log.
    static let logLimit = 50

    private(set) var view = View(screen: nil, outcome: nil, log: [])
    /// Counts up on every event.
    private(set) var version = 0

    func present(_ event: NavigatorEvent) {
        switch event {
        case .screenShown(let snapshot), .screenUpdated(let snapshot):
            if snapshot.isOnTop { view.screen = snapshot }
        case .stackChanged(let change):
            if change.stacks.isEmpty { view.screen = nil }
        case .flowEnded(let outcome):
            view.screen = nil
            view.outcome = outcome
        case .actionTapped, .stepRun, .handlerResult, .stepFailed:
            break
        }
        if case .screenUpdated = event {} else {
            view.log.append(event.description)
            if view.log.count > Self.logLimit { view.log.removeFirst(view.log.count - Self.logLimit) }
        }
        version += 1
    }
}
