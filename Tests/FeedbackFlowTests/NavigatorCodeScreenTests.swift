import FeedbackFlow
import FeedbackFlowTestSupport
import Synchronization
import Testing

/// Configurations built in code and shown with pushFeedback / presentFeedback.
@Suite("Navigator screens built in code")
struct NavigatorCodeScreenTests {
    private func navigator() -> FlowNavigator {
        FlowNavigator(registry: ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: RecordingFeedbackSink()))
    }

    @Test("a configuration with a taken id gets a fresh one: present A, push B (no ids), pop → A's title and A's action")
    func defaultIDsDoNotCollide() async throws {
        let navigator = navigator()
        let ran = Mutex<[String]>([])
        let a = FeedbackConfiguration(
            style: .informative, title: "A", primaryAction: .button(title: "Go A", completion: { ran.withLock { $0.append("A") } }))
        let b = FeedbackConfiguration(
            style: .informative, title: "B", primaryAction: .button(title: "Go B", completion: { ran.withLock { $0.append("B") } }))
        let shownA = try await navigator.presentFeedback(configuration: a)
        let shownB = try await navigator.pushFeedback(configuration: b)
        #expect(shownA.screenID == "feedback")
        #expect(shownB.screenID == "feedback-2")
        try await navigator.navigate(.pop)
        let top = try #require(await navigator.snapshot())
        #expect(top.instance == shownA)
        #expect(top.title == "A")
        #expect(await navigator.tap(.primary, on: shownA.id) == .ran)
        #expect(ran.withLock { $0 } == ["A"])
        #expect(await navigator.screen("feedback")?.title.raw == "A")
        #expect(await navigator.screen("feedback-2")?.title.raw == "B")
    }
}
