import FlowSystem

/// One submission kept by an ``OutboxFeedbackSink``, with its delivery state: one line of
/// the outbox file (the format is in ``OutboxFeedbackSink``'s documentation).
public struct OutboxRecord: Sendable, Hashable {
    /// Where a kept submission stands.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Not tried yet, or due for its next attempt.
        case pending
        /// Waiting for its next attempt (``OutboxRecord/nextAttemptAt`` is later than now).
        case waiting
        /// Given up on: tried the most times, kept too long, or refused for good. Kept and
        /// listed until dropped (``OutboxFeedbackSink/drop(id:)``); never tried again.
        case dead
    }

    /// The submission, exactly as the step built it (its ``FeedbackSubmission/id`` is the
    /// record's id).
    public var submission: FeedbackSubmission
    /// When the outbox kept it (the start of ``OutboxRetryPolicy/maximumRecordAge``).
    public var keptAt: Date
    /// How many delivery attempts failed.
    public var attempts: Int
    /// When the first failed attempt was made; `nil` before any.
    public var firstAttemptAt: Date?
    /// When the last failed attempt was made; `nil` before any.
    public var lastAttemptAt: Date?
    /// The earliest moment of the next attempt; `nil` when it may be tried at once (never
    /// tried) or never (dead).
    public var nextAttemptAt: Date?
    /// The message of the last failure (``DeliveryFailure/message``); `nil` before any.
    public var lastError: String?
    /// Whether the outbox gave up on it (``State/dead``).
    public var isDead: Bool
    /// The outbox delivering it right now, if any.
    var claim: OutboxClaim?

    /// A record in its full state.
    public init(
        submission: FeedbackSubmission, keptAt: Date, attempts: Int = 0, firstAttemptAt: Date? = nil,
        lastAttemptAt: Date? = nil, nextAttemptAt: Date? = nil, lastError: String? = nil, isDead: Bool = false
    ) {
        self.submission = submission
        self.keptAt = keptAt
        self.attempts = attempts
        self.firstAttemptAt = firstAttemptAt
        self.lastAttemptAt = lastAttemptAt
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.isDead = isDead
    }

    /// The submission's id.
    public var id: String { submission.id }

    /// Where the record stands at `now`.
    public func state(at now: Date) -> State {
        if isDead { return .dead }
        if let nextAttemptAt, nextAttemptAt > now { return .waiting }
        return .pending
    }

    /// The record after a failed attempt at `now`: one more attempt, the times and the
    /// message; then dead if `failure` is permanent, or the attempts reach the policy's
    /// maximum, or the record is at least the policy's maximum age; else the next attempt
    /// at `now` + the larger of `fraction` × the backoff ceiling and the `Retry-After`
    /// moment.
    func failed(
        at now: Date, with failure: DeliveryFailure, policy: OutboxRetryPolicy, jitterFraction fraction: Double
    ) -> OutboxRecord {
        var next = self
        next.claim = nil
        next.attempts += 1
        next.firstAttemptAt = firstAttemptAt ?? now
        next.lastAttemptAt = now
        next.lastError = failure.message
        if failure.isPermanent || next.attempts >= policy.maximumAttempts
            || now.timeIntervalSince(keptAt) >= policy.maximumRecordAgeSeconds
        {
            next.isDead = true
            next.nextAttemptAt = nil
            return next
        }
        let wait = min(max(fraction, 0), 1) * policy.backoffSeconds(afterFailures: next.attempts)
        var at = now.addingTimeInterval(wait)
        if let asked = failure.retryAfter?.date(after: now), asked > at { at = asked }
        next.nextAttemptAt = at
        return next
    }
}
