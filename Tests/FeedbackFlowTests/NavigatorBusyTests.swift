import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Testing

/// The busy rule, the double-tap guard and stale taps.
@Suite("Navigator busy and stale taps")
struct NavigatorBusyTests {
    private func slowFlow(retry: Bool = false) -> Flow {
        let action = FlowAction([Step(.custom(name: "slow", argument: nil)), Step(.push("done"))])
        let primary: FeedbackPrimaryAction =
            retry
            ? .retryButton(ActionButton(title: "Retry", loadingTitle: "Retrying…", action: action))
            : .button(ActionButton(title: "Submit", action: action))
        let first = FeedbackConfiguration(
            id: "first", style: .error, title: "Offline", subtitle: nil, primaryAction: primary,
            secondaryAction: link("Help", .custom(name: "help", argument: nil)), extraContent: [], span: nil)
        return flow(first, screen("done"))
    }

    @Test("a second tap while the action runs is ignored as busy and the action runs once")
    func doubleTap() async throws {
        let slow = SuspendingHandler()
        let help = RecordingActionHandler()
        let h = NavigatorTestHarness(slowFlow(), handlers: ["slow": slow, "help": help])
        let first = try await h.start()
        let running = Task { await h.navigator.tap(.primary, on: first) }
        await slow.waitUntilStarted()

        #expect(await h.navigator.tap(.primary, on: first) == .ignoredBusy)
        #expect(await h.navigator.tap(.secondary, on: first) == .ignoredBusy)
        let busy = try #require(await h.navigator.snapshot())
        #expect(busy.isBusy)
        #expect(busy.primary?.isEnabled == false)
        #expect(busy.secondary?.isEnabled == false)

        slow.release()
        #expect(await running.value == .ran)
        #expect(slow.startedCount == 1)
        #expect(help.invocations.isEmpty)
        #expect(await h.stacks() == [["first", "done"]])
    }

    @Test("two tasks tapping at once run the action once")
    func concurrentTaps() async throws {
        let slow = SuspendingHandler()
        let h = NavigatorTestHarness(slowFlow(), handlers: ["slow": slow])
        let first = try await h.start()
        let navigator = h.navigator
        let results = await withTaskGroup(of: TapResult.self) { group in
            group.addTask { await navigator.tap(.primary, on: first) }
            group.addTask { await navigator.tap(.primary, on: first) }
            // The tap that runs cannot return before `release`, so the first result to
            // arrive is the other tap's; release only after it.
            var results: [TapResult] = []
            if let early = await group.next() { results.append(early) }
            slow.release()
            for await result in group { results.append(result) }
            return results
        }
        #expect(results == [.ignoredBusy, .ran])
        #expect(slow.startedCount == 1)
        #expect(h.presenter.lines.filter { $0.hasPrefix("actionTapped") }.count == 1)
    }

    @Test("a tap that arrives while the first tap is suspended in a presenter is ignored as busy")
    func tapDuringPresenterSuspension() async throws {
        // The worst interleaving, forced: the first tap is suspended inside its very first
        // `await` (the presenter's actionTapped), where the actor lets other calls in.
        let holdTap = SuspendingPresenter { if case .actionTapped = $0 { true } else { false } }
        let work = RecordingActionHandler()
        var registry = ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: RecordingFeedbackSink())
        registry.register("work", work)
        let navigator = FlowNavigator(
            flow: flow(screen("a", .custom(name: "work", argument: nil))), registry: registry, presenters: [holdTap])
        try await navigator.start()
        let a = try #require(await navigator.state.navigation.top).id
        let first = Task { await navigator.tap(.primary, on: a) }
        await holdTap.waitUntilHolding()
        #expect(await navigator.tap(.primary, on: a) == .ignoredBusy)
        holdTap.release()
        #expect(await first.value == .ran)
        #expect(work.invocations.count == 1)
    }

    @Test("a retryButton shows its loadingTitle while busy and its title again after")
    func loadingTitle() async throws {
        let slow = SuspendingHandler()
        let h = NavigatorTestHarness(slowFlow(retry: true), handlers: ["slow": slow])
        let first = try await h.start()
        #expect(await h.navigator.snapshot()?.primary?.title == "Retry")
        let running = Task { await h.navigator.tap(.primary, on: first) }
        await slow.waitUntilStarted()
        let busy = try #require(await h.navigator.snapshot())
        #expect(busy.primary?.title == "Retrying…")
        #expect(busy.primary?.isLoading == true)
        // The busy update the presenter got also carried the loading title.
        let updates = h.presenter.events.compactMap { if case .screenUpdated(let s) = $0 { s } else { nil } }
        #expect(updates.last?.primary?.title == "Retrying…")
        slow.release(throwing: TestFailure("still offline"))
        #expect(await running.value == .ran)
        let after = try #require(await h.navigator.snapshot())
        #expect(after.primary?.title == "Retry")
        #expect(after.isBusy == false)
        #expect(after.errorMessage == "still offline")
    }

    @Test("a tap on an instance that is no longer on top is stale and never reaches the next screen")
    func staleTap() async throws {
        let next = RecordingActionHandler()
        let h = NavigatorTestHarness(
            flow(screen("a", .push("b")), screen("b", .custom(name: "next", argument: nil))), handlers: ["next": next])
        let a = try await h.start()
        #expect(await h.navigator.tap(.primary, on: a) == .ran)
        let b = try await h.topID()
        #expect(await h.navigator.tap(.primary, on: a) == .ignoredStale)
        #expect(await h.navigator.tap(.secondary, on: a) == .ignoredStale)
        #expect(next.invocations.isEmpty)
        #expect(try await h.topID() == b)
        #expect(await h.stacks() == [["a", "b"]])
    }

    @Test("a tap on a replaced screen is stale even though the same screen id could come back")
    func staleAfterReplace() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .replace("a"))))
        let old = try await h.start()
        try await h.tapTop()
        let new = try await h.topID()
        #expect(new != old)
        #expect(await h.navigator.tap(.primary, on: old) == .ignoredStale)
    }

    @Test("a tap queued for a screen that a running action replaces is stale")
    func staleWhileRunning() async throws {
        let slow = SuspendingHandler()
        let h = NavigatorTestHarness(slowFlow(), handlers: ["slow": slow])
        let first = try await h.start()
        let running = Task { await h.navigator.tap(.primary, on: first) }
        await slow.waitUntilStarted()
        slow.release()
        _ = await running.value
        #expect(await h.navigator.tap(.primary, on: first) == .ignoredStale)
        #expect(slow.startedCount == 1)
    }

    @Test("a screen shown from a running action is not tappable until the action ends")
    func newScreenWaitsForAction() async throws {
        let slow = SuspendingHandler()
        let h = NavigatorTestHarness(
            flow(
                screen("a", .push("b"), .custom(name: "slow", argument: nil)),
                screen("b", .pop)),
            handlers: ["slow": slow])
        _ = try await h.start()
        let running = Task { try await h.tapTop() }
        await slow.waitUntilStarted()
        let b = try await h.topID()
        #expect(await h.navigator.snapshot()?.primary?.isEnabled == false)
        #expect(await h.navigator.tap(.primary, on: b) == .ignoredBusy)
        slow.release()
        _ = try await running.value
        #expect(await h.navigator.snapshot()?.primary?.isEnabled == true)
        #expect(await h.navigator.tap(.primary, on: b) == .ran)
    }
}

/// Screens built in Swift and shown with `pushFeedback` / `presentFeedback`, as a UIKit feedback component shows them.
@Suite("Navigator screens-in-code API")
struct NavigatorFeedbackComponentAPITests {
    private func navigator(_ presenter: RecordingPresenter) -> FlowNavigator {
        FlowNavigator(
            registry: ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: RecordingFeedbackSink()),
            presenters: [presenter])
    }

    @Test("pushFeedback and presentFeedback show configurations built in code, and their completions run on tap")
    func pushAndPresent() async throws {
        let presenter = RecordingPresenter()
        let navigator = navigator(presenter)
        let taps = LockedBox<[String]>([])
        let done = FeedbackConfiguration(
            id: "done", style: .success, title: "Title", subtitle: "Subtitle",
            primaryAction: .button(title: "Primary Action", completion: { taps.withLock { $0.append("primary") } }),
            secondaryAction: .link(title: "Secondary Action", completion: { taps.withLock { $0.append("link") } }))
        let info = FeedbackConfiguration(
            id: "info", style: .informative, title: "Info", primaryAction: .none)

        let first = try await navigator.pushFeedback(configuration: done)
        let second = try await navigator.presentFeedback(configuration: info)
        #expect(await navigator.state.navigation.stacks.map { $0.map(\.screenID) } == [["done"], ["info"]])
        #expect(second.id.rawValue > first.id.rawValue)
        #expect(await navigator.tap(.primary, on: first.id) == .ignoredStale)

        try await navigator.navigate(.dismiss)
        #expect(await navigator.tap(.secondary, on: first.id) == .ran)
        #expect(await navigator.tap(.primary, on: first.id) == .ran)
        #expect(taps.withLock { $0 } == ["link", "primary"])
        #expect(presenter.shownScreens == ["done", "info", "done"])
        let snapshot = try #require(await navigator.snapshot())
        #expect(snapshot.title == "Title")
        #expect(snapshot.subtitle == "Subtitle")
        #expect(snapshot.style == .success)
        #expect(snapshot.secondary?.kind == .link)
    }

    @Test("a retryButton whose completion handler is called later keeps the screen busy until then")
    func retryCompletionLater() async throws {
        let presenter = RecordingPresenter()
        let navigator = navigator(presenter)
        let handoff = Handoff<@Sendable () -> Void>()
        let configuration = FeedbackConfiguration(
            id: "offline", style: .error, title: "No connection",
            primaryAction: .retryButton(title: "Retry", loadingTitle: "Retrying", retryCompletion: { completionHandler in
                // Do the async retry task later: hand the completion to the test.
                handoff.put(completionHandler)
            }))
        let instance = try await navigator.presentFeedback(configuration: configuration)
        let running = Task { await navigator.tap(.primary, on: instance.id) }
        let completionHandler = await handoff.take()

        let busy = try #require(await navigator.snapshot())
        #expect(busy.isBusy)
        #expect(busy.primary?.title == "Retrying")
        #expect(await navigator.tap(.primary, on: instance.id) == .ignoredBusy)

        completionHandler()
        #expect(await running.value == .ran)
        let after = try #require(await navigator.snapshot())
        #expect(after.isBusy == false)
        #expect(after.primary?.title == "Retry")
        #expect(after.primary?.isEnabled == true)
    }

    @Test("a retry completion handler called twice counts once: the action ends once and later calls are ignored")
    func retryCompletionCalledTwice() async throws {
        let presenter = RecordingPresenter()
        let navigator = navigator(presenter)
        let handoff = Handoff<@Sendable () -> Void>()
        let configuration = FeedbackConfiguration(
            id: "offline", style: .error, title: "No connection",
            primaryAction: .retryButton(title: "Try", loadingTitle: "Trying") { done in
                done()
                done()
                handoff.put(done)
            })
        let instance = try await navigator.presentFeedback(configuration: configuration)
        #expect(await navigator.tap(.primary, on: instance.id) == .ran)
        // A third call, long after the action ended, is ignored too.
        let done = await handoff.take()
        done()
        #expect(await navigator.isBusy == false)
        // One run: one handlerResult success.
        #expect(presenter.lines.filter { $0.hasPrefix("handlerResult") } == ["handlerResult perform success"])
    }

    @Test("a throwing completion fails the action and shows its error on the screen")
    func throwingCompletion() async throws {
        let navigator = navigator(RecordingPresenter())
        let configuration = FeedbackConfiguration(
            id: "s", style: .informative, title: "T",
            primaryAction: .button(title: "Go", completion: { throw TestFailure("nope") }))
        let instance = try await navigator.pushFeedback(configuration: configuration)
        #expect(await navigator.tap(.primary, on: instance.id) == .ran)
        #expect(await navigator.snapshot()?.errorMessage == "nope")
    }

    @Test("pushFeedback after the flow ended throws flowEnded")
    func pushAfterEnd() async throws {
        let navigator = navigator(RecordingPresenter())
        let configuration = FeedbackConfiguration(id: "s", style: .success, title: "T", primaryAction: .none)
        try await navigator.pushFeedback(configuration: configuration)
        await navigator.end(.quit)
        await #expect(throws: NavigatorError.flowEnded) { try await navigator.pushFeedback(configuration: configuration) }
    }
}
