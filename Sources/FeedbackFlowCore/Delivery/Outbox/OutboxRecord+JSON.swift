import FlowCompile
import FlowSource
import FlowSystem

/// An outbox record as one line of JSON, and back:
///
/// `{"attempts":1,"dead":false,"firstAttemptAt":"2024-05-01T12:00:00.000Z","keptAt":"…",
/// "lastAttemptAt":"…","lastError":"HTTP 503","nextAttemptAt":"…","submission":{…}}` —
/// keys sorted, every key written (`null` for a time or error not there yet) but
/// `claim`, written only while an outbox delivers the record (``OutboxClaim``), times in
/// ISO 8601 UTC with milliseconds, `submission` the submission's own JSON form
/// (``FeedbackSubmission/jsonValue``, `custom` numbers exactly as written).
extension OutboxRecord {
    /// The record as one line of JSON text, without the line break. O(size).
    var jsonText: String {
        func time(_ date: Date?) -> FlowValue { date.map { .string(Self.timeText($0)) } ?? .null }
        var object: [String: FlowValue] = [
            "attempts": .number(String(attempts)),
            "dead": .bool(isDead),
            "firstAttemptAt": time(firstAttemptAt),
            "keptAt": time(keptAt),
            "lastAttemptAt": time(lastAttemptAt),
            "lastError": lastError.map(FlowValue.string) ?? .null,
            "nextAttemptAt": time(nextAttemptAt),
            "submission": submission.jsonValue,
        ]
        if let claim {
            object["claim"] = .object([
                "by": .string(claim.token), "pid": .number(String(claim.process)), "until": time(claim.until),
            ])
        }
        return FlowValue.object(object).jsonText
    }

    /// The record a line holds, or `nil` when the line is not one (not JSON, or a key
    /// missing or of the wrong type). Keys it does not know are ignored, so a newer writer
    /// may add some. O(size of the line).
    init?(jsonLine line: ArraySlice<UInt8>) {
        let document = JSONLoader(source: SourceFile(path: "outbox record", bytes: Array(line))).load()
        guard document.diagnostics.isEmpty, let root = document.root, root.mapping != nil,
            let attempts = root["attempts"]?.integer, attempts >= 0,
            let dead = root["dead"]?.bool,
            let keptAt = Self.time(root["keptAt"]), let kept = keptAt,
            let firstAttemptAt = Self.time(root["firstAttemptAt"]),
            let lastAttemptAt = Self.time(root["lastAttemptAt"]),
            let nextAttemptAt = Self.time(root["nextAttemptAt"]),
            let submissionNode = root["submission"], let submission = FeedbackSubmission(jsonNode: submissionNode)
        else { return nil }
        var lastError: String?
        if let node = root["lastError"], !node.isNull {
            guard let text = node.string, node.scalar?.style != .plain else { return nil }
            lastError = text
        }
        self.init(
            submission: submission, keptAt: kept, attempts: attempts, firstAttemptAt: firstAttemptAt,
            lastAttemptAt: lastAttemptAt, nextAttemptAt: nextAttemptAt, lastError: lastError, isDead: dead)
        // A claim that cannot be read is no claim: the record may be tried.
        if let node = root["claim"], let token = node["by"]?.string, let process = node["pid"]?.integer,
            let until = Self.time(node["until"]) ?? nil, let pid = Int32(exactly: process)
        {
            claim = OutboxClaim(token: token, process: pid, until: until)
        }
    }

    /// `2024-05-01T12:00:00.250Z`: ISO 8601 in UTC with milliseconds.
    static func timeText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// A time key's value: `.some(nil)` for a missing key or `null`, `.some(date)` for an
    /// ISO 8601 string (with or without fractional seconds), `nil` for anything else.
    private static func time(_ node: Node?) -> Date?? {
        guard let node, !node.isNull else { return .some(nil) }
        guard node.scalar?.style != .plain, let text = node.string else { return nil }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return .some(date) }
        if let date = try? Date(text, strategy: .iso8601) { return .some(date) }
        return nil
    }
}
