import FeedbackFlow
import FeedbackFlowTestSupport
import Testing

/// A failing step stops the rest; `onFailure` runs, or the error stays on the screen.
@Suite("Navigator failures")
struct NavigatorFailureTests {
    @Test("onFailure runs when a step fails, and the remaining steps are skipped")
    func onFailureRuns() async throws {
        let failing = FailingHandler(message: "server down")
        let after = RecordingActionHandler()
        let h = NavigatorTestHarness(
            flow(
                screen(
                    "a", .custom(name: "send", argument: nil), .custom(name: "after", argument: nil),
                    onFailure: [.push("error")]),
                screen("error")),
            handlers: ["send": failing, "after": after])
        _ = try await h.start()
        #expect(try await h.tapTop() == .ran)
        #expect(after.invocations.isEmpty)
        #expect(await h.stacks() == [["a", "error"]])
        #expect(h.presenter.lines.contains("stepFailed send: server down"))
        #expect(h.presenter.lines.contains("stepRun push error"))
        #expect(await h.navigator.snapshot(of: h.navigator.state.navigation.stacks[0][0].id)?.errorMessage == nil)
    }

    @Test("without onFailure the error stays on the screen; a retry that succeeds clears it")
    func errorKeptThenRetry() async throws {
        let flaky = FailingHandler(message: "timed out", failures: 1)
        let h = NavigatorTestHarness(
            flow(screen("a", .custom(name: "send", argument: nil), .push("b")), screen("b")), handlers: ["send": flaky])
        let a = try await h.start()
        #expect(try await h.tapTop() == .ran)
        let failed = try #require(await h.navigator.snapshot())
        #expect(failed.instance.id == a)
        #expect(failed.errorMessage == "timed out")
        #expect(failed.primary?.isEnabled == true)

        #expect(try await h.tapTop() == .ran)
        #expect(flaky.calls == 2)
        #expect(await h.stacks() == [["a", "b"]])
        try await h.navigator.navigate(.pop)
        #expect(await h.navigator.snapshot()?.errorMessage == nil)
    }

    @Test("a failure inside onFailure is shown on the screen")
    func onFailureFails() async throws {
        let h = NavigatorTestHarness(flow(screen(
            "a", .custom(name: "missing", argument: nil), onFailure: [.popTo("nowhere")])))
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.navigator.snapshot()?.errorMessage == "cannot popTo 'nowhere': it is not in the top stack [a]")
        #expect(h.presenter.lines.filter { $0.hasPrefix("stepFailed") } == [
            "stepFailed missing: no handler registered for 'missing'",
            "stepFailed popTo: cannot popTo 'nowhere': it is not in the top stack [a]",
        ])
    }

    @Test("a failing sink fails collectUserFeedback; the retry submits once")
    func sinkFailure() async throws {
        let sink = RecordingFeedbackSink(failing: 1)
        let h = NavigatorTestHarness(
            flow(screen("a", .collectUserFeedback(FeedbackRequest(rating: "5")), .finish(nil))), sink: sink)
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.navigator.snapshot()?.errorMessage == "sink unavailable")
        #expect(sink.submissions.isEmpty)
        try await h.tapTop()
        #expect(sink.submissions.count == 1)
        #expect(await h.navigator.outcome == .finished)
    }
}
