import FlowSource
import FlowWorkspace

/// `--shard I/N`: the I-th (1-based) of N parts of a sorted list, for splitting one check
/// across the jobs of a CI matrix. Parts are contiguous and as equal as can be (sizes
/// differ by at most one), and depend only on the list, so the N parts, in order, are
/// the whole list once: the jobs' outputs put together are the output of one job.
package struct Shard: Sendable, Hashable {
    /// 1...count.
    package var index: Int
    package var count: Int

    /// The most parts: more jobs than any CI matrix has, and small enough that the
    /// bounds of a part are computed without overflow for any list in memory.
    package static let maximumCount = 1_000_000

    /// `I/N` with 1 ≤ I ≤ N ≤ ``maximumCount``.
    /// - Throws: ``UsageError`` otherwise.
    package init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = WholeNumber.parse(String(parts[0])), let count = WholeNumber.parse(String(parts[1])),
            (1...Self.maximumCount).contains(count), (1...count).contains(index)
        else {
            throw UsageError(
                "invalid value '\(text)' for '--shard'", hint: "expected I/N with 1 <= I <= N <= \(Self.maximumCount), such as 2/3")
        }
        self.index = index
        self.count = count
    }

    /// This part of `items`: from ⌊(I−1)·n/N⌋ up to ⌊I·n/N⌋. O(1).
    package func part<Element>(of items: [Element]) -> ArraySlice<Element> {
        let n = items.count
        // n · I fits: n is a number of files held in memory, I at most maximumCount.
        let lower = n * (index - 1) / count, upper = n * index / count
        return items[lower..<upper]
    }
}
