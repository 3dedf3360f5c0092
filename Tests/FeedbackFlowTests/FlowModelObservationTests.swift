import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Observation
import Testing

/// `FlowModel` as SwiftUI sees it: which observed parts a change invalidates, read with
/// `withObservationTracking` (what SwiftUI uses), and the stack and field bindings.
@MainActor
struct FlowModelObservationTests {
    /// Counts the `onChange` calls of one `withObservationTracking` over `read`: SwiftUI
    /// redraws a view once per such call.
    final class Invalidations: Sendable {
        private let count = LockedBox(0)
        var value: Int { count.withLock { $0 } }

        @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
        @MainActor
        init(_ read: @escaping @MainActor () -> Void) {
            withObservationTracking(read) { [count] in count.withLock { $0 += 1 } }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    static func model(handler: (any ActionHandler)? = nil) throws -> FlowModel {
        let (flow, registry) = try MainActorFrontTests.callQuality(handler: handler)
        return FlowModel(flow: flow, registry: registry)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a field edit shows at once and invalidates readers of the fields, not readers of the stacks")
    func fieldEditInvalidatesFieldsOnly() async throws {
        let model = try Self.model()
        try await model.front.start()
        let stacks = Invalidations { _ = model.stacks }
        let fields = Invalidations { _ = model.rating("rating") }
        let edit = model.setRating(4, for: "rating")
        #expect(model.rating("rating") == 4)  // before the navigator has it: a binding reads back what it set
        #expect(fields.value == 1)
        await edit.value
        #expect(model.rating("rating") == 4)
        #expect(await model.front.navigator.rating("rating") == 4)
        #expect(stacks.value == 0)
        #expect(model.lastError == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a refused edit is undone and kept in lastError")
    func refusedEdit() async throws {
        let model = try Self.model()
        try await model.front.start()
        await model.setRating(9, for: "rating").value
        #expect(model.rating("rating") == 1)
        guard case .field(.outOfRange)? = model.lastError else {
            Issue.record("expected an out-of-range refusal, got \(String(describing: model.lastError))")
            return
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a tap that pushes invalidates readers of the stacks; the pushed screen is on the stack's path")
    func pushInvalidatesStacks() async throws {
        let model = try Self.model()
        try await model.front.start()
        #expect(model.stacks.map(\.root.screenID) == ["rate"])
        let stacks = Invalidations { _ = model.stacks }
        let top = try #require(model.top)
        #expect(await model.tap(.primary, on: top.instance.id).value == .ran)
        #expect(stacks.value == 1)
        #expect(model.stacks.count == 1)
        #expect(model.stacks[0].path.map(\.screenID) == ["thanks"])
        #expect(model.top?.title == "Thank you!")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a running action shows in isBusy and in the screen's snapshot until it ends")
    func busyWhileRunning() async throws {
        let handler = SuspendingHandler()
        let model = try Self.model(handler: handler)
        try await model.front.start()
        let busy = Invalidations { _ = model.isBusy }
        let top = try #require(model.top)
        let tap = model.tap(.primary, on: top.instance.id)
        await handler.waitUntilStarted()
        #expect(model.isBusy)
        #expect(busy.value == 1)
        #expect(model.snapshot(of: top.instance.id)?.isBusy == true)
        handler.release()
        #expect(await tap.value == .ran)
        #expect(!model.isBusy)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("calls made after a tap wait only until it is taken: a field is edited and the sheet closed while its action runs")
    func callsAfterATapDoNotWaitForItsAction() async throws {
        let handler = SuspendingHandler()
        let model = try Self.model(handler: handler)
        try await model.front.start()
        let top = try #require(model.top)
        let tap = model.tap(.primary, on: top.instance.id)
        await handler.waitUntilStarted()
        // The handler never returns on its own: the edit and the close must not wait for it.
        await model.setText("Still loud", for: "comment").value
        #expect(model.text("comment") == "Still loud")
        await model.dismissStack(model.stacks[0].id).value
        #expect(await tap.value == .closedWhileRunning)
        #expect(model.outcome == .dismissed)
        #expect(model.lastError == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a NavigationStack path set shorter pops; a sheet closed dismisses its stack and the ones above")
    func bindingsNavigate() async throws {
        let model = FlowModel(FeedbackNavigator())
        let front = model.front
        try await front.presentFeedback(configuration: MainActorFrontTests.screen("a"))
        try await front.pushFeedback(configuration: MainActorFrontTests.screen("b"))
        try await front.pushFeedback(configuration: MainActorFrontTests.screen("c"))
        try await front.presentFeedback(configuration: MainActorFrontTests.screen("d"))
        #expect(model.stack(above: nil)?.root.screenID == "a")
        #expect(model.stack(above: 0)?.root.screenID == "d")
        #expect(model.stack(above: 1) == nil)
        // The sheet on top is closed; then the person goes back one screen on the first.
        let first = model.stacks[0].id, sheet = model.stacks[1].id
        // The first stack is not the top one while the sheet is up: its path takes no pops.
        await model.setPath([], of: first).value
        #expect(model.stacks[0].path.map(\.screenID) == ["b", "c"])
        await model.dismissStack(sheet).value
        #expect(model.stacks.map { [$0.root.screenID] + $0.path.map(\.screenID) } == [["a", "b", "c"]])
        // A sheet already closed closes nothing more.
        await model.dismissStack(sheet).value
        #expect(model.stacks.count == 1)
        await model.setPath(Array(model.stacks[0].path.prefix(1)), of: first).value
        #expect(model.stacks[0].path.map(\.screenID) == ["b"])
        // A longer path is not the view's to make: nothing changes.
        await model.setPath(model.stacks[0].path + model.stacks[0].path, of: first).value
        #expect(model.stacks[0].path.map(\.screenID) == ["b"])
        await model.dismissStack(first).value
        #expect(model.stacks.isEmpty)
        #expect(model.outcome == .dismissed)
    }
}
