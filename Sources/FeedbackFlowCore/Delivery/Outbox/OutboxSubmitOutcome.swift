/// What became of one submission given to ``OutboxFeedbackSink/submitReturningOutcome(_:)``
/// (either way it was durably kept first, so it is not lost).
public enum OutboxSubmitOutcome: Sendable, Hashable {
    /// Delivered at the first attempt; the outbox no longer holds it.
    case delivered
    /// Not delivered: the outbox keeps it, in the state shown (its
    /// ``OutboxRecord/lastError``, and ``OutboxRecord/isDead`` when the delivery refused it
    /// for good). ``OutboxFeedbackSink/flush(startingNow:waitingUpTo:)-(_,Duration)`` tries it again.
    case kept(OutboxRecord)
}
