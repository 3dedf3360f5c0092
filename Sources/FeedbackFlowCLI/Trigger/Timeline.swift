#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowTerminal

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
    /// Day 0 when `--now` is not given: 2026-01-01T00:00:00Z.
    static let defaultDayZero = Date(timeIntervalSince1970: 1_767_225_600)
    /// The most entries replayed.
    static let maximumEntries = 100_000

    var entries: [Entry]

    /// The timeline in the file at `path`, for `flow`.
    /// - Throws: ``UsageError`` at `file:line:column` for anything malformed.
    init(path: String, flow: Flow, dayZero: Date?) throws(UsageError) {
        let document = DocumentLoader.load(path: path)
        if let problem = document.diagnostics.first(where: { $0.severity == .error }) {
            throw UsageError("--timeline \(problem.span?.description ?? path): \(problem.message)")
        }
        guard let root = document.root, let items = root.sequence else {
            throw UsageError("--timeline '\(path)': expected a list of entries", hint: "write '- {at: day 0, event: callEnded}'")
        }
        guard items.count <= Self.maximumEntries else {
            throw UsageError("--timeline '\(path)': more than \(Self.maximumEntries) entries")
        }
        let start = dayZero ?? Self.defaultDayZero
        var entries: [Entry] = []
        for item in items {
            let entry = try Self.entry(item, flow: flow, dayZero: start)
            if let last = entries.last, entry.date < last.date {
                throw UsageError("--timeline \(item.span): the entry goes back in time, before \(last.date.formatted(.iso8601))")
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// One entry.
    private static func entry(_ item: Node, flow: Flow, dayZero: Date) throws(UsageError) -> Entry {
        guard let fields = item.mapping else {
            throw UsageError("--timeline \(item.span): expected an entry {at, event, …}, found \(item.kindDescription)")
        }
        var entry = Entry(date: dayZero, event: "", context: [:], validators: [:], responded: false)
        var sawAt = false
        var contextNode: Node?
        for field in fields {
            let key = field.keyText ?? ""
            let value = field.value
            switch key {
            case "at":
                guard let text = value.string, let date = date(text, dayZero: dayZero) else {
                    throw UsageError(
                        "--timeline \(value.span): invalid time '\(value.string ?? "")'",
                        hint: "write 'day 3' or an ISO 8601 time such as 2026-12-01T10:00:00Z")
                }
                entry.date = date
                sawAt = true
            case "event":
                guard let text = value.string, !value.isNull else { throw UsageError("--timeline \(value.span): expected an event name") }
                entry.event = text
            case "context":
                contextNode = value
            case "validator":
                guard let answers = value.mapping else {
                    throw UsageError("--timeline \(value.span): expected a mapping of validator names to true or false")
                }
                for answer in answers {
                    guard let name = answer.keyText, let bool = answer.value.bool else {
                        throw UsageError("--timeline \(answer.value.span): expected true or false")
                    }
                    entry.validators[name] = bool
                }
            case "responded":
                guard let bool = value.bool else { throw UsageError("--timeline \(value.span): expected true or false") }
                entry.responded = bool
            default:
                throw UsageError(
                    "--timeline \(field.key.span): unknown key '\(key)'",
                    hint: Suggestion.hint(for: key, among: keys) ?? "an entry has " + keys.joined(separator: ", "))
            }
        }
        guard sawAt, !entry.event.isEmpty else {
            throw UsageError("--timeline \(item.span): an entry needs 'at' and 'event'", hint: "write '{at: day 0, event: callEnded}'")
        }
        if let contextNode {
            // Typed once the event is known, so its payload's declared types apply.
            let declaration = flow.events.first { $0.name == entry.event }
            entry.context = try ContextFileReader.values(of: contextNode, flow: flow, event: declaration, what: "--timeline")
        }
        return entry
    }

    /// `day N` after `dayZero`, or an ISO 8601 time.
    static func date(_ text: String, dayZero: Date) -> Date? {
        let words = text.split(separator: " ")
        if words.count == 2, words[0] == "day", let days = Int(words[1]), days >= 0, days <= 36_500 {
            return dayZero.addingTimeInterval(Double(days) * 86_400)
        }
        return TriggerOptions.date(text)
    }
}
