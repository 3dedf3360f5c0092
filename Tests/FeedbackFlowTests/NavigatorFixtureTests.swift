import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation
import Testing

/// The navigator on flows read from files (`Fixtures/navigator/…`) through the real
/// loader, decoder and validator.
@Suite("Navigator on fixture files")
struct NavigatorFixtureTests {
    @Test("every navigation step of the action table, tapped through a file-defined flow")
    func steps() async throws {
        let h = NavigatorTestHarness(try DecodingFixture.flow("navigator/steps.yaml"))
        _ = try await h.start()
        var trace: [[[String]]] = [await h.stacks()]
        for slot: ActionSlot in [.primary, .primary, .secondary, .secondary, .primary, .secondary, .primary, .secondary] {
            #expect(try await h.tapTop(slot) == .ran)
            trace.append(await h.stacks())
        }
        #expect(trace == [
            [["home"]],
            [["home", "second"]],                // push
            [["home", "second", "third"]],       // push
            [["home", "second"]],                // popTo second
            [["home", "swapped"]],               // replace
            [["home"]],                          // pop
            [["home"], ["modal"]],               // present
            [["home"]],                          // dismiss
            [["home"], ["modal"]],               // present again
        ])
        #expect(try await h.tapTop(.secondary) == .ran)  // finish: fromModal
        #expect(await h.navigator.outcome == FlowOutcome("fromModal"))
    }

    @Test("popToRoot from a file flow keeps the first screen")
    func popToRoot() async throws {
        let h = NavigatorTestHarness(try DecodingFixture.flow("navigator/steps.yaml"))
        _ = try await h.start()
        try await h.tapTop(.primary)
        try await h.tapTop(.primary)
        try await h.tapTop(.primary)
        #expect(await h.stacks() == [["home"]])
    }

    @Test("the network-error retry button fails, keeps the screen, then reaches the success screen")
    func networkErrorRetry() async throws {
        let reconnect = FailingHandler(message: "no route to host", failures: 1)
        let h = NavigatorTestHarness(try DecodingFixture.flow("navigator/network-error.yaml"), handlers: ["reconnect": reconnect])
        _ = try await h.start()
        let offline = try #require(await h.navigator.snapshot())
        #expect(offline.subtitle == "Check your connection (offline in network-error).")
        #expect(offline.primary?.kind == .retryButton)
        #expect(offline.primary?.title == "Try again")

        try await h.tapTop()
        #expect(await h.navigator.snapshot()?.errorMessage == "no route to host")
        #expect(await h.stacks() == [["offline"]])
        try await h.tapTop()
        #expect(await h.stacks() == [["offline", "online"]])
        try await h.tapTop()
        #expect(await h.navigator.outcome == .finished)
    }

    @Test("the network-error retry button shows 'Trying…' while the handler runs")
    func networkErrorLoading() async throws {
        let reconnect = SuspendingHandler()
        let h = NavigatorTestHarness(try DecodingFixture.flow("navigator/network-error.yaml"), handlers: ["reconnect": reconnect])
        let offline = try await h.start()
        let running = Task { await h.navigator.tap(.primary, on: offline) }
        await reconnect.waitUntilStarted()
        #expect(await h.navigator.snapshot()?.primary?.title == "Trying…")
        #expect(await h.navigator.tap(.primary, on: offline) == .ignoredBusy)
        reconnect.release()
        #expect(await running.value == .ran)
        #expect(reconnect.startedCount == 1)
    }

    @Test("a custom step from a file gets its argument rendered; its failure runs onFailure")
    func customStepOnFailure() async throws {
        let h = NavigatorTestHarness(try DecodingFixture.flow("navigator/network-error.yaml"))
        _ = try await h.start()
        try await h.tapTop(.secondary)
        #expect(await h.stacks() == [["offline"], ["report-failed"]])
        #expect(h.presenter.lines.contains("stepFailed sendReport: no handler registered for 'sendReport'"))

        let recorder = RecordingActionHandler()
        let ok = NavigatorTestHarness(try DecodingFixture.flow("navigator/network-error.yaml"), handlers: ["sendReport": recorder])
        _ = try await ok.start()
        try await ok.tapTop(.secondary)
        #expect(recorder.invocations.first?.argument == .object([
            "from": .string("offline"), "tags": .list([.string("offline"), .string("network-error")]),
            "count": .number("2"),
        ]))
    }

    @Test("the call-quality file flow submits the rendered feedback and thanks by email")
    func callQuality() async throws {
        let h = NavigatorTestHarness(try DecodingFixture.flow("navigator/call-quality.yaml"))
        _ = try await h.start()
        #expect(try await h.tapTop(.primary) == .ignoredDisabled)
        try await h.navigator.setField("email", to: .text("ada@example.com"))
        try await h.navigator.setField("comment", to: .text("Crystal clear"))
        try await h.navigator.setField("rating", to: .rating(5))
        #expect(try await h.tapTop(.primary) == .ran)
        let submission = try #require(h.sink.submissions.first)
        #expect(submission.rating == 5)
        #expect(submission.reason == "ada@example.com\nCrystal clear")
        #expect(submission.custom == ["callWasAwesome": .bool(true), "source": .string("rate-call")])
        #expect(await h.navigator.snapshot()?.title == "Thank you, ada@example.com!")
        try await h.tapTop()
        #expect(await h.navigator.outcome == .dismissed)
    }
}
