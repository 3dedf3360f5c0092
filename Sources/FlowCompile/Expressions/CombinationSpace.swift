/// Every combination of the values a few names can take, numbered, and the combinations
/// for which a condition holds: what reads several conditions together (a route through a
/// flow's `if`s) by evaluating each condition once per combination.
///
/// Combination `c` gives name `k` its value number `(c / stride(k)) % count(k)`: the first
/// name turns fastest. At most ``ExpressionDomainAnalysis/maximumCombinations``
/// combinations.
package struct CombinationSpace: Sendable {
    /// The names and every value each can take, in the order given.
    package let named: [(name: String, values: [ExpressionValue])]
    /// The number of combinations: the product of the names' value counts.
    package let count: Int

    /// The space of the names with domains among `names` (each once, in order), while the
    /// product of their value counts stays within ``ExpressionDomainAnalysis/maximumCombinations``;
    /// a name without a domain, or one that would pass the bound, is left out (a condition
    /// reading it is not analysed). O(names).
    package init(names: [String], domains: [String: [ExpressionValue]]) {
        var named: [(name: String, values: [ExpressionValue])] = []
        var count = 1
        for name in names where !named.contains(where: { $0.name == name }) {
            guard let values = domains[name], !values.isEmpty else { continue }
            let (product, overflow) = count.multipliedReportingOverflow(by: values.count)
            guard !overflow, product <= ExpressionDomainAnalysis.maximumCombinations else { continue }
            count = product
            named.append((name, values))
        }
        self.named = named
        self.count = count
    }

    /// The combinations of this space.
    package var all: CombinationSet { CombinationSet(count: count, filled: true) }

    /// The combinations for which `tree` evaluates to `true`; `nil` when it reads a name
    /// outside the space, or some combination fails or gives no boolean (it is then not
    /// read together with others). O(``count`` × size of `tree`).
    package func holds(_ tree: ExpressionTree) -> CombinationSet? {
        guard !tree.nodes.isEmpty, tree.recovered.isEmpty else { return nil }
        for node in tree.nodes {
            if case .name(let name) = node.kind, !named.contains(where: { $0.name == name }) { return nil }
        }
        var set = CombinationSet(count: count, filled: false)
        var counters = [Int](repeating: 0, count: named.count)
        var outcomes: [ExpressionEvaluator.Outcome] = []
        for combination in 0..<count {
            ExpressionEvaluator.evaluate(tree, into: &outcomes) { name in
                for index in named.indices where named[index].name == name { return named[index].values[counters[index]] }
                return nil
            }
            switch outcomes.last {
            case .value(.boolean(true)): set.insert(combination)
            case .value(.boolean(false)): break
            default: return nil
            }
            ExpressionDomainAnalysis.next(&counters, of: named)
        }
        return set
    }

    /// The values of `name` that some combination of `set` gives it, in the order of its
    /// domain; `nil` when `name` is not in the space. O(``count``).
    package func values(of name: String, in set: CombinationSet) -> [ExpressionValue]? {
        guard let position = named.firstIndex(where: { $0.name == name }) else { return nil }
        let stride = named[..<position].reduce(1) { $0 * $1.values.count }
        let values = named[position].values
        var given = [Bool](repeating: false, count: values.count)
        for combination in 0..<count where set.contains(combination) { given[(combination / stride) % values.count] = true }
        return values.indices.filter { given[$0] }.map { values[$0] }
    }
}

/// A set of the combinations of a ``CombinationSpace``, one bit each.
package struct CombinationSet: Sendable, Hashable {
    private var words: [UInt64]
    private let count: Int

    /// The empty set, or with `filled` every one of `count` combinations.
    package init(count: Int, filled: Bool) {
        self.count = count
        words = [UInt64](repeating: filled ? ~0 : 0, count: (count + 63) / 64)
        if filled, count % 64 != 0, !words.isEmpty { words[words.count - 1] = (1 << UInt64(count % 64)) - 1 }
    }

    /// Whether no combination is in the set.
    package var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// Whether combination `index` is in the set.
    package func contains(_ index: Int) -> Bool {
        index >= 0 && index < count && words[index / 64] & (1 << UInt64(index % 64)) != 0
    }

    mutating func insert(_ index: Int) { words[index / 64] |= 1 << UInt64(index % 64) }

    /// The combinations in both.
    package func intersection(_ other: CombinationSet) -> CombinationSet {
        var result = self
        for index in result.words.indices where index < other.words.count { result.words[index] &= other.words[index] }
        return result
    }

    /// The combinations of the space not in the set.
    package var complement: CombinationSet {
        var result = CombinationSet(count: count, filled: true)
        for index in result.words.indices { result.words[index] &= ~words[index] }
        return result
    }
}
