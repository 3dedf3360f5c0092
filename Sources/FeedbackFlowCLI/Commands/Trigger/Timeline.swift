import FlowCompile
import FlowSource
import FlowSystem
import FlowWorkspace

/// A timeline file of `trigger --timeline`: a list of entries, each
/// `{at, event, context, validator, responded}`, replayed in order with a fake clock.
///
/// - `at` (required): an ISO 8601 time with a zone, or `day N` (N whole days, 0 ≤ N ≤
///   36,500, after day 0, which is `--now`, by default 2026-01-01T00:00:00Z); entries
///   must not go back in time.
/// - `event` (required): the event's name.
/// - `context`: a mapping of values, typed as `--context` values are.
/// - `validator`: a mapping of validator names to `true`/`false`.
/// - `responded`: `true` records that the person responded when the flow was presented.
struct Timeline {
    struct Entry {
        var date: Date
        var event: String
        var context: [String: ExpressionValue]
        var validators: [String: Bool]
        var responded: Bool
    }

    /// The keys of an entry.
    static let keys = ["at", "event", "context", "validator", "responded"]
    /// The most entries replayed.
    static let maximumEntries = 100_000

    var entries: [Entry]

    /// The timeline in the file at `path`, for `flow`.
    /// - Throws: ``UsageError`` with every problem of the file, each at its
    ///   `file:line:column`.
    /// - Parameter flowFile: the flow's file, as messages name it.
    init(path: String, flow: Flow, flowFile: String, dayZero: Date?) throws(UsageError) {
        var session = DecodingSession()
        let root = try UsageError.loadRoot(path: path, source: "--timeline", session: &session)
        guard let items = root?.sequence else {
            throw UsageError("--timeline '\(path)': expected a list of entries", hint: "write '- {at: day 0, event: callEnded}'")
        }
        guard items.count <= Self.maximumEntries else {
            throw UsageError("--timeline '\(path)': more than \(Self.maximumEntries) entries")
        }
        let start = dayZero ?? TriggerInputs.defaultDayZero
        var entries: [Entry] = []
        for item in items {
            guard let entry = Self.entry(item, flow: flow, flowFile: flowFile, dayZero: start, session: &session) else { continue }
            if let last = entries.last, entry.date < last.date {
                session.report(
                    .invalidValue, "the entry goes back in time, before \(last.date.formatted(.iso8601))", at: item.span)
                continue
            }
            entries.append(entry)
        }
        if let problems = UsageError(decoding: session.diagnostics, source: "--timeline") { throw problems }
        self.entries = entries
    }

    /// One entry; `nil` after a problem reported to `session`.
    private static func entry(_ item: Node, flow: Flow, flowFile: String, dayZero: Date, session: inout DecodingSession) -> Entry? {
        guard let fields = session.mapping(item, expected: "an entry {at, event, …}") else { return nil }
        let suggested = session.checkKeys(fields, allowed: keys)
        let hint = "write '{at: day 0, event: callEnded}'"
        let at = session.required(fields, "at", expected: "a time", suggested: suggested, hint: hint)
        var event: String?
        if let node = session.required(fields, "event", expected: "an event name", suggested: suggested, hint: hint),
            let name = session.string(node)
        {
            if name.isBlank {
                session.report(.invalidValue, "an event name must not be empty", at: node.span, hint: hint)
            } else if let problem = TriggerInputs.eventProblem(name, flow: flow, file: flowFile) {
                session.report(.unknownEvent, problem.message, at: node.span, hint: problem.hint)
            } else {
                event = name
            }
        }
        var date: Date?
        if let at {
            date = at.string.flatMap { TriggerInputs.date($0, dayZero: dayZero) }
            if date == nil {
                session.report(
                    .invalidValue, "invalid time '\(at.string ?? "")'", at: at.span,
                    hint: "write 'day 3' or an ISO 8601 time such as 2026-12-01T10:00:00Z")
            }
        }
        let validators = TriggerInputs.validatorAnswers(fields, "validator", flow: flow, file: flowFile, session: &session)
        let responded = session.nonNullValue(fields, "responded", expected: "true or false").flatMap { session.bool($0) } ?? false
        // Typed by the event's payload when the event is known; checked even when the
        // entry has another problem.
        let declaration = flow.events.first { $0.name == event }
        let context = session.nonNullValue(fields, "context", expected: "a mapping of names to values").map {
            ContextFileReader.values(of: $0, flow: flow, event: declaration, session: &session)
        } ?? [:]
        guard let date, let event else { return nil }
        return Entry(date: date, event: event, context: context, validators: validators, responded: responded)
    }
}
