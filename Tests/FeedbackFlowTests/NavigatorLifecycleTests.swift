import FeedbackFlow
import FeedbackFlowTestSupport
import Testing

/// The end of a flow is the end of its events, and a refused host call changes nothing.
@Suite("Navigator lifecycle edges")
struct NavigatorLifecycleTests {
    @Test(
        "flowEnded is the last event: a handler suspended when the host ends the flow reports nothing after it",
        arguments: [false, true])
    func nothingAfterFlowEnded(handlerThrows: Bool) async throws {
        let slow = SuspendingHandler()
        let h = NavigatorTestHarness(flow(screen("a", .custom(name: "slow", argument: nil))), handlers: ["slow": slow])
        let id = try await h.start()
        let before = h.presenter.lines.count
        let running = Task { await h.navigator.tap(.primary, on: id) }
        await slow.waitUntilStarted()  // the action is suspended in the handler
        await h.navigator.end(.quit)
        #expect(await running.value == .ignoredFlowEnded)
        slow.release(throwing: handlerThrows ? TestFailure("network down") : nil)
        // Counted from the documented order: actionTapped, the busy update, stepRun, and
        // then only flowEnded (no handlerResult, stepFailed or final screenUpdated).
        #expect(Array(h.presenter.lines.dropFirst(before)) == [
            "actionTapped primary Go", "screenUpdated a busy", "stepRun slow", "flowEnded quit",
        ])
        #expect(await h.navigator.outcome == .quit)
        #expect(await !h.navigator.isBusy)
    }

    @Test("a refused navigate before start leaves the navigator unstarted, so start still works")
    func refusedNavigateBeforeStart() async throws {
        let h = NavigatorTestHarness(flow(screen("a"), screen("b")))
        await #expect(throws: NavigatorError.navigation(.noStack(operation: "pop"))) {
            try await h.navigator.navigate(.pop)
        }
        await #expect(throws: NavigatorError.navigation(.noStack(operation: "replace"))) {
            try await h.navigator.navigate(.replace("b"))
        }
        await #expect(throws: NavigatorError.unknownScreen("nowhere")) {
            try await h.navigator.navigate(.push("nowhere"))
        }
        #expect(h.presenter.events.isEmpty)
        try await h.navigator.start()
        #expect(await h.stacks() == [["a"]])
        #expect(h.presenter.shownScreens == ["a"])
    }

    @Test("a start whose screen is missing leaves the navigator unstarted; a later start still checks it")
    func failedStartCanBeRetried() async throws {
        let h = NavigatorTestHarness(Flow(id: "f", start: "missing", screens: [screen("a")]))
        await #expect(throws: NavigatorError.unknownScreen("missing")) { try await h.navigator.start() }
        await #expect(throws: NavigatorError.unknownScreen("missing")) { try await h.navigator.start() }
        #expect(await h.navigator.state.navigation.isEmpty)
        #expect(h.presenter.events.isEmpty)
    }
}
