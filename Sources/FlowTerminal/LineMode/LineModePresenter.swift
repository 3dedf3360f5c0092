import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource

/// The presenter side of line mode: while a retry button's action runs, says so on one
/// line with its `loadingTitle` (`… Retrying…`), so a slow retry does not look like a
/// hung terminal. Screens themselves are drawn by ``LineModeRunner`` after
/// each command, when the state is settled.
struct LineModePresenter: Presenter {
    let output: any TextWriter
    let renderer: ScreenRenderer

    func present(_ event: NavigatorEvent) async {
        guard case .screenUpdated(let snapshot) = event, snapshot.isBusy,
            let action = ScreenRenderer.actions(of: snapshot).first(where: \.isLoading), action.kind == .retryButton
        else { return }
        output.write(renderer.style.apply("… " + renderer.sanitize(action.title), .yellow) + "\n")
    }
}
