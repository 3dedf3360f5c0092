import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation
import FlowSource
import Testing

/// The cancellation policy: actions run in a task the navigator owns; only `end` cancels.
@Suite("Navigator cancellation")
struct NavigatorCancellationTests {
    /// Records whether the task running it was cancelled.
    final class CancellationProbe: ActionHandler, Sendable {
        private let seen = LockedBox<[Bool]>([])
        func perform(_ invocation: ActionInvocation) async throws { seen.withLock { $0.append(Task.isCancelled) } }
        var observations: [Bool] { seen.withLock { $0 } }
    }

    struct Offline: LocalizedError {
        var errorDescription: String? { "You are offline." }
    }

    private func navigator(_ presenter: RecordingPresenter) -> FlowNavigator {
        FlowNavigator(
            registry: ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: RecordingFeedbackSink()),
            presenters: [presenter])
    }

    @Test("a retry completion that is never called: end releases the tap with ignoredFlowEnded and clears busy")
    func neverCalledCompletion() async throws {
        let presenter = RecordingPresenter()
        let navigator = navigator(presenter)
        let started = Handoff<Bool>()
        let configuration = FeedbackConfiguration(
            id: "offline", style: .error, title: "No connection",
            primaryAction: .retryButton(title: "Try", loadingTitle: "Trying") { _ in started.put(true) })
        let instance = try await navigator.presentFeedback(configuration: configuration)
        let running = Task { await navigator.tap(.primary, on: instance.id) }
        _ = await started.take()
        #expect(await navigator.isBusy)
        running.cancel()  // cancelling the caller does not end the action…
        #expect(await navigator.isBusy)
        await navigator.end(FlowOutcome("closed"))  // …ending the flow does
        #expect(await running.value == .ignoredFlowEnded)
        #expect(await navigator.isBusy == false)
        #expect(presenter.lines.last == "flowEnded closed")
        #expect(!presenter.lines.contains { $0.hasPrefix("handlerResult") })
    }

    @Test("cancelling the task that called tap does not cancel the action")
    func callerCancellationDoesNotCancelAction() async throws {
        let slow = SuspendingHandler()
        let probe = CancellationProbe()
        let h = NavigatorTestHarness(
            flow(screen("a", .custom(name: "slow", argument: nil), .custom(name: "probe", argument: nil))),
            handlers: ["slow": slow, "probe": probe])
        let id = try await h.start()
        let running = Task { await h.navigator.tap(.primary, on: id) }
        await slow.waitUntilStarted()
        running.cancel()
        slow.release()
        #expect(await running.value == .ran)
        #expect(probe.observations == [false])
        #expect(await h.navigator.snapshot()?.errorMessage == nil)
    }

    @Test("a step failing with CancellationError shows 'cancelled', a LocalizedError its errorDescription")
    func humanMessages() async throws {
        let navigator = navigator(RecordingPresenter())
        let cancelled = try await navigator.pushFeedback(configuration: FeedbackConfiguration(
            id: "c", style: .error, title: "T",
            primaryAction: .button(title: "Go", completion: { throw CancellationError() })))
        #expect(await navigator.tap(.primary, on: cancelled.id) == .ran)
        #expect(await navigator.snapshot()?.errorMessage == "cancelled")
        let offline = try await navigator.pushFeedback(configuration: FeedbackConfiguration(
            id: "o", style: .error, title: "T", primaryAction: .button(title: "Go", completion: { throw Offline() })))
        #expect(await navigator.tap(.primary, on: offline.id) == .ran)
        #expect(await navigator.snapshot()?.errorMessage == "You are offline.")
    }
}
