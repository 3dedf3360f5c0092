import FlowCompile
import FeedbackFlowCore
import FlowSource
import FlowSystem

/// How `trigger` writes a decision: a line of text, or one JSON object per line.
package enum TriggerDecisionWriter {
    /// The output formats.
    package enum Format: String, Sendable, CaseIterable {
        case text
        case json
    }

    /// One decision. `at` and `event` are written with it in a timeline (`entry` its
    /// 1-based number).
    package static func line(
        _ decision: TriggerDecision, format: Format, entry: Int? = nil, at date: Date? = nil, event: String? = nil
    ) -> String {
        switch format {
        case .text:
            var prefix = ""
            if let entry { prefix += "[\(entry)] " }
            if let date { prefix += date.formatted(.iso8601) + " " }
            if let event { prefix += event + ": " }
            return DisplayText.sanitized(prefix + decision.description) + "\n"
        case .json:
            var members: [(key: String, value: JSONValue)] = []
            if let entry { members.append(("entry", .int(entry))) }
            if let date { members.append(("at", .string(date.formatted(.iso8601)))) }
            if let event { members.append(("event", .string(event))) }
            members.append(("presented", .bool(decision.isPresented)))
            if case .suppressed(let reason) = decision {
                members.append(("reason", reasonObject(reason)))
            } else {
                members.append(("reason", .null))
            }
            return JSONValue.object(members).serialized(indent: 0) + "\n"
        }
    }

    /// The reason as an object: `code`, `message`, and the parts of its case.
    static func reasonObject(_ reason: SuppressionReason) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("code", .string(reason.code)), ("message", .string(reason.description))]
        switch reason {
        case .eventMismatch(let expected, let received):
            members += [("expected", .string(expected)), ("received", .string(received))]
        case .contextMismatch(let name, let expected, let found):
            members += [("name", .string(name)), ("expected", .string(expected.description)), ("found", .optional(found?.literal))]
        case .conditionFalse(let condition):
            members += [
                ("condition", .string(condition.condition)), ("part", .string(condition.part)), ("detail", .string(condition.detail)),
            ]
        case .limitReached(let limit):
            members += [("limit", .string(limit.kind.rawValue)), ("count", .int(limit.count))]
            switch limit.kind {
            case .maxPresentations:
                members.append(("maximum", .int(limit.limit)))
                members.append(("period", .optional(limit.periodSeconds.map(DurationText.text))))
            case .minInterval, .quietPeriod:
                members.append(("duration", .string(DurationText.text(limit.limit))))
            case .untilResponded:
                break
            }
            members.append(("since", .optional(limit.since?.formatted(.iso8601))))
            members.append(("freesUpAt", .optional(limit.freesUpAt?.formatted(.iso8601))))
        case .validatorRejected(let name):
            members.append(("validator", .string(name)))
        case .validatorFailed(let name, _):
            members.append(("validator", .string(name)))
        case .noTrigger, .historyFailed, .alreadyStarted:
            break
        }
        return .object(members)
    }
}
