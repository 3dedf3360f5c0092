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

    /// Calls `body` with the outcome of the subtree at `root` (default the whole tree)
    /// for every combination of its names' values, in order, until `body` returns
    /// `false`. Returns `false`, calling nothing, when a name has no domain or there are
    /// more than ``maximumCombinations`` combinations. A subtree without names has one
    /// combination, the empty one. Nothing is allocated before the domains are known.
    @discardableResult
    package static func forEachOutcome(
        of tree: ExpressionTree, root: Int? = nil, domains: [String: [ExpressionValue]],
        _ body: (ExpressionEvaluator.Outcome) -> Bool
    ) -> Bool {
        let root = root ?? tree.root
        let run = tree.nodes[root].first...root
        // Most conditions read a name with no domain (a text field, a context value):
        // found in one scan, before any array is made.
        for index in run {
            guard case .name(let name) = tree.nodes[index].kind else { continue }
            guard let domain = domains[name], !domain.isEmpty else { return false }
        }
        var names: [String] = []
        for index in run {
            if case .name(let name) = tree.nodes[index].kind, !names.contains(name) { names.append(name) }
        }
        var nameDomains: [[ExpressionValue]] = []
        var total = 1
        for name in names {
            guard let domain = domains[name] else { return false }
            total *= domain.count
            guard total <= maximumCombinations else { return false }
            nameDomains.append(domain)
        }
        var counters = [Int](repeating: 0, count: names.count)
        var current = names.indices.map { nameDomains[$0][0] }
        var outcomes: [ExpressionEvaluator.Outcome] = []
        for _ in 0..<total {
            for position in names.indices { current[position] = nameDomains[position][counters[position]] }
            // The few names are looked up by a scan: cheaper than a dictionary per combination.
            ExpressionEvaluator.evaluate(tree, nodes: run, into: &outcomes) { name in
                names.firstIndex(of: name).map { current[$0] }
            }
            guard body(outcomes.last ?? .failure("empty expression")) else { return true }
            // The next combination, like an odometer.
            var position = 0
            while position < counters.count {
                counters[position] += 1
                if counters[position] < nameDomains[position].count { break }
                counters[position] = 0
                position += 1
            }
        }
        return true
    }

    /// The one value the subtree at `root` has for every combination, when it has one
    /// (and no combination fails); `nil` otherwise. Stops at the first combination that
    /// differs from the first.
    package static func constantValue(of tree: ExpressionTree, root: Int? = nil, domains: [String: [ExpressionValue]]) -> ExpressionValue? {
        var first: ExpressionValue?
        var isConstant = true
        let analysed = forEachOutcome(of: tree, root: root, domains: domains) { outcome in
            guard case .value(let value) = outcome, first == nil || first == value else {
                isConstant = false
                return false
            }
            first = value
            return true
        }
        return analysed && isConstant ? first : nil
    }
}
