import FeedbackFlow
import FeedbackFlowTestSupport
import Testing

/// Every built-in step, run through a tap.
@Suite("Navigator steps")
struct NavigatorStepTests {
    @Test("start presents the start screen on a new stack")
    func startPresents() async throws {
        let h = NavigatorTestHarness(flow(screen("a"), screen("b")))
        _ = try await h.start()
        #expect(await h.stacks() == [["a"]])
        #expect(h.presenter.lines == ["stackChanged present: a [1]", "screenShown a"])
    }

    @Test("start with presentation push pushes the start screen")
    func startPushes() async throws {
        let h = NavigatorTestHarness(flow(screen("a"), presentation: .push))
        _ = try await h.start()
        #expect(await h.stacks() == [["a"]])
        #expect(h.presenter.lines.first == "stackChanged push: a [1]")
    }

    @Test("start with a missing start screen throws unknownScreen")
    func startMissing() async {
        let h = NavigatorTestHarness(Flow(id: "f", start: "nowhere", screens: [screen("a")]))
        await #expect(throws: NavigatorError.unknownScreen("nowhere")) { try await h.navigator.start() }
    }

    @Test("push puts the screen on the top stack and shows it")
    func push() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .push("b")), screen("b")))
        _ = try await h.start()
        #expect(try await h.tapTop() == .ran)
        #expect(await h.stacks() == [["a", "b"]])
        #expect(h.presenter.shownScreens == ["a", "b"])
    }

    @Test("present puts the screen on a new stack")
    func present() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .present("b")), screen("b")))
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.stacks() == [["a"], ["b"]])
    }

    @Test("replace swaps the top screen for a new instance")
    func replace() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .push("b")), screen("b", .replace("c")), screen("c")))
        _ = try await h.start()
        try await h.tapTop()
        let b = try await h.topID()
        try await h.tapTop()
        #expect(await h.stacks() == [["a", "c"]])
        #expect(try await h.topID().rawValue > b.rawValue)
    }

    @Test("pop reveals the same instance below and shows it again")
    func pop() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .push("b")), screen("b", .pop)))
        let a = try await h.start()
        try await h.tapTop()
        try await h.tapTop()
        #expect(await h.stacks() == [["a"]])
        #expect(try await h.topID() == a)
        #expect(h.presenter.shownScreens == ["a", "b", "a"])
    }

    @Test("pop on the last root leaves no stack: the flow ends dismissed and later steps do not run")
    func popLastRoot() async throws {
        let recorder = RecordingActionHandler()
        let h = NavigatorTestHarness(flow(screen("a", .pop, .custom(name: "after", argument: nil))), handlers: ["after": recorder])
        _ = try await h.start()
        #expect(try await h.tapTop() == .ran)
        #expect(await h.navigator.outcome == .dismissed)
        #expect(recorder.invocations.isEmpty)
        #expect(h.presenter.lines.suffix(2) == ["stackChanged pop []", "flowEnded dismissed"])
    }

    @Test("pop on a presented root removes that stack only")
    func popPresentedRoot() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .present("b")), screen("b", .pop)))
        _ = try await h.start()
        try await h.tapTop()
        try await h.tapTop()
        #expect(await h.stacks() == [["a"]])
        #expect(await h.navigator.outcome == nil)
    }

    @Test("popTo pops down to the nearest instance of the screen")
    func popTo() async throws {
        let h = NavigatorTestHarness(flow(
            screen("a", .push("b")), screen("b", .push("c")), screen("c", .popTo("a"))))
        _ = try await h.start()
        try await h.tapTop()
        try await h.tapTop()
        try await h.tapTop()
        #expect(await h.stacks() == [["a"]])
    }

    @Test("popTo a screen not in the top stack fails the step: remaining steps skipped, error on the screen")
    func popToMissing() async throws {
        let recorder = RecordingActionHandler()
        let h = NavigatorTestHarness(
            flow(screen("a", .popTo("zzz"), .custom(name: "after", argument: nil))), handlers: ["after": recorder])
        _ = try await h.start()
        #expect(try await h.tapTop() == .ran)
        #expect(await h.stacks() == [["a"]])
        #expect(recorder.invocations.isEmpty)
        let snapshot = try #require(await h.navigator.snapshot())
        #expect(snapshot.errorMessage == "cannot popTo 'zzz': it is not in the top stack [a]")
    }

    @Test("popToRoot keeps the first screen of the top stack")
    func popToRoot() async throws {
        let h = NavigatorTestHarness(flow(
            screen("a", .push("b")), screen("b", .push("c")), screen("c", .popToRoot)))
        _ = try await h.start()
        for _ in 0..<3 { try await h.tapTop() }
        #expect(await h.stacks() == [["a"]])
    }

    @Test("popToRoot on a root changes nothing and the flow goes on")
    func popToRootOnRoot() async throws {
        let recorder = RecordingActionHandler()
        let h = NavigatorTestHarness(
            flow(screen("a", .popToRoot, .custom(name: "after", argument: nil))), handlers: ["after": recorder])
        let a = try await h.start()
        try await h.tapTop()
        #expect(try await h.topID() == a)
        #expect(recorder.invocations.count == 1)
    }

    @Test("dismiss removes the presented stack")
    func dismiss() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .present("b")), screen("b", .push("c")), screen("c", .dismiss)))
        _ = try await h.start()
        for _ in 0..<3 { try await h.tapTop() }
        #expect(await h.stacks() == [["a"]])
        #expect(await h.navigator.outcome == nil)
    }

    @Test("dismiss of the last stack ends the flow with outcome dismissed")
    func dismissLast() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .dismiss)))
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.navigator.outcome == .dismissed)
        #expect(h.presenter.outcome == .dismissed)
    }

    @Test("finish ends the flow with outcome finished; later steps do not run")
    func finish() async throws {
        let recorder = RecordingActionHandler()
        let h = NavigatorTestHarness(
            flow(screen("a", .finish(nil), .custom(name: "after", argument: nil))), handlers: ["after": recorder])
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.navigator.outcome == .finished)
        #expect(recorder.invocations.isEmpty)
        #expect(h.presenter.lines.last == "flowEnded finished")
    }

    @Test("finish with an argument ends the flow with that outcome")
    func finishNamed() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .finish("submitted"))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.navigator.outcome == FlowOutcome("submitted"))
    }

    @Test("after the end, taps are ignored and fields do not change")
    func afterEnd() async throws {
        let h = NavigatorTestHarness(flow(screen(
            "a", .finish(nil), content: [ContentBlock(.field(.toggle(id: "t")))])))
        let a = try await h.start()
        try await h.tapTop()
        #expect(await h.navigator.tap(.primary, on: a) == .ignoredFlowEnded)
        await #expect(throws: FieldError.flowEnded) { try await h.navigator.setField("t", to: .toggle(true)) }
        #expect(h.presenter.lines.filter { $0.hasPrefix("flowEnded") }.count == 1)
    }

    @Test("openURL hands the rendered URL to the URL handler")
    func openURL() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .openURL("https://example.com/${screen.id}?f=${flow.id}"))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(h.urls.opened == ["https://example.com/a?f=test-flow"])
        #expect(h.presenter.lines.contains("handlerResult openURL success"))
    }

    @Test("openURL accepts http, https, mailto and tel by default", arguments: [
        "http://example.com", "HTTPS://example.com", "mailto:help@example.com", "tel:+441234567",
    ])
    func openURLAllowed(url: String) async throws {
        let h = NavigatorTestHarness(flow(screen("a", .openURL(TemplateString(url)))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(h.urls.opened == [url])
        #expect(await h.navigator.snapshot()?.errorMessage == nil)
    }

    @Test("openURL with another scheme fails the step with a clear error")
    func openURLRejected() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .openURL("javascript:alert(1)"))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(h.urls.opened.isEmpty)
        #expect(
            await h.navigator.snapshot()?.errorMessage
                == "openURL: scheme 'javascript' of 'javascript:alert(1)' is not allowed (allowed: http, https, mailto, tel)")
    }

    @Test("openURL without a scheme fails the step")
    func openURLNotAURL() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .openURL("example.com/contact"))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.navigator.snapshot()?.errorMessage == "openURL: 'example.com/contact' is not a URL")
    }

    @Test("collectUserFeedback submits to the feedback sink")
    func collectUserFeedback() async throws {
        let h = NavigatorTestHarness(flow(screen(
            "a", .collectUserFeedback(FeedbackRequest(rating: "4", reason: "great")), .push("b")), screen("b")))
        _ = try await h.start()
        try await h.tapTop()
        let submission = try #require(h.sink.submissions.first)
        #expect(h.sink.submissions.count == 1)
        #expect(submission.rating == 4)
        #expect(submission.reason == "great")
        #expect(submission.flowID == "test-flow")
        #expect(submission.screenID == "a")
        #expect(submission.submittedAt == NavigatorTestHarness.clock)
        #expect(await h.stacks() == [["a", "b"]])
    }

    @Test("a custom step runs its registered handler with the rendered argument")
    func customStep() async throws {
        let recorder = RecordingActionHandler()
        let argument: FlowValue = .object(["event": .string("tapped ${screen.id}"), "n": .number("2")])
        let h = NavigatorTestHarness(flow(screen("a", .custom(name: "track", argument: argument))), handlers: ["track": recorder])
        let a = try await h.start()
        try await h.tapTop()
        let invocation = try #require(recorder.invocations.first)
        #expect(invocation.name == "track")
        #expect(invocation.argument == .object(["event": .string("tapped a"), "n": .number("2")]))
        #expect(invocation.screen.id == a)
        #expect(invocation.flowID == "test-flow")
    }

    @Test("a custom step with no registered handler fails with 'no handler registered'")
    func customStepUnknown() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .custom(name: "launchRocket", argument: nil))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.navigator.snapshot()?.errorMessage == "no handler registered for 'launchRocket'")
        #expect(h.presenter.lines.contains("handlerResult launchRocket failure: no handler registered for 'launchRocket'"))
    }

    @Test("push of a screen that does not exist fails the step")
    func pushUnknown() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .push("nowhere"))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.stacks() == [["a"]])
        #expect(await h.navigator.snapshot()?.errorMessage == "no screen 'nowhere' in this flow")
    }

    @Test("a tap emits actionTapped, busy update, each step, and a final update, in order")
    func eventOrder() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .openURL("https://x.test"), .push("b")), screen("b")))
        _ = try await h.start()
        try await h.tapTop()
        #expect(h.presenter.lines == [
            "stackChanged present: a [1]", "screenShown a",
            "actionTapped primary Go", "screenUpdated a busy",
            "stepRun openURL https://x.test", "handlerResult openURL success",
            "stepRun push b", "stackChanged push: b [2]", "screenShown b",
            "screenUpdated b",
        ])
    }

    @Test("a tap on a slot without an action is ignored")
    func noAction() async throws {
        let h = NavigatorTestHarness(flow(screen("a")))
        _ = try await h.start()
        #expect(try await h.tapTop(.primary) == .ignoredNoAction)
        #expect(try await h.tapTop(.secondary) == .ignoredNoAction)
    }

    @Test("the host can pop with navigate, like a back gesture")
    func hostPop() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .push("b")), screen("b")))
        _ = try await h.start()
        try await h.tapTop()
        try await h.navigator.navigate(.pop)
        #expect(await h.stacks() == [["a"]])
        try await h.navigator.navigate(.pop)
        #expect(await h.navigator.outcome == .dismissed)
        await #expect(throws: NavigatorError.flowEnded) { try await h.navigator.navigate(.pop) }
    }
}
