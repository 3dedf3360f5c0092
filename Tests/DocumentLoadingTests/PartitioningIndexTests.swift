import FlowSource
import Testing

/// The one binary search the loaders, the renderers and the language server share,
/// against a linear scan (the first index whose element satisfies the predicate).
@Suite("partitioningIndex: the first index of the second part")
struct PartitioningIndexTests {
    /// The answer by looking at every element of `range` in turn.
    static func scanned(_ values: [Int], _ range: Range<Int>, _ predicate: (Int) -> Bool) -> Int {
        range.first { predicate(values[$0]) } ?? range.upperBound
    }

    @Test("over sorted lists with repeats, every lower and upper bound in every sub-range is the first match a scan finds")
    func agreesWithAScan() {
        let lists: [[Int]] = [[], [5], [1, 1, 1], [0, 2, 2, 2, 7, 9, 9, 12], Array(0..<33).map { $0 / 3 }]
        for values in lists {
            for target in -1...(values.max() ?? 0) + 1 {
                for low in 0...values.count {
                    for range in (low...values.count).map({ low..<$0 }) {
                    #expect(values.partitioningIndex(in: range) { $0 >= target } == Self.scanned(values, range) { $0 >= target })
                    #expect(values.partitioningIndex(in: range) { $0 > target } == Self.scanned(values, range) { $0 > target })
                    }
                }
                #expect(values.partitioningIndex { $0 >= target } == Self.scanned(values, 0..<values.count) { $0 >= target })
            }
        }
    }

    @Test("an empty range answers its bound without calling the predicate")
    func emptyRange() {
        var calls = 0
        let index = [1, 2, 3].partitioningIndex(in: 2..<2) { _ in
            calls += 1
            return true
        }
        #expect(index == 2)
        #expect(calls == 0)
    }
}
