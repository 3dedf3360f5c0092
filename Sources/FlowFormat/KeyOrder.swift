/// The order `fmt` writes a mapping's entries in, for YAML and JSON alike: merge keys
/// first, then the keys of the row (``FlowCompile/FormatKeys/writingOrder(at:singleScreenFile:)``)
/// in its order, then every other key as written. Stable: equal ranks keep their order.
/// O(n log n) in the entries.
enum KeyOrder {
    /// The indices of `keys` in writing order. `keys` holds each entry's key text (`nil`
    /// for a key that is not a scalar), `mergeKeys` the indices of `<<` merge keys, and
    /// `row` the keys of the format at this place, `nil` where the author's order stands.
    static func permutation(_ keys: [String?], mergeKeys: Set<Int> = [], row: [String]?) -> [Int] {
        guard let row else { return Array(keys.indices) }
        var ranks: [String: Int] = [:]
        for (rank, key) in row.enumerated() where ranks[key] == nil { ranks[key] = rank }
        func rank(_ index: Int) -> Int {
            if mergeKeys.contains(index) { return -1 }
            return keys[index].flatMap { ranks[$0] } ?? row.count
        }
        return keys.indices.sorted { (rank($0), $0) < (rank($1), $1) }
    }
}
