/// A ``PresentationHistory`` that keeps its records in memory: what a navigator uses by
/// default, what tests and the `trigger --timeline` replay use. Forgotten when released.
public actor InMemoryPresentationHistory: PresentationHistory {
    private var kept: [PresentationRecord]

    /// A history holding `records` (default none).
    public init(records: [PresentationRecord] = []) {
        kept = records.sorted { $0.date < $1.date }
    }

    /// Keeps `record` in date order (after records of the same date). O(records) worst case.
    public func record(_ record: PresentationRecord) {
        let position = kept.lastIndex { $0.date <= record.date }.map { $0 + 1 } ?? 0
        kept.insert(record, at: position)
    }

    /// Every record, oldest first.
    public func records() -> [PresentationRecord] { kept }
}
