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

    @Test("a code-built screen redefining a known field id differently is refused; the same definition is shared")
    func conflictingFieldRefused() async throws {
        let navigator = navigator()
        let a = FeedbackConfiguration(
            id: "a", style: .informative, title: "A", primaryAction: .none,
            extraContent: [ContentBlock(.textField(TextField(id: "email", maxLength: 3)))])
        let b = FeedbackConfiguration(
            id: "b", style: .informative, title: "B", primaryAction: .none,
            extraContent: [ContentBlock(.textField(TextField(id: "email", required: true, format: .email)))])
        let shownA = try await navigator.presentFeedback(configuration: a)
        await #expect(throws: NavigatorError.conflictingField(field: "email", screen: "b")) {
            try await navigator.pushFeedback(configuration: b)
        }
        // Refused: nothing changed.
        #expect(await navigator.state.top == shownA)
        #expect(await navigator.screen("b") == nil)
        // The same definition again (A pushed a second time) shares the field.
        let again = try await navigator.pushFeedback(configuration: a)
        #expect(again.screenID == "a-2")
        #expect(NavigatorError.conflictingField(field: "email", screen: "b").description.contains("field 'email'"))
    }
}
