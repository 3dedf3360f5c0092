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
    /// more than ``maximumCombinations`` combinations (or distinct names). A subtree
    /// without names has one combination, the empty one.
    @discardableResult
    package static func forEachOutcome(
        of tree: ExpressionTree, root: Int? = nil, domains: [String: [ExpressionValue]],
        _ body: (ExpressionEvaluator.Outcome) -> Bool
    ) -> Bool {
        let root = root ?? tree.root
        let run = tree.nodes[root].first...root
        // One scan: each distinct name with its values. Most conditions read a name with
        // no domain (a text field, a context value): the scan stops there, and nothing is
        // allocated when it is the first name.
        var named: [(name: String, values: [ExpressionValue])] = []
        var total = 1
        for index in run {
            guard case .name(let name) = tree.nodes[index].kind else { continue }
            if named.contains(where: { $0.name == name }) { continue }
            guard let values = domains[name], !values.isEmpty, named.count < maximumCombinations else { return false }
            let (product, overflow) = total.multipliedReportingOverflow(by: values.count)
            guard !overflow, product <= maximumCombinations else { return false }
            total = product
            named.append((name, values))
        }
        // The position in each name's values: the combination evaluated.
        var counters = [Int](repeating: 0, count: named.count)
        var outcomes: [ExpressionEvaluator.Outcome] = []
        for _ in 0..<total {
            // The few names are looked up by a scan: cheaper than a dictionary per combination.
            ExpressionEvaluator.evaluate(tree, nodes: run, into: &outcomes) { name in
                for position in named.indices where named[position].name == name {
                    return named[position].values[counters[position]]
                }
                return nil
            }
            guard body(outcomes.last ?? .failure("empty expression")) else { return true }
            next(&counters, of: named)
        }
        return true
    }

    /// Moves `counters` (a position in each name's values) to the next combination, like
    /// an odometer: the first counter turns fastest.
    static func next(_ counters: inout [Int], of named: [(name: String, values: [ExpressionValue])]) {
        var position = 0
        while position < counters.count {
            counters[position] += 1
            if counters[position] < named[position].values.count { break }
            counters[position] = 0
            position += 1
        }
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
