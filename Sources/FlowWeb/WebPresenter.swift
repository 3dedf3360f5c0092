import FeedbackFlowCore

/// The preview's screen: a ``FeedbackFlowCore/Presenter`` that keeps what the browser
/// draws, from the navigator's events only (as line mode's presenter does): the screen
/// on top as its last snapshot (and, when it is in a presented stack, the screen it was
/// presented over, drawn under it as a sheet's backdrop), how the flow ended, and the last
/// events in words. Each event that changes what is drawn counts up ``version``, which the
/// page waits on.
///
/// An actor: the navigator calls ``present(_:)`` from its delivery loop, the server's
/// requests read ``view``.
package actor WebPresenter: Presenter {
    /// What the page draws.
    package struct View: Sendable {
        /// The screen on top; `nil` before the first screen and once no stack is left.
        var screen: ScreenSnapshot?
        /// When the screen on top is in a presented stack (one over another): the screen on
        /// top of the stack below, as it was last shown, which the sheet covers.
        var below: ScreenSnapshot?
        /// How the flow ended, once it has.
        var outcome: FlowOutcome?
        /// The last ``logLimit`` events, oldest first (``NavigatorEvent/description``).
        var log: [String]
    }

    /// The most events kept for the page's log.
    package static let logLimit = 50

    private(set) var view = View(screen: nil, outcome: nil, log: [])
    /// Counts up on every event.
    private(set) var version = 0
    /// The stacks, bottom first, as the last change left them.
    private var stacks: [[ScreenInstance]] = []
    /// The last snapshot of each screen in the stacks (one per instance in them).
    private var shown: [ScreenInstanceID: ScreenSnapshot] = [:]

    package func present(_ event: NavigatorEvent) {
        switch event {
        case .screenShown(let snapshot), .screenUpdated(let snapshot):
            shown[snapshot.instance.id] = snapshot
            if snapshot.isOnTop { view.screen = snapshot }
        case .stackChanged(let change):
            stacks = change.stacks
            let kept = Set(change.stacks.joined().map(\.id))
            shown = shown.filter { kept.contains($0.key) }
            // The screen now on top as last shown (after a pop or a dismiss); a screen new
            // on top is drawn with its `screenShown`, which follows.
            if let top = change.stacks.last?.last, let known = shown[top.id] { view.screen = known }
            if change.stacks.isEmpty { view.screen = nil }
        case .flowEnded(let outcome):
            view.screen = nil
            view.outcome = outcome
            stacks = []
            shown = [:]
        case .actionTapped, .stepRun, .handlerResult, .stepFailed:
            break
        }
        // Under the sheet only while the screen drawn is the one on top of the stacks, so a
        // screen is never drawn under itself between a change and its `screenShown`.
        let isTop = view.screen.map { $0.instance.id == stacks.last?.last?.id } ?? false
        view.below = isTop && stacks.count >= 2 ? stacks[stacks.count - 2].last.flatMap { shown[$0.id] } : nil
        if case .screenUpdated = event {} else {
            view.log.append(event.description)
            if view.log.count > Self.logLimit { view.log.removeFirst(view.log.count - Self.logLimit) }
        }
        version += 1
    }
}
