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
            extraContent: [ContentBlock(.textField(TextInputField(id: "email", maxLength: 3)))])
        let b = FeedbackConfiguration(
            id: "b", style: .informative, title: "B", primaryAction: .none,
            extraContent: [ContentBlock(.textField(TextInputField(id: "email", required: true, format: .email)))])
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

    @Test("host navigation while an action runs is refused as busy; the action's own steps still navigate")
    func hostNavigationWhileBusy() async throws {
        let slow = SuspendingHandler()
        let h = NavigatorTestHarness(
            flow(screen("root", .push("form")), screen("form", .custom(name: "slow", argument: nil), .pop)),
            handlers: ["slow": slow])
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.stacks() == [["root", "form"]])
        let running = Task { try await h.tapTop() }
        await slow.waitUntilStarted()
        await #expect(throws: NavigatorError.busy) { try await h.navigator.navigate(.pop) }
        let extra = FeedbackConfiguration(style: .informative, title: "X", primaryAction: .none)
        await #expect(throws: NavigatorError.busy) { try await h.navigator.pushFeedback(configuration: extra) }
        await #expect(throws: NavigatorError.busy) { try await h.navigator.presentFeedback(configuration: extra) }
        #expect(await h.stacks() == [["root", "form"]])
        slow.release()
        #expect(try await running.value == .ran)
        // The action's pop removed the form, not the root.
        #expect(await h.stacks() == [["root"]])
        #expect(await h.navigator.hasEnded == false)
    }

    @Test("a button completion may push the next screen from inside the running action (seed pattern)")
    func completionPushes() async throws {
        let navigator = navigator()
        let handoff = Handoff<FlowNavigator>()
        let next = FeedbackConfiguration(id: "next", style: .success, title: "Thanks", primaryAction: .none)
        let first = FeedbackConfiguration(
            id: "first", style: .informative, title: "Rate",
            primaryAction: .button(title: "Send", completion: {
                let navigator = await handoff.take()
                try await navigator.pushFeedback(configuration: next)
            }))
        let shown = try await navigator.presentFeedback(configuration: first)
        handoff.put(navigator)
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        #expect(await navigator.snapshot()?.instance.screenID == "next")
        #expect(await navigator.snapshot(of: shown.id)?.errorMessage == nil)
    }
}
