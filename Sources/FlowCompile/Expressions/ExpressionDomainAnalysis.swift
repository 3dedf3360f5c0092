/// Evaluates a condition for every combination of the values its names can take, when
/// they are few: what finds a condition that is always true or always false, and the
/// rating values an `if` chain leaves without a step.
///
/// A name has a domain when ``ExpressionEnvironment/domains`` lists its values (a
/// rating's `min...max`, a toggle, a boolean). Bounded: at most ``maximumCombinations``
/// combinations are evaluated, each in O(size of the expression).
package enum ExpressionDomainAnalysis {
    /// The most combinations of values evaluated for one condition.
    package static let maximumCombinations = 1_024

    /// The outcome of the subtree at `root` (default the whole tree) for every
    /// combination of its names' values, in order; `nil` when a name has no domain or
    /// there are more than ``maximumCombinations`` combinations. A subtree without names
    /// has one combination, the empty one.
    package static func outcomes(
        of tree: ExpressionTree, root: Int? = nil, domains: [String: [ExpressionValue]]
    ) -> [ExpressionEvaluator.Outcome]? {
        let root = root ?? tree.root
        let run = tree.nodes[root].first...root
        var names: [String] = []
        for index in run {
            if case .name(let name) = tree.nodes[index].kind, !names.contains(name) { names.append(name) }
        }
        var total = 1
        var nameDomains: [[ExpressionValue]] = []
        for name in names {
            guard let domain = domains[name], !domain.isEmpty else { return nil }
            total *= domain.count
            guard total <= maximumCombinations else { return nil }
            nameDomains.append(domain)
        }
        var results: [ExpressionEvaluator.Outcome] = []
        results.reserveCapacity(total)
        var counters = [Int](repeating: 0, count: names.count)
        var current = names.indices.map { nameDomains[$0][0] }
        var outcomes: [ExpressionEvaluator.Outcome] = []
        for _ in 0..<total {
            for position in names.indices { current[position] = nameDomains[position][counters[position]] }
            // The few names are looked up by a scan: cheaper than a dictionary per combination.
            ExpressionEvaluator.evaluate(tree, nodes: run, into: &outcomes) { name in
                names.firstIndex(of: name).map { current[$0] }
            }
            results.append(outcomes.last ?? .failure("empty expression"))
            // The next combination, like an odometer.
            var position = 0
            while position < counters.count {
                counters[position] += 1
                if counters[position] < nameDomains[position].count { break }
                counters[position] = 0
                position += 1
            }
        }
        return results
    }

    /// The one value the subtree at `root` has for every combination, when it has one
    /// (and no combination fails); `nil` otherwise.
    package static func constantValue(of tree: ExpressionTree, root: Int? = nil, domains: [String: [ExpressionValue]]) -> ExpressionValue? {
        guard let outcomes = outcomes(of: tree, root: root, domains: domains), case .value(let first)? = outcomes.first
        else { return nil }
        return outcomes.allSatisfy { $0 == .value(first) } ? first : nil
    }
}
