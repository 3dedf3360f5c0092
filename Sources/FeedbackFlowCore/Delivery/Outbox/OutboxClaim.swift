import FlowSystem

/// Which outbox is delivering a record right now, written into the record (under the
/// outbox file's lock) before a delivery attempt and removed by the rewrite after it, so
/// that other outboxes — a concurrent `outbox flush`, a `run` — leave the record alone
/// and concurrent flushes share the work instead of each sending everything.
///
/// A claim holds while its time has not passed and the process that made it is alive
/// (`kill(pid, 0)`): a claim of a process that died is void at once, and one whose
/// process id was reused ends with its time. Written as
/// `"claim":{"by":"TOKEN","pid":123,"until":"2024-05-01T12:05:00.000Z"}`; a record
/// without it is not claimed.
struct OutboxClaim: Sendable, Hashable {
    /// The claiming outbox (``OutboxFeedbackSink``'s own random token).
    var token: String
    /// The claiming process.
    var process: Int32
    /// When the claim ends at the latest.
    var until: Date

    /// How long a claim lasts at most, in seconds (5 minutes): longer than a delivery
    /// attempt takes.
    static let duration = 300.0

    /// Whether the claim keeps an outbox whose token is `token` away from the record at
    /// `now`. A claim no outbox could have written — of no process (a pid below 1), or
    /// ending further ahead than twice ``duration`` (room for clocks read a little apart)
    /// — keeps no one away.
    func excludes(_ token: String, at now: Date) -> Bool {
        guard token != self.token, process > 0, until > now, until <= now.addingTimeInterval(2 * Self.duration) else { return false }
        return kill(process, 0) == 0 || errno == EPERM
    }
}
