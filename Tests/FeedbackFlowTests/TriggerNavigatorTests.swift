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
            kind: .maxPresentations, count: 2, limit: 2, window: .seconds(30 * Self.day), since: Self.dayZero,
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
        let history = JSONFilePresentationHistory(file: URL(filePath: path))
        #expect(try await history.records().isEmpty)
        let record = PresentationRecord(flowID: "call-quality", kind: .presented, date: Self.dayZero)
        try await history.record(record)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"at\":\"2026-01-01T00:00:00Z\",\"flow\":\"call-quality\",\"kind\":\"presented\"}\n")
        #expect(try await history.records() == [record])
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"flow\": 3}\n".utf8))
        try handle.close()
        await #expect(throws: HistoryFileError(file: URL(filePath: path), line: 2, reason: "not a record like {\"at\":\"2026-12-01T10:00:00Z\",\"flow\":\"ID\",\"kind\":\"presented\"}")) {
            try await history.records()
        }
    }

    @Test("a history file named by a relative path is named so in its errors")
    func relativeHistoryFile() async throws {
        let folder = temporaryPath("relative-history")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("{\"flow\": 3}\n".utf8).write(to: URL(filePath: folder + "/history.jsonl"))
        let relative = Self.relativePath(of: folder + "/history.jsonl")
        let error = await #expect(throws: HistoryFileError.self) {
            try await JSONFilePresentationHistory(file: URL(filePath: relative)).records()
        }
        #expect(error?.description.hasPrefix(relative + ":1: not a record like") == true)
    }

    /// The absolute `path` relative to the working directory, `../` as needed.
    static func relativePath(of path: String) -> String {
        let here = FileManager.default.currentDirectoryPath.split(separator: "/")
        let there = path.split(separator: "/")
        let shared = zip(here, there).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: here.count - shared) + there.dropFirst(shared).map(String.init)).joined(separator: "/")
    }

    @Test("the seconds and path spellings of the last release: LimitReached's period, the history's path and its error's path")
    @available(*, deprecated)
    func secondsAndPathSpellings() async throws {
        var reached = LimitReached(kind: .maxPresentations, count: 2, limit: 2, period: 86_400, freesUpAt: nil)
        #expect(reached == LimitReached(kind: .maxPresentations, count: 2, limit: 2, window: .seconds(86_400), freesUpAt: nil))
        #expect(reached.period == 86_400 && reached.window == .seconds(86_400) && reached.duration == nil)
        reached.window = .milliseconds(1500)
        #expect(reached.period == 2)
        let spacing = LimitReached(kind: .minInterval, count: 1, limit: 604_800, freesUpAt: nil)
        #expect(spacing.duration == .seconds(604_800) && spacing.window == nil && spacing.period == nil)

        let path = temporaryPath("history.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let history = JSONFilePresentationHistory(path: path)
        #expect(history.path == path && history.file == URL(filePath: path))
        try Data("{\"flow\": 3}\n".utf8).write(to: URL(filePath: path))
        let reason = "not a record like {\"at\":\"2026-12-01T10:00:00Z\",\"flow\":\"ID\",\"kind\":\"presented\"}"
        await #expect(throws: HistoryFileError(file: URL(filePath: path), line: 1, reason: reason)) { try await history.records() }
        var error = HistoryFileError(file: URL(filePath: path), line: 1, reason: reason)
        #expect(error.path == path && error.description == "\(path):1: \(reason)")
        error.path = "elsewhere.jsonl"
        #expect(error.file.path() == URL(filePath: "elsewhere.jsonl").path() && error.description == "elsewhere.jsonl:1: \(reason)")
    }
}
