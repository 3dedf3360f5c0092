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
    /// combination of its names' values, in order, each with the values; `nil` when a
    /// name has no domain or there are more than ``maximumCombinations`` combinations. A
    /// subtree without names has one combination, the empty one.
    package static func outcomes(
        of tree: ExpressionTree, root: Int? = nil, domains: [String: [ExpressionValue]]
    ) -> [(values: [String: ExpressionValue], outcome: ExpressionEvaluator.Outcome)]? {
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
        var results: [([String: ExpressionValue], ExpressionEvaluator.Outcome)] = []
        results.reserveCapacity(total)
        var counters = [Int](repeating: 0, count: names.count)
        for _ in 0..<total {
            var values: [String: ExpressionValue] = [:]
            for (position, name) in names.enumerated() { values[name] = nameDomains[position][counters[position]] }
            let outcomes = ExpressionEvaluator.evaluate(tree, nodes: run) { values[$0] }
            results.append((values, outcomes.last ?? .failure("empty expression")))
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
        guard let outcomes = outcomes(of: tree, root: root, domains: domains), case .value(let first)? = outcomes.first?.outcome
        else { return nil }
        return outcomes.allSatisfy { $0.outcome == .value(first) } ? first : nil
    }
}
