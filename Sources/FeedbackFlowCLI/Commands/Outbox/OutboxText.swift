import FeedbackFlowCore
import FlowSource
import FlowSystem

/// Every line the command line writes about the outbox, for `run` and `outbox`: built
/// here only, each passed through ``FlowSource/DisplayText/sanitized(_:)`` where it holds
/// text from a file or a receiver (so no escape sequence reaches the terminal).
package enum OutboxText {
    /// The output formats of `outbox list` and `outbox flush`.
    package enum Format: String, Sendable, CaseIterable {
        /// One line per submission, for people.
        case text
        /// One JSON object per line.
        case json
    }

    /// The screen's line (without its line break) when a `run` submission stays kept:
    /// `Feedback kept in 'feedback-outbox.jsonl', not delivered yet: HTTP 503`, or, for a
    /// submission the receiver refused for good, `… refused: HTTP 400 (…); it will not be
    /// retried (see 'feedbackflow outbox list')`.
    package static func keptOnScreen(_ record: OutboxRecord, outbox: String) -> String {
        let error = record.lastError ?? "not tried"
        if record.isDead {
            return DisplayText.sanitized(
                "Feedback kept in '\(outbox)', refused: \(error); it will not be retried (see '\(FeedbackFlowTool.name) outbox list')")
        }
        return DisplayText.sanitized("Feedback kept in '\(outbox)', not delivered yet: \(error)")
    }

    /// The lines `run` ends with on standard error when submissions of the run stay kept,
    /// one for those a flush will try again and one for those refused for good (dead,
    /// which a flush skips):
    /// `feedbackflow run: 1 submission kept in 'OUTBOX', not delivered: ERROR; deliver with
    /// 'feedbackflow outbox flush OPTIONS'` and `feedbackflow run: 1 submission kept in
    /// 'OUTBOX', refused: ERROR; it will not be retried: once the receiver takes it, revive
    /// it with 'feedbackflow outbox retry --all-dead --outbox OUTBOX', then flush`, where
    /// `options` name the same outbox and delivery
    /// (``DeliveryOptions/commandLineWords(feedbackOut:)``).
    package static func keptAtEnd(
        live: Int, liveError: String, dead: Int, deadError: String, outbox: String, options: String
    ) -> String {
        func submissions(_ count: Int) -> String { count == 1 ? "1 submission" : "\(count) submissions" }
        var lines = ""
        if live > 0 {
            lines += DisplayText.sanitized(
                "\(FeedbackFlowTool.name) run: \(submissions(live)) kept in '\(outbox)', not delivered: \(liveError); "
                    + "deliver with '\(FeedbackFlowTool.name) outbox flush \(options)'") + "\n"
        }
        if dead > 0 {
            lines += DisplayText.sanitized(
                "\(FeedbackFlowTool.name) run: \(submissions(dead)) kept in '\(outbox)', refused: \(deadError); "
                    + "\(dead == 1 ? "it" : "they") will not be retried: once the receiver takes \(dead == 1 ? "it" : "them"), revive "
                    + "with '\(FeedbackFlowTool.name) outbox retry --all-dead --outbox \(DeliveryOptions.shellQuoted(outbox))', then flush")
                + "\n"
        }
        return lines
    }

    /// `retry`'s line for a revived submission: `revived ID`.
    package static func revived(_ id: String) -> String {
        DisplayText.sanitized("revived \(id)") + "\n"
    }

    /// `retry`'s note for an id whose submission is not dead (a flush tries it anyway).
    package static func notDead(_ id: String) -> String {
        DisplayText.sanitized("\(FeedbackFlowTool.name) outbox retry: note: '\(id)' is not dead; 'outbox flush' tries it") + "\n"
    }

    /// `retry`'s last line, on standard error: `1 revived in 'OUTBOX'; deliver with
    /// 'feedbackflow outbox flush OPTIONS'` (the options as given to `retry`, or
    /// `--feedback-url URL|--feedback-out FILE` when none named a delivery).
    package static func retrySummary(revived: Int, outbox: String, options: String) -> String {
        DisplayText.sanitized(
            "\(FeedbackFlowTool.name) outbox retry: \(revived) revived in '\(outbox)'"
                + (revived > 0 ? "; deliver with '\(FeedbackFlowTool.name) outbox flush \(options)'" : "")) + "\n"
    }

    /// One kept submission as `list` shows it:
    /// `ID  FLOW  rating 4  2 attempts  waiting until 2024-05-01T12:00:04.250Z  HTTP 503`
    /// (state `pending`, `waiting until TIME` or `dead`; `-` when there is no error yet), or
    /// as one JSON object: `{"attempts","flow","id","keptAt","lastAttemptAt","lastError",
    /// "nextAttemptAt","rating","screen","state","submittedAt"}` (times ISO 8601 UTC with
    /// milliseconds, `null` when there is none yet).
    package static func line(_ record: OutboxRecord, format: Format, now: Date) -> String {
        let state = record.state(at: now)
        switch format {
        case .text:
            var stateText = state.rawValue
            if state == .waiting, let next = record.nextAttemptAt {
                stateText += " until " + next.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            }
            let attempts = record.attempts == 1 ? "1 attempt" : "\(record.attempts) attempts"
            let fields = [
                record.id, record.submission.flowID, "rating \(record.submission.rating)", attempts, stateText,
                record.lastError ?? "-",
            ]
            return DisplayText.sanitized(fields.joined(separator: "  ")) + "\n"
        case .json:
            func time(_ date: Date?) -> JSONValue { .optional(date.map { $0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) }) }
            let object = JSONValue.object([
                ("attempts", .int(record.attempts)),
                ("flow", .string(record.submission.flowID)),
                ("id", .string(record.id)),
                ("keptAt", time(record.keptAt)),
                ("lastAttemptAt", time(record.lastAttemptAt)),
                ("lastError", .optional(record.lastError)),
                ("nextAttemptAt", time(record.nextAttemptAt)),
                ("rating", .int(record.submission.rating)),
                ("screen", .string(record.submission.screenID)),
                ("state", .string(state.rawValue)),
                ("submittedAt", .string(record.submission.submittedAt.formatted(.iso8601))),
            ])
            return object.serialized(indent: 0) + "\n"
        }
    }

    /// `flush`'s line for a delivered submission: `delivered ID`, or
    /// `{"id":"…","state":"delivered"}`; for one another process delivered (or dropped)
    /// meanwhile, `delivered elsewhere ID`, or `"state":"deliveredElsewhere"`.
    package static func delivered(_ id: String, format: Format, elsewhere: Bool = false) -> String {
        switch format {
        case .text: DisplayText.sanitized("delivered \(elsewhere ? "elsewhere " : "")\(id)") + "\n"
        case .json:
            JSONValue.object([("id", .string(id)), ("state", .string(elsewhere ? "deliveredElsewhere" : "delivered"))]).serialized(indent: 0)
                + "\n"
        }
    }

    /// `flush`'s last line, on standard error: `2 delivered, 1 kept in 'OUTBOX' (1 dead)`;
    /// what another process delivered meanwhile is counted apart: `3 delivered (and 13 by
    /// another process meanwhile), 0 kept in 'OUTBOX'`.
    package static func flushSummary(_ result: OutboxFlushResult, outbox: String, now: Date) -> String {
        let dead = result.kept.filter(\.isDead).count
        var text = "\(FeedbackFlowTool.name) outbox flush: \(result.delivered.count) delivered"
        if !result.deliveredElsewhere.isEmpty { text += " (and \(result.deliveredElsewhere.count) by another process meanwhile)" }
        text += ", \(result.kept.count) kept in '\(outbox)'"
        if dead > 0 {
            text += " (\(dead) dead: '\(FeedbackFlowTool.name) outbox retry ID|--all-dead' revives, 'outbox drop ID' removes one)"
        }
        return DisplayText.sanitized(text) + "\n"
    }

    /// `drop`'s line: `dropped ID`.
    package static func dropped(_ id: String) -> String {
        DisplayText.sanitized("dropped \(id)") + "\n"
    }

    /// A note on standard error for a line of the file that is not a record.
    package static func unreadable(line: Int, outbox: String) -> String {
        DisplayText.sanitized(
            "\(outbox):\(line): note: not an outbox record; kept as it is, never delivered (fix or remove it by hand)") + "\n"
    }

    /// A problem a flush met and went past (``FeedbackFlowCore/OutboxFlushResult/problems``).
    package static func problem(_ text: String) -> String {
        DisplayText.sanitized("\(FeedbackFlowTool.name) outbox flush: warning: \(text)") + "\n"
    }
}
