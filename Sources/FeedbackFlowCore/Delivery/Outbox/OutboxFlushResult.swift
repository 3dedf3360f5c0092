/// What one ``OutboxFeedbackSink/flush(startingNow:waitingUpTo:)-(_,Duration)`` did and left.
public struct OutboxFlushResult: Sendable, Hashable {
    /// The ids of the submissions it delivered, in the order delivered.
    public var delivered: [String]
    /// The ids of submissions kept when it began that another outbox (a concurrent
    /// flush, a run) delivered meanwhile, or someone dropped: no longer kept, and not
    /// delivered by this flush. In the order they were kept.
    public var deliveredElsewhere: [String] = []
    /// What the outbox holds after it, read back from the file: the records not delivered
    /// (waiting, pending or dead), oldest first.
    public var kept: [OutboxRecord]
    /// Lines of the file that are not records (``OutboxContents/unreadableLines``).
    public var unreadableLines: [Int]
    /// File problems met on the way that did not stop the flush, one sentence each: a
    /// delivered submission whose record could not be removed (it stays kept and a later
    /// flush sends it again, with the same idempotency key), or a failure that could not
    /// be recorded.
    public var problems: [String]
    /// Why the flush stopped before trying everything, when a delivery could not even be
    /// attempted (a part on this side missing or broken); `nil` otherwise. That record is
    /// unchanged: no attempt was counted.
    public var unavailable: DeliveryUnavailable?

    /// A result with these parts.
    public init(delivered: [String], kept: [OutboxRecord], unreadableLines: [Int], problems: [String]) {
        self.delivered = delivered
        self.kept = kept
        self.unreadableLines = unreadableLines
        self.problems = problems
    }

    /// Whether the outbox is empty afterwards: everything it held was delivered.
    public var deliveredEverything: Bool { kept.isEmpty && unreadableLines.isEmpty }
}
