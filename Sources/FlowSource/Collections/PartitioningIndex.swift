extension RandomAccessCollection where Index == Int {
    /// The first index of `range` (the whole collection by default) whose element
    /// satisfies `belongsInSecondPart`, or `range.upperBound` when none does: a binary
    /// search over elements partitioned so that those failing the predicate all come
    /// first (for sorted values, `{ $0 >= x }` gives the lower bound of `x`, `{ $0 > x }`
    /// its upper bound). `range` must lie within `startIndex ... endIndex`.
    /// O(log `range.count`) calls of the predicate.
    @inlinable
    package func partitioningIndex(in range: Range<Int>? = nil, where belongsInSecondPart: (Element) throws -> Bool) rethrows -> Int {
        var (low, high) = range.map { ($0.lowerBound, $0.upperBound) } ?? (startIndex, endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            if try belongsInSecondPart(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
