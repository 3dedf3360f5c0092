import FlowCompile
import FlowSource
import FlowSystem

/// What a trigger is given, read from text in one place for `trigger`, `run --event`, a
/// timeline and a flow test's `trigger:`: times (ISO 8601 or `day N`), and the names of
/// events and validators checked against the flow for typos.
package enum TriggerInputs {
    /// Day 0 when no time is given (`--now`, a test's `now:`): 2026-01-01T00:00:00Z.
    package static let defaultDayZero = Date(timeIntervalSince1970: 1_767_225_600)

    /// An ISO 8601 time with a zone, `YYYY-MM-DDTHH:MM:SS` with optional fractional
    /// seconds, then `Z` or `±HH:MM` (`2026-12-01T10:00:00Z`, `2026-12-01T12:00:00+02:00`).
    /// Every field must be in its range (a month 1–12, a day that the month has, hours
    /// 0–23, minutes and seconds 0–59): `2026-02-30` is refused, not moved to March.
    package static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), hour <= 23, minute <= 59,
            second <= 59
        else { return nil }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return nil }
        return (try? Date(text, strategy: .iso8601))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    /// `day N` after `dayZero`, or an ISO 8601 time.
    package static func date(_ text: String, dayZero: Date) -> Date? {
        let words = text.split(separator: " ")
        if words.count == 2, words[0] == "day", let days = Int(words[1]), days >= 0, days <= 36_500 {
            return dayZero.addingTimeInterval(Double(days) * 86_400)
        }
        return date(text)
    }

    /// The problem of event name `event` for `flow` (read from `file`): one typo away from
    /// an event the flow declares, and not one; `nil` otherwise. The one rule of
    /// `--event` and of a timeline's `event:`.
    package static func eventProblem(_ event: String, flow: Flow, file: String) -> (message: String, hint: String)? {
        let events = flow.events.map(\.name)
        guard !events.contains(event), let close = Suggestion.closest(to: event, among: events) else { return nil }
        return ("'\(file)' declares no event '\(event)'", "did you mean '\(close)'?")
    }

    /// The problem of validator name `name`: one typo away from the one the trigger asks,
    /// and not it; `nil` otherwise. The one rule of `--validator` and of a timeline's
    /// `validator:`.
    package static func validatorProblem(_ name: String, flow: Flow, file: String) -> (message: String, hint: String)? {
        guard let asked = flow.trigger?.validator, name != asked, Suggestion.closest(to: name, among: [asked]) != nil else { return nil }
        return ("the trigger of '\(file)' asks the validator '\(asked)', not '\(name)'", "did you mean '\(asked)'?")
    }

    /// The validators' answers written under `key` of `fields` (a mapping of names to
    /// `true`/`false`: a timeline entry's `validator:`, a flow test's `validators:`), each
    /// name checked against `flow`'s trigger (read from `file`) when given
    /// (``validatorProblem(_:flow:file:)``); every problem is reported to `session` and
    /// its entry left out. With `strict` (a flow test's, which answers for this flow only),
    /// any name but the trigger's validator is a problem too. O(entries).
    package static func validatorAnswers(
        _ fields: MappingFields, _ key: String, flow: Flow?, file: String, strict: Bool = false, session: inout DecodingSession
    ) -> [String: Bool] {
        var validators: [String: Bool] = [:]
        guard let node = session.nonNullValue(fields, key, expected: "a mapping of validator names to true or false"),
            let answers = session.mapping(node, expected: "a mapping of validator names to true or false")
        else { return [:] }
        for answer in answers.entries {
            guard let name = answer.keyText else {
                session.mismatch(expected: "a validator name", found: answer.key)
                continue
            }
            if let flow, let problem = validatorProblem(name, flow: flow, file: file) {
                session.report(.invalidValue, problem.message, at: answer.key.span, hint: problem.hint)
                continue
            }
            if strict, let flow, flow.trigger?.validator != name {
                let asked = flow.trigger?.validator
                session.report(
                    .invalidValue, asked.map { "the trigger of '\(file)' asks the validator '\($0)', not '\(name)'" } ?? "the trigger of '\(file)' asks no validator",
                    at: answer.key.span, hint: asked.map { "write '\($0): true' or '\($0): false'" } ?? "leave 'validators:' out")
                continue
            }
            if let value = session.bool(answer.value) { validators[name] = value }
        }
        return validators
    }
}
