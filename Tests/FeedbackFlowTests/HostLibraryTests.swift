import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// What an app developer meets first, written against the public API only (no `package`
/// symbol): each test pins one point where the library must do what a Swift developer
/// expects. Expected values come from the format's rules and the documented API, not a run.
@Suite("Host library")
struct HostLibraryTests {
    static func fixture(_ name: String) throws -> (path: String, text: String) {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/host/\(name)", withExtension: nil))
        return (url.path, try String(contentsOf: url, encoding: .utf8))
    }

    @Test("a flow file compiled from its URL and from its path, the spelling of the last release, compiles alike")
    @available(*, deprecated)
    func compilePath() throws {
        let path = try Self.fixture("contact.flow.yaml").path
        let options = CompileOptions(knownHandlers: ["track"])
        let fromPath = FlowCompiler.compile(path: path, options: options)
        #expect(fromPath.flow == FlowCompiler.compile(contentsOf: URL(filePath: path), options: options).flow)
        #expect(fromPath.flow != nil && fromPath.diagnostics.isEmpty)
    }

    static func contactFlow() throws -> Flow {
        let compilation = FlowCompiler.compile(contentsOf: URL(filePath: try fixture("contact.flow.yaml").path), options: CompileOptions(knownHandlers: ["track"]))
        #expect(!compilation.hasErrors, "\(compilation.diagnostics)")
        return try #require(compilation.flow)
    }

    @Test("a link built in Swift equals the same link read from a file")
    func linkEquality() throws {
        let screen = try #require(try Self.contactFlow().screen("ask"))
        let inSwift = FeedbackSecondaryAction.link(ActionButton(title: "Contact us", action: [.openURL("https://example.com/contact")]))
        #expect(screen.secondaryAction == inSwift)
        #expect(screen.secondaryAction.kind == .link)
        #expect(inSwift.kind == .link)
        // The same button under another case is another kind, so not equal.
        #expect(screen.secondaryAction != .button(ActionButton(title: "Contact us", action: [.openURL("https://example.com/contact")])))
    }

    @Test("content blocks built with the short constructors equal the blocks read from a file, and say their name and field id")
    func blocksInSwift() throws {
        let blocks = try #require(try Self.contactFlow().screen("ask")).extraContent
        #expect(blocks == [
            .text("We read every message."),
            .textField(id: "email", label: "Email", placeholder: "you@example.com", format: .email),
            .toggle(id: "agree", label: "You may contact me"),
            .rating(id: "stars", label: "Stars", value: 4),
        ])
        // The names are the keys of `extraContent` in the format.
        #expect(blocks.map(\.name) == ["text", "textField", "toggle", "rating"])
        #expect(blocks.map(\.fieldID) == [nil, "email", "agree", "stars"])
        #expect(blocks[1].field?.kind.name == "textField")
    }

    @Test("compile(text:name:) reads a name ending in .json as strict JSON, unless format says otherwise")
    func textSyntaxFromName() throws {
        let text = try Self.fixture("commented.json").text
        // RFC 8259 has no comments: as JSON the text is a syntax error.
        let asJSON = FlowCompiler.compile(text: text, name: "commented.json")
        #expect(asJSON.diagnostics.map(\.code).contains("syntax-error"))
        #expect(FlowCompiler.compile(text: text, name: "COMMENTED.JSON").hasErrors)
        // YAML allows a comment line; the rest is a JSON-style flow mapping YAML reads too.
        let asYAML = FlowCompiler.compile(text: text, format: .yaml, name: "commented.json")
        #expect(!asYAML.hasErrors, "\(asYAML.diagnostics)")
        #expect(asYAML.flow?.id == "commented")
        #expect(DocumentFormat(path: "a/b.flow.json") == .json)
        #expect(DocumentFormat(path: "a/b.flow.yml") == .yaml)
    }

    @Test("outcomes and values take literals")
    func literals() async throws {
        let navigator = FlowNavigator(id: "literals")
        _ = try await navigator.presentFeedback(configuration: FeedbackConfiguration(style: .success, title: "Hi", primaryAction: .none))
        await navigator.end("closed")
        #expect(await navigator.outcome == FlowOutcome("closed"))
        let custom: [String: FlowValue] = ["source": "app", "stars": 5, "ratio": 0.5, "ok": true, "tags": ["a", "b"], "more": ["n": 1]]
        #expect(custom == [
            "source": .string("app"), "stars": .number("5"), "ratio": .number("0.5"), "ok": .bool(true),
            "tags": .list([.string("a"), .string("b")]), "more": .object(["n": .number("1")]),
        ])
    }

    @Test("the stacks read bottom stack first, each from its root to its top")
    func stacks() async throws {
        let navigator = FlowNavigator(id: "stacks")
        #expect(await navigator.stacks.isEmpty)
        let a = try await navigator.presentFeedback(configuration: FeedbackConfiguration(id: "a", style: .success, title: "A", primaryAction: .none))
        let b = try await navigator.presentFeedback(configuration: FeedbackConfiguration(id: "b", style: .success, title: "B", primaryAction: .none))
        let c = try await navigator.pushFeedback(configuration: FeedbackConfiguration(id: "c", style: .success, title: "C", primaryAction: .none))
        #expect(await navigator.stacks == [[a], [b, c]])
        #expect(await navigator.stacks.last?.last == c)
        #expect(await navigator.snapshot()?.instance == c)
        try await navigator.navigate(.pop)
        #expect(await navigator.stacks == [[a], [b]])
        #expect(c.screenID == "c" && ScreenInstance(id: ScreenInstanceID(rawValue: c.id.rawValue), screenID: "c") == c)
    }

    @Test("a button's closure submits feedback as the step does: the same sink, rating rule, a new key, its flow and screen")
    func closureSubmitsFeedback() async throws {
        let sink = RecordingFeedbackSink()
        let when = Date(timeIntervalSince1970: 1_714_564_800)
        let screen = FeedbackConfiguration(
            id: "rate", style: .informative, title: "How was the call?",
            primaryAction: .button(title: "Submit") { call in
                try await call.collectUserFeedback(
                    rating: 5, reason: "it worked great!", custom: ["callWasAwesome": .bool(true)])
            },
            secondaryAction: .button(title: "Too high") { call in
                try await call.collectUserFeedback(rating: 6)
            })
        let navigator = FlowNavigator(id: "call-feedback", registry: ActionHandlerRegistry(feedbackSink: sink), now: { when })
        let shown = try await navigator.presentFeedback(configuration: screen)
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        let sent = sink.submissions
        #expect(sent.count == 2)
        let first = try #require(sent.first)
        #expect(first.rating == 5 && first.reason == "it worked great!" && first.custom == ["callWasAwesome": .bool(true)])
        #expect(first.flowID == "call-feedback" && first.screenID == "rate" && first.submittedAt == when)
        // Each submission has its own idempotency key: a version 4 UUID in lower-case hex (RFC 9562).
        #expect(sent[0].id != sent[1].id)
        #expect(sent.allSatisfy { $0.id.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil })
        // A rating outside 1...5 fails the step with the step's own message; nothing is sent.
        #expect(await navigator.tap(.secondary, on: shown.id) == .ran)
        #expect(await navigator.snapshot()?.errorMessage == "collectUserFeedback: rating must be a whole number from 1 to 5, got '6'")
        #expect(sink.submissions.count == 2)
    }

    @Test("a submission from a closure goes through an outbox like a step's, and is kept until delivered")
    func closureThroughOutbox() async throws {
        let folder = temporaryPath("closure-outbox")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let delivery = RecordingFeedbackSink(failing: 1)
        let outbox = OutboxFeedbackSink(file: URL(filePath: folder + "/outbox.jsonl"), delivery: delivery)
        let navigator = FlowNavigator(id: "call-feedback", registry: ActionHandlerRegistry(feedbackSink: outbox))
        let shown = try await navigator.presentFeedback(configuration: FeedbackConfiguration(
            style: .informative, title: "Rate",
            primaryAction: .button(title: "Send") { call in try await call.collectUserFeedback(rating: 3) }))
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        // The first delivery failed: the outbox kept it, so the step succeeded.
        #expect(await navigator.snapshot()?.errorMessage == nil)
        #expect(delivery.submissions.isEmpty)
        #expect(try await outbox.records().count == 1)
        let result = try await outbox.flush(startingNow: true)
        #expect(result.delivered.count == 1, "\(result)")
        #expect(delivery.submissions.map(\.rating) == [3])
        #expect(delivery.submissions.first?.flowID == "call-feedback")
    }

    @Test("a flow built in code is checked when it is built: a push to a screen no one built throws, before any tap")
    func flowBuiltInCodeIsChecked() async throws {
        let rate = FeedbackConfiguration(
            id: "rate", style: .informative, title: "Rate the call",
            primaryAction: .button(ActionButton(title: "Send", action: [.collectUserFeedback(rating: "${stars}"), .push("thanks")])),
            extraContent: [.rating(id: "stars")])
        var again = rate
        again.id = "again"
        again.extraContent = []
        #expect(throws: FlowValidationError.self) { try Flow(checking: "call-feedback", screens: [rate]) }
        do {
            _ = try Flow(checking: "call-feedback", screens: [rate, again])
        } catch {
            // One error per screen that names the missing screen, each saying which screen.
            #expect(error.description == """
                error: unknown screen 'thanks' ('push' target on screen 'rate') [unknown-screen]
                error: unknown screen 'thanks' ('push' target on screen 'again') [unknown-screen]
                """)
        }
        let thanks = FeedbackConfiguration(
            id: "thanks", style: .success, title: "Thank you!",
            primaryAction: .button(ActionButton(title: "Done", action: [.dismiss])))
        let flow = try Flow(checking: "call-feedback", screens: [rate, thanks])
        #expect(flow.start == "rate")
        let sink = RecordingFeedbackSink()
        let navigator = FlowNavigator(flow: flow, registry: ActionHandlerRegistry(feedbackSink: sink))
        try await navigator.start()
        let top = try #require(await navigator.snapshot())
        #expect(await navigator.tap(.primary, on: top.instance.id) == .ran)
        #expect(await navigator.stacks.map { $0.map(\.screenID) } == [["rate", "thanks"]])
        #expect(sink.submissions.map(\.flowID) == ["call-feedback"])
    }

    @Test("a custom step's argument leaf that is one ${…} keeps its type")
    func typedArgument() async throws {
        let handler = RecordingActionHandler()
        var registry = ActionHandlerRegistry()
        registry.register("track", handler)
        let navigator = FlowNavigator(flow: try Self.contactFlow(), registry: registry)
        try await navigator.start()
        try await navigator.setField("email", to: .text("a@example.com"))
        let top = try #require(await navigator.snapshot())
        #expect(await navigator.tap(.primary, on: top.instance.id) == .ran)
        let argument = try #require(handler.invocations.first?.argument)
        // stars is a rating starting at 4, agree a toggle starting off (docs/format-tour.md).
        #expect(argument == [
            "stars": .number("4"), "text": .string("rated 4"), "agree": .bool(false), "email": .string("a@example.com"),
            "source": .string("app"),
        ])
    }

    @Test("a closure's submission is reported to presenters as a collectUserFeedback handler result")
    func closureSubmissionEvents() async throws {
        let presenter = RecordingPresenter()
        let navigator = FlowNavigator(id: "events", presenters: [presenter])
        let shown = try await navigator.presentFeedback(configuration: FeedbackConfiguration(
            id: "rate", style: .informative, title: "Rate",
            primaryAction: .button(title: "Send") { call in try await call.collectUserFeedback(rating: 4) },
            secondaryAction: .button(title: "Bad") { call in try await call.collectUserFeedback(rating: 0) }))
        _ = await navigator.tap(.primary, on: shown.id)
        _ = await navigator.tap(.secondary, on: shown.id)
        let results = presenter.events.compactMap { event -> String? in
            if case .handlerResult = event { event.description } else { nil }
        }
        #expect(results == [
            "handlerResult collectUserFeedback success", "handlerResult perform success",
            "handlerResult collectUserFeedback failure: collectUserFeedback: rating must be a whole number from 1 to 5, got '0'",
            "handlerResult perform failure: collectUserFeedback: rating must be a whole number from 1 to 5, got '0'",
        ])
    }

    @Test("a running action kept after its tap ended submits nothing: one tap, at most one submission")
    func escapedActionSubmitsNothing() async throws {
        let sink = RecordingFeedbackSink()
        let kept = LockedBox<RunningAction?>(nil)
        let navigator = FlowNavigator(id: "escape", registry: ActionHandlerRegistry(feedbackSink: sink))
        let shown = try await navigator.presentFeedback(configuration: FeedbackConfiguration(
            style: .informative, title: "Rate",
            primaryAction: .button(title: "Send") { call in kept.withLock { $0 = call } }))
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        let call = try #require(kept.withLock { $0 })
        await #expect(throws: CancellationError.self) { try await call.collectUserFeedback(rating: 5) }
        // Nor once the flow has ended.
        await navigator.end(.dismissed)
        await #expect(throws: CancellationError.self) { try await call.collectUserFeedback(rating: 5) }
        #expect(sink.submissions.isEmpty)
    }

    @Test("a running action kept from one tap and used inside a later action of the same screen throws CancellationError and sends nothing")
    func keptActionInLaterActionSubmitsNothing() async throws {
        let sink = RecordingFeedbackSink()
        let kept = LockedBox<RunningAction?>(nil)
        let thrown = LockedBox<[String]>([])
        let navigator = FlowNavigator(id: "kept", registry: ActionHandlerRegistry(feedbackSink: sink))
        let shown = try await navigator.presentFeedback(configuration: FeedbackConfiguration(
            style: .informative, title: "Rate",
            primaryAction: .button(title: "Send") { call in
                // The first tap keeps its action; the second submits through the kept one.
                guard let first = kept.withLock({ $0 }) else { return kept.withLock { $0 = call } }
                do {
                    try await first.collectUserFeedback(rating: 5)
                } catch {
                    thrown.withLock { $0.append(error is CancellationError ? "cancelled" : "\(error)") }
                }
            }))
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        #expect(thrown.withLock { $0 } == ["cancelled"])
        #expect(sink.submissions.isEmpty)
    }

    @Test("a closure that submits twice in one tap sends one submission; the second call throws alreadySubmitted")
    func oneSubmissionPerAction() async throws {
        let sink = RecordingFeedbackSink()
        let second = LockedBox<StepError?>(nil)
        let navigator = FlowNavigator(id: "twice", registry: ActionHandlerRegistry(feedbackSink: sink))
        let shown = try await navigator.presentFeedback(configuration: FeedbackConfiguration(
            style: .informative, title: "Rate",
            primaryAction: .button(title: "Send") { call in
                try await call.collectUserFeedback(rating: 4)
                do { try await call.collectUserFeedback(rating: 5) } catch let error as StepError { second.withLock { $0 = error } }
            }))
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        #expect(sink.submissions.map(\.rating) == [4])
        #expect(second.withLock { $0 } == .alreadySubmitted)
        // The next tap is a new action: it submits once again.
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        #expect(sink.submissions.map(\.rating) == [4, 4])
    }

    @Test("an action of one navigator calling another, busy navigator is host navigation there, and refused")
    func actionsAreTheirNavigatorsOwn() async throws {
        let completion = Handoff<@Sendable () -> Void>()
        let busy = FlowNavigator(id: "busy")
        let waiting = try await busy.presentFeedback(configuration: FeedbackConfiguration(
            style: .error, title: "Offline",
            primaryAction: .retryButton(title: "Retry") { done in completion.put(done) }))
        let tap = Task { await busy.tap(.primary, on: waiting.id) }
        let finish = await completion.take()
        #expect(await busy.isBusy)
        let refusal = LockedBox<NavigatorError?>(nil)
        let other = FlowNavigator(id: "other")
        let shown = try await other.presentFeedback(configuration: FeedbackConfiguration(
            style: .informative, title: "Other",
            primaryAction: .button(title: "Go") {
                do throws(NavigatorError) {
                    _ = try await busy.pushFeedback(configuration: FeedbackConfiguration(style: .success, title: "Sneaked in", primaryAction: .none))
                } catch {
                    refusal.withLock { $0 = error }
                }
            }))
        #expect(await other.tap(.primary, on: shown.id) == .ran)
        #expect(refusal.withLock { $0 } == .busy)
        #expect(await busy.stacks.map { $0.map(\.screenID) } == [["feedback"]])
        finish()
        #expect(await tap.value == .ran)
    }

    @Test("a snapshot built for a preview is on top of the last stack unless told otherwise")
    func snapshotPosition() {
        let instance = ScreenInstance(id: ScreenInstanceID(rawValue: 7), screenID: "thanks")
        let top = ScreenSnapshot(instance: instance, flowID: "f", style: .success, title: "Thanks", stackDepths: [1, 3])
        #expect(top.isOnTop && top.stackIndex == 1 && top.indexInStack == 2)
        let below = ScreenSnapshot(
            instance: instance, flowID: "f", style: .success, title: "Thanks", isOnTop: false, stackIndex: 0, indexInStack: 0,
            stackDepths: [1, 3])
        #expect(!below.isOnTop && below.stackIndex == 0)
    }

    @Test("a closure step followed by a navigation step is checked: a flow built in code with it has no warning")
    func closureThenStepIsChecked() throws {
        let rate = FeedbackConfiguration(
            id: "rate", style: .informative, title: "Rate",
            primaryAction: .button(ActionButton(title: "Send", action: [
                .perform(StepClosure { call in try await call.collectUserFeedback(rating: 5) }), .push("thanks"),
            ])))
        let thanks = FeedbackConfiguration(
            id: "thanks", style: .success, title: "Thanks", primaryAction: .button(ActionButton(title: "Done", action: [.dismiss])))
        let flow = try Flow(checking: "call-feedback", screens: [rate, thanks])
        #expect(FlowCompiler.check(flow).isEmpty)
        var broken = rate
        broken.primaryAction = .button(ActionButton(title: "Send", action: [
            .perform(StepClosure { call in try await call.collectUserFeedback(rating: 5) }), .push("thank"),
        ]))
        #expect(throws: FlowValidationError.self) { try Flow(checking: "call-feedback", screens: [broken, thanks]) }
    }
}
