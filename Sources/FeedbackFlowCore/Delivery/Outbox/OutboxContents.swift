/// What an outbox file holds: its records, oldest first, and the lines that are not
/// records.
public struct OutboxContents: Sendable, Hashable {
    /// The kept submissions with their delivery state, in the order they were kept.
    public var records: [OutboxRecord]
    /// The 1-based numbers of whole lines that are not records (a line edited by hand, or
    /// an append cut by a crash that a later append followed). They are kept as they are,
    /// never delivered and never dropped by the outbox; fix or remove them by hand.
    public var unreadableLines: [Int]

    /// Contents with these parts.
    public init(records: [OutboxRecord], unreadableLines: [Int]) {
        self.records = records
        self.unreadableLines = unreadableLines
    }
}
