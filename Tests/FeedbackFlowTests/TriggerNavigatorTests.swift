import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation
import Testing

/// `FlowNavigator.handle(event:context:)` with a fake clock and a history: each rule of
/// the trigger, the order they are checked in, and what a presentation records.
@Suite("Triggers on the navigator, with a fake clock")
struct TriggerNavigatorTests {
    static let day: TimeInterval = 86_400
    /// 2026-01-01T00:00:00Z (`date -u -d 2026-01-01 +%s` = 1767225600).
    static let dayZero = Date(timeIntervalSince1970: 1_767_225_600)

    /// A one-screen flow whose submit sends feedback, triggered by `callEnded` when
    /// `call.maxParticipants > 1`, with `limit` and an optional validator.
    static func flow(limit: PresentationLimit = PresentationLimit(), validator: String? = nil) -> Flow {
        let rate = FeedbackConfiguration(
            id: "rate", style: .feedback(image: "logo"), title: "Rate", subtitle: nil,
            primaryAction: .button(ActionButton(title: "Send", action: [.collectUserFeedback(rating: "4"), .dismiss])),
            secondaryAction: .none, extraContent: [])
        return Flow(
            id: "call-quality", start: "rate", screens: [rate],
            context: [ValueDeclaration(name: "call.maxParticipants", type: ValueType(.integer))],
            events: [EventDeclaration(name: "callEnded", payload: [ValueDeclaration(name: "durationSeconds", type: ValueType(.integer, isOptional: true))])],
            trigger: PresentationTrigger(event: "callEnded", when: "call.maxParticipants > 1", validator: validator, limit: limit))
    }

    static func navigator(
        _ flow: Flow, at date: Date, history: any PresentationHistory, validators: [String: Bool] = [:], quietPeriod: Int? = nil,
        sink: RecordingFeedbackSink = RecordingFeedbackSink()
    ) -> FlowNavigator {
        var registry = ActionHandlerRegistry(feedbackSink: sink)
        for (name, answer) in validators { registry.registerValidator(name, AnsweringTriggerValidator(answer)) }
        return FlowNavigator(flow: flow, registry: registry, now: { date }, history: history, quietPeriod: quietPeriod.map { .seconds($0) })
    }

    @Test("a presented flow starts, and its presentation is recorded at the clock's time")
    func presents() async throws {
        let history = InMemoryPresentationHistory()
        let navigator = Self.navigator(Self.flow(), at: Self.dayZero, history: history)
        let decision = await navigator.handle(event: "callEnded", context: ["call.maxParticipants": 3])
        #expect(decision == .present)
        #expect(await navigator.snapshot()?.instance.screenID == "rate")
        #expect(await history.records() == [PresentationRecord(flowID: "call-quality", kind: .presented, date: Self.dayZero)])
    }

    @Test("a false condition says which part was false and the values it saw; nothing starts or is recorded")
    func conditionFalse() async {
        let history = InMemoryPresentationHistory()
        let navigator = Self.navigator(Self.flow(), at: Self.dayZero, history: history)
        let decision = await navigator.handle(event: "callEnded", context: ["call.maxParticipants": 1])
        guard case .suppressed(.conditionFalse(let why)) = decision else {
            Issue.record("expected conditionFalse, got \(decision)")
            return
        }
        #expect(why.description == "call.maxParticipants > 1: 1 > 1 is false")
        #expect(await navigator.snapshot() == nil)
        #expect(await history.records().isEmpty)
    }

    @Test("a value of the wrong type for a declared name is refused before the condition")
    func contextMismatch() async {
        let navigator = Self.navigator(Self.flow(), at: Self.dayZero, history: InMemoryPresentationHistory())
        let decision = await navigator.handle(event: "callEnded", context: ["call.maxParticipants": "two"])
        #expect(decision == .suppressed(.contextMismatch(name: "call.maxParticipants", expected: ValueType(.integer), found: "two")))
    }

    @Test("the validator is asked last: a false condition never reaches it; a missing one fails")
    func validatorOrder() async {
        let flow = Self.flow(validator: "isCallCreator")
        let rejected = await Self.navigator(flow, at: Self.dayZero, history: InMemoryPresentationHistory(), validators: ["isCallCreator": false])
            .handle(event: "callEnded", context: ["call.maxParticipants": 2])
        #expect(rejected == .suppressed(.validatorRejected("isCallCreator")))
        // With one participant the condition fails first, even though no validator is registered.
        let condition = await Self.navigator(flow, at: Self.dayZero, history: InMemoryPresentationHistory())
            .handle(event: "callEnded", context: ["call.maxParticipants": 1])
        #expect(condition.description.hasPrefix("not presented: condition false"))
        let missing = await Self.navigator(flow, at: Self.dayZero, history: InMemoryPresentationHistory())
            .handle(event: "callEnded", context: ["call.maxParticipants": 2])
        #expect(missing == .suppressed(.validatorFailed(name: "isCallCreator", message: "no validator registered for 'isCallCreator'")))
    }

    @Test("maxPresentations per period counts a sliding window and says when it frees up")
    func maxPerPeriod() async {
        let limit = PresentationLimit(maxPresentations: 2, per: .seconds(30 * Self.day))
        let records = [0.0, 10].map {
            PresentationRecord(flowID: "call-quality", kind: .presented, date: Self.dayZero.addingTimeInterval($0 * Self.day))
        }
        let history = InMemoryPresentationHistory(records: records)
        let day20 = Self.dayZero.addingTimeInterval(20 * Self.day)
        let held = await Self.navigator(Self.flow(limit: limit), at: day20, history: history)
            .handle(event: "callEnded", context: ["call.maxParticipants": 2])
        // Two presentations in the last 30 days; the first leaves the window on day 30.
        #expect(held == .suppressed(.limitReached(LimitReached(
            kind: .maxPresentations, count: 2, limit: 2, period: 30 * Int(Self.day), since: Self.dayZero,
            freesUpAt: Self.dayZero.addingTimeInterval(30 * Self.day)))))
        let day30 = Self.dayZero.addingTimeInterval(30 * Self.day)
        let shown = await Self.navigator(Self.flow(limit: limit), at: day30, history: history)
            .handle(event: "callEnded", context: ["call.maxParticipants": 2])
        #expect(shown == .present)
    }

    @Test("the quiet period counts presentations of every flow in the history")
    func quietPeriod() async {
        let other = PresentationRecord(flowID: "nps-survey", kind: .presented, date: Self.dayZero)
        let history = InMemoryPresentationHistory(records: [other])
        let decision = await Self.navigator(
            Self.flow(), at: Self.dayZero.addingTimeInterval(Self.day), history: history, quietPeriod: 2 * Int(Self.day)
        ).handle(event: "callEnded", context: ["call.maxParticipants": 2])
        guard case .suppressed(.limitReached(let limit)) = decision else {
            Issue.record("expected limitReached, got \(decision)")
            return
        }
        #expect(limit.kind == .quietPeriod)
        #expect(limit.otherFlow == "nps-survey")
        #expect(limit.freesUpAt == Self.dayZero.addingTimeInterval(2 * Self.day))
    }

    @Test("a submission in a flow a trigger presented records a response, and untilResponded then holds it back")
    func untilResponded() async throws {
        let history = InMemoryPresentationHistory()
        let flow = Self.flow(limit: PresentationLimit(untilResponded: true))
        let first = Self.navigator(flow, at: Self.dayZero, history: history)
        #expect(await first.handle(event: "callEnded", context: ["call.maxParticipants": 2]) == .present)
        let top = try #require(await first.snapshot())
        #expect(await first.tap(.primary, on: top.instance.id) == .ran)
        #expect(await history.records().map(\.kind) == [.presented, .responded])
        let later = await Self.navigator(flow, at: Self.dayZero.addingTimeInterval(400 * Self.day), history: history)
            .handle(event: "callEnded", context: ["call.maxParticipants": 2])
        guard case .suppressed(.limitReached(let limit)) = later else {
            Issue.record("expected limitReached, got \(later)")
            return
        }
        #expect(limit.kind == .untilResponded)
        #expect(limit.freesUpAt == nil)
    }

    @Test("a history file keeps records as JSON lines, reads them back, and names the line it cannot read")
    func historyFile() async throws {
        let path = temporaryPath("history.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let history = JSONFilePresentationHistory(path: path)
        #expect(try await history.records().isEmpty)
        let record = PresentationRecord(flowID: "call-quality", kind: .presented, date: Self.dayZero)
        try await history.record(record)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"at\":\"2026-01-01T00:00:00Z\",\"flow\":\"call-quality\",\"kind\":\"presented\"}\n")
        #expect(try await history.records() == [record])
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"flow\": 3}\n".utf8))
        try handle.close()
        await #expect(throws: HistoryFileError(path: path, line: 2, reason: "not a record like {\"at\":\"2026-12-01T10:00:00Z\",\"flow\":\"ID\",\"kind\":\"presented\"}")) {
            try await history.records()
        }
    }
}
