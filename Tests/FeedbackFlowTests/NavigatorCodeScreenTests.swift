import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
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
        let ran = LockedBox<[String]>([])
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
            extraContent: [ContentBlock(.field(.textField(id: "email", maxLength: 3)))])
        let b = FeedbackConfiguration(
            id: "b", style: .informative, title: "B", primaryAction: .none,
            extraContent: [ContentBlock(.field(.textField(id: "email", required: true, format: .email)))])
        let shownA = try await navigator.presentFeedback(configuration: a)
        await #expect(throws: NavigatorError.conflictingField(field: "email", screen: "b")) {
            try await navigator.pushFeedback(configuration: b)
        }
        // Refused: nothing changed.
        #expect(await navigator.state.navigation.top == shownA)
        #expect(await navigator.screen("b") == nil)
        // The same definition again (A pushed a second time) shares the field.
        let again = try await navigator.pushFeedback(configuration: a)
        #expect(again.screenID == "a-2")
        #expect(NavigatorError.conflictingField(field: "email", screen: "b").description.contains("field 'email'"))
    }

    @Test("host navigation that leaves the busy screen in place is refused as busy; the action's own steps still navigate")
    func hostNavigationWhileBusy() async throws {
        let slow = SuspendingHandler()
        // The action pushes 'next' above the busy 'form', then waits in the handler: a host
        // pop now removes 'next' only, so the busy screen would stay and the pop is refused.
        let h = NavigatorTestHarness(
            flow(
                screen("root", .push("form")), screen("form", .push("next"), .custom(name: "slow", argument: nil), .pop),
                screen("next")),
            handlers: ["slow": slow])
        _ = try await h.start()
        try await h.tapTop()
        let running = Task { try await h.tapTop() }
        await slow.waitUntilStarted()
        #expect(await h.stacks() == [["root", "form", "next"]])
        await #expect(throws: NavigatorError.busy) { try await h.navigator.navigate(.pop) }
        await #expect(throws: NavigatorError.busy) { try await h.navigator.navigate(.push("root")) }
        await #expect(throws: NavigatorError.busy) { try await h.navigator.navigate(.replace("root")) }
        let extra = FeedbackConfiguration(style: .informative, title: "X", primaryAction: .none)
        await #expect(throws: NavigatorError.busy) { try await h.navigator.pushFeedback(configuration: extra) }
        await #expect(throws: NavigatorError.busy) { try await h.navigator.presentFeedback(configuration: extra) }
        #expect(await h.stacks() == [["root", "form", "next"]])
        slow.release()
        #expect(try await running.value == .ran)
        // The action's last step popped 'next', revealing 'form'.
        #expect(await h.stacks() == [["root", "form"]])
        #expect(await h.navigator.hasEnded == false)
    }

    @Test("a host pop, popTo, popToRoot or dismiss that removes the busy screen closes it and cancels its action")
    func hostClosesBusyScreen() async throws {
        for operation in [NavigationOperation.pop, .popTo("root"), .popToRoot, .dismiss] {
            let slow = SuspendingHandler()
            let h = NavigatorTestHarness(
                flow(screen("root", .push("form")), screen("form", .custom(name: "slow", argument: nil), .push("thanks")),
                     screen("thanks")),
                handlers: ["slow": slow], presentation: .push)
            _ = try await h.start()
            try await h.tapTop()
            let running = Task { try await h.tapTop() }
            await slow.waitUntilStarted()
            #expect(await h.navigator.isBusy)
            try await h.navigator.navigate(operation)
            // The tap is released at once and the navigator is no longer busy.
            #expect(try await running.value == .closedWhileRunning, "\(operation)")
            #expect(await h.navigator.isBusy == false)
            let expected: [[String]] = operation == .dismiss ? [] : [["root"]]
            #expect(await h.stacks() == expected, "\(operation)")
            #expect(await h.navigator.hasEnded == (operation == .dismiss), "\(operation)")
        }
    }

    @Test("a result that arrives after its screen was closed is discarded: recorded as stale, no later step runs")
    func lateResultIsStale() async throws {
        let slow = SuspendingHandler()
        let h = NavigatorTestHarness(
            flow(screen("root", .push("form")), screen("form", .custom(name: "slow", argument: nil), .push("thanks")),
                 screen("thanks")),
            handlers: ["slow": slow])
        _ = try await h.start()
        try await h.tapTop()
        let running = Task { try await h.tapTop() }
        await slow.waitUntilStarted()
        try await h.navigator.navigate(.pop)
        #expect(try await running.value == .closedWhileRunning)
        // The root is tappable at once, as on a device where the sheet was swiped away.
        let root = try await h.topID()
        // The handler ignores cancellation and answers late.
        slow.release()
        try await waitFor { h.presenter.events.contains { if case .handlerResult(let r) = $0 { r.isStale } else { false } } }
        let results = h.presenter.events.compactMap { event -> NavigatorEvent.HandlerResult? in
            if case .handlerResult(let r) = event { r } else { nil }
        }
        #expect(results.map(\.isStale) == [true])
        #expect(results.first?.instance.screenID == "form")
        // The action's 'push: thanks' never ran, and nothing was shown on the root.
        #expect(await h.stacks() == [["root"]])
        #expect(await h.navigator.snapshot(of: root)?.errorMessage == nil)
        #expect(!h.presenter.events.contains { if case .stepRun(let r) = $0 { r.step == "push" && r.instance.screenID == "form" } else { false } })
        #expect(await h.navigator.tap(.primary, on: root) == .ran)
        #expect(await h.stacks() == [["root", "form"]])
    }

    @Test("a button completion may push the next screen from inside the running action (a feedback component's pattern)")
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

/// Waits, yielding, until `condition` holds (at most 10,000 yields, then fails the test).
private func waitFor(_ condition: @Sendable () async -> Bool) async throws {
    for _ in 0..<10_000 {
        if await condition() { return }
        await Task.yield()
    }
    throw TestFailure("condition not met")
}
