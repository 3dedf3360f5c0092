import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Testing

/// Events reach each presenter one at a time, in one order for all, nothing after flowEnded.
@Suite("Navigator event order")
struct NavigatorEventOrderTests {
    /// Holds the first matching event (like ``SuspendingPresenter``) and records each
    /// event only once it has been let go, as a presenter that draws after an animation.
    final class HoldingRecorder: Presenter, Sendable {
        let holder: SuspendingPresenter
        let recorder = RecordingPresenter()
        init(holding matches: @escaping @Sendable (NavigatorEvent) -> Bool) { holder = SuspendingPresenter(holding: matches) }
        func present(_ event: NavigatorEvent) async {
            await holder.present(event)
            await recorder.present(event)
        }
    }

    /// Taps the primary action of the first "b" shown, from inside `present`.
    final class TappingPresenter: Presenter, Sendable {
        let navigator = LockedBox<FlowNavigator?>(nil)
        let recorder = RecordingPresenter()
        let results = LockedBox<[TapResult]>([])
        func present(_ event: NavigatorEvent) async {
            await recorder.present(event)
            guard case .screenShown(let s) = event, s.instance.screenID == "b", results.withLock({ $0.isEmpty }),
                let navigator = navigator.withLock({ $0 })
            else { return }
            let result = await navigator.tap(.primary, on: s.instance.id)
            results.withLock { $0.append(result) }
        }
    }

    private func textScreen() -> FeedbackConfiguration {
        FeedbackConfiguration(
            id: "a", style: .informative, title: "A", primaryAction: .none,
            extraContent: [ContentBlock(.field(.textField(id: "t")))])
    }

    private func registry() -> ActionHandlerRegistry {
        ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: RecordingFeedbackSink())
    }

    private func waitUntil(_ condition: () async -> Bool) async {
        while await !condition() { await Task.yield() }
    }

    @Test("an event emitted while a presenter suspends waits its turn: every presenter sees the same order")
    func sameOrderForAll() async throws {
        let first = HoldingRecorder { if case .stackChanged = $0 { true } else { false } }
        let second = RecordingPresenter()
        let navigator = FlowNavigator(registry: registry(), presenters: [first, second])
        let pushing = Task { try await navigator.presentFeedback(configuration: textScreen()) }
        await first.holder.waitUntilHolding()
        let setting = Task { try await navigator.setField("t", to: .text("x")) }
        await waitUntil { await navigator.value(of: "t") == .text("x") }
        first.holder.release()
        _ = try await pushing.value
        try await setting.value
        // The field edit came after the navigation: it waits behind stackChanged and screenShown.
        let expected = ["stackChanged present: a [1]", "screenShown a", "screenUpdated a"]
        #expect(second.lines == expected)
        #expect(first.recorder.lines == expected)
    }

    @Test("flowEnded is the last event a suspending presenter records, even when end overlaps a field edit")
    func nothingAfterFlowEnded() async throws {
        let presenter = HoldingRecorder { if case .screenUpdated = $0 { true } else { false } }
        let navigator = FlowNavigator(registry: registry(), presenters: [presenter])
        try await navigator.presentFeedback(configuration: textScreen())
        let setting = Task { try await navigator.setField("t", to: .text("x")) }
        await presenter.holder.waitUntilHolding()
        let ending = Task { await navigator.end(FlowOutcome("closed")) }
        await waitUntil { await navigator.hasEnded }
        presenter.holder.release()
        await ending.value
        try await setting.value
        #expect(presenter.recorder.lines.suffix(2) == ["screenUpdated a", "flowEnded closed"])
    }

    @Test("a presenter that taps from present does not deadlock, and both presenters see the tap after the screen")
    func tapFromPresenter() async throws {
        let tapper = TappingPresenter()
        let second = RecordingPresenter()
        let navigator = FlowNavigator(registry: registry(), presenters: [tapper, second])
        tapper.navigator.withLock { $0 = navigator }
        let b = FeedbackConfiguration(
            id: "b", style: .informative, title: "B", primaryAction: .button(title: "Go", completion: {}))
        try await navigator.presentFeedback(configuration: b)
        #expect(tapper.results.withLock { $0 } == [.ran])
        let expected = [
            "stackChanged present: b [1]", "screenShown b", "actionTapped primary Go", "screenUpdated b busy",
            "stepRun perform", "handlerResult perform success", "screenUpdated b",
        ]
        #expect(second.lines == expected)
        #expect(tapper.recorder.lines == expected)
    }
}
