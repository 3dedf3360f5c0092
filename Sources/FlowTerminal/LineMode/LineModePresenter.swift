import FlowCompile
import FeedbackFlowCore

/// Line mode's screen: a ``Presenter`` that draws only from the events and snapshots the
/// navigator hands it, as a SwiftUI or UIKit presenter would; the commands it answers
/// are read by ``LineModeSession`` and go back through the navigator's public API
/// (`tap`, `setField`, `navigate`, `end`).
///
/// What each event does:
/// - ``NavigatorEvent/screenShown(_:)`` and ``NavigatorEvent/screenUpdated(_:)`` of the
///   screen on top keep its snapshot: the screen as it is now (``screen``). The screen
///   is drawn once the navigator call that showed it has returned (``drawIfNew()``), so a
///   screen pushed during an action is drawn as the action left it, not half-way.
/// - ``NavigatorEvent/screenUpdated(_:)`` of a busy retry button says so on one line
///   with its `loadingTitle` (`… Retrying…`), so a slow retry does not look like a hung
///   terminal.
/// - ``NavigatorEvent/stackChanged(_:)`` with no stack left forgets the screen.
/// - ``NavigatorEvent/flowEnded(_:)`` writes `Flow ended: OUTCOME` and keeps the outcome.
///
/// An actor: the navigator calls ``present(_:)`` from its delivery loop, the session
/// reads ``screen`` and calls ``drawIfNew()`` between commands.
package actor LineModePresenter: Presenter {
    let output: any TextWriter
    let renderer: ScreenRenderer
    /// The screen on top as the last event showed it; `nil` before the first screen and
    /// once no stack is left.
    package private(set) var screen: ScreenSnapshot?
    /// How the flow ended, once ``NavigatorEvent/flowEnded(_:)`` came.
    package private(set) var outcome: FlowOutcome?
    /// The instance drawn last, so that a screen is drawn once when it comes on top.
    private var drawn: ScreenInstanceID?

    /// A presenter writing to `output` with `style` (colours on or off).
    package init(output: any TextWriter, style: TerminalStyle) {
        self.init(output: output, renderer: ScreenRenderer(style: style))
    }

    init(output: any TextWriter, renderer: ScreenRenderer) {
        self.output = output
        self.renderer = renderer
    }

    package func present(_ event: NavigatorEvent) {
        switch event {
        case .screenShown(let snapshot):
            if snapshot.isOnTop { screen = snapshot }
        case .screenUpdated(let snapshot):
            if snapshot.isOnTop { screen = snapshot }
            if snapshot.isBusy, let action = ScreenRenderer.actions(of: snapshot).first(where: \.isLoading),
                action.kind == .retryButton
            {
                output.write(renderer.style.apply("… " + renderer.sanitize(action.title), .yellow) + "\n")
            }
        case .stackChanged(let change):
            if change.stacks.isEmpty { screen = nil }
        case .flowEnded(let outcome):
            screen = nil
            self.outcome = outcome
            output.write("\n" + renderer.style.apply("Flow ended: \(renderer.sanitize(outcome.name))", .bold) + "\n")
        case .actionTapped, .stepRun, .handlerResult, .stepFailed:
            break
        }
    }

    /// Draws the screen on top when it is not the one drawn last.
    package func drawIfNew() {
        guard let screen, screen.instance.id != drawn else { return }
        draw(screen)
    }

    /// Draws the screen on top again (`show`).
    package func redraw() {
        if let screen { draw(screen) }
    }

    private func draw(_ snapshot: ScreenSnapshot) {
        output.write("\n" + renderer.render(snapshot))
        drawn = snapshot.instance.id
    }
}
