/// The conditions of one route through a flow's `if`s, read together: whether any values
/// satisfy them all, which of them the others already imply, and, when they read one name
/// with few values, the values that take the route.
extension ExpressionDomainAnalysis {
    /// What ``route(_:domains:)`` found.
    package struct RouteReading: Sendable, Hashable {
        /// Some combination of values satisfies every condition: the route can be taken.
        package var isSatisfiable: Bool
        /// The positions of the conditions to show, in order: every condition that some
        /// combination of values fails while the ones kept before it hold. A dropped one is
        /// always true on the route, given the others.
        package var kept: [Int]
        /// The positions of the conditions that took part in the analysis (each reads only
        /// names with few values, and evaluated for every combination).
        package var analysed: [Int]
        /// When the analysed conditions read exactly one name: that name and the values of
        /// it that take the route, in its domain's order.
        package var values: NameValues?
    }

    /// Some of a name's values.
    package struct NameValues: Sendable, Hashable {
        package var name: String
        /// The values, in the order of the name's domain.
        package var values: [ExpressionValue]
        /// Every value the name can take.
        package var domain: [ExpressionValue]

        /// `values` of `name`, whose domain is `domain`.
        package init(name: String, values: [ExpressionValue], domain: [ExpressionValue]) {
            self.name = name
            self.values = values
            self.domain = domain
        }
    }

    /// Reads the conditions of a route: each `tree` must evaluate to `holds` for the route
    /// to be taken (an `else` branch's condition must be false). A condition that reads a
    /// name without a domain, does not parse, or fails for some values is kept as written
    /// and takes no part in the analysis. `nil` when nothing could be analysed (no condition
    /// reads only names with domains, or there are more than ``maximumCombinations``
    /// combinations of the analysed names' values).
    ///
    /// The values must stay the same along the route: a caller does not pass a route on
    /// which a step assigns a name a condition reads.
    ///
    /// O(combinations × total size of the conditions), at most ``maximumCombinations``
    /// combinations.
    package static func route(
        _ conditions: [(tree: ExpressionTree?, holds: Bool)], domains: [String: [ExpressionValue]]
    ) -> RouteReading? {
        // The names each analysable condition reads, and their values; one domain each.
        var named: [(name: String, values: [ExpressionValue])] = []
        var analysable: [Int] = []
        var total = 1
        conditions: for (position, condition) in conditions.enumerated() {
            guard let tree = condition.tree, !tree.nodes.isEmpty, tree.recovered.isEmpty else { continue }
            var added: [(name: String, values: [ExpressionValue])] = []
            var product = total
            for node in tree.nodes {
                guard case .name(let name) = node.kind else { continue }
                if named.contains(where: { $0.name == name }) || added.contains(where: { $0.name == name }) { continue }
                guard let values = domains[name], !values.isEmpty else { continue conditions }
                let (next, overflow) = product.multipliedReportingOverflow(by: values.count)
                guard !overflow, next <= maximumCombinations else { continue conditions }
                product = next
                added.append((name, values))
            }
            named += added
            total = product
            analysable.append(position)
        }
        guard !analysable.isEmpty else { return nil }

        // For every combination: which analysable conditions it fails, one bit each (at
        // most 64 analysable conditions take part; the rest are kept as written).
        let studied = Array(analysable.prefix(64))
        var counters = [Int](repeating: 0, count: named.count)
        var outcomes: [ExpressionEvaluator.Outcome] = []
        var failing: [UInt64] = []
        failing.reserveCapacity(total)
        var unsound: Set<Int> = []
        for _ in 0..<total {
            var mask: UInt64 = 0
            for (bit, position) in studied.enumerated() {
                guard let tree = conditions[position].tree else { continue }
                ExpressionEvaluator.evaluate(tree, into: &outcomes) { name in
                    for index in named.indices where named[index].name == name { return named[index].values[counters[index]] }
                    return nil
                }
                switch outcomes.last {
                case .value(.boolean(let value)):
                    if value != conditions[position].holds { mask |= 1 << UInt64(bit) }
                default: unsound.insert(bit)
                }
            }
            failing.append(mask)
            var index = 0
            while index < counters.count {
                counters[index] += 1
                if counters[index] < named[index].values.count { break }
                counters[index] = 0
                index += 1
            }
        }
        // A condition that failed to evaluate for some values is kept and not relied on.
        var considered: UInt64 = 0
        for bit in studied.indices where !unsound.contains(bit) { considered |= 1 << UInt64(bit) }
        let isSatisfiable = failing.contains { $0 & considered == 0 }

        // Keep a condition only when some combination fails it while every condition kept
        // so far (and every later one not yet dropped) holds: greedy in the file's order,
        // so the innermost, most specific conditions survive over the outer ones they imply.
        var keptBits = considered
        for bit in studied.indices where keptBits & (1 << UInt64(bit)) != 0 {
            let others = keptBits & ~(1 << UInt64(bit))
            let needed = failing.contains { $0 & others == 0 && $0 & (1 << UInt64(bit)) != 0 }
            if !needed { keptBits = others }
        }
        var kept: [Int] = []
        for (position, _) in conditions.enumerated() {
            if let bit = studied.firstIndex(of: position) {
                if keptBits & (1 << UInt64(bit)) != 0 || unsound.contains(bit) { kept.append(position) }
            } else {
                kept.append(position)
            }
        }
        // One name: the values of it that take the route.
        var values: NameValues?
        if named.count == 1, unsound.isEmpty, studied.count == analysable.count {
            let taking = named[0].values.indices.filter { failing[$0] & considered == 0 }.map { named[0].values[$0] }
            values = NameValues(name: named[0].name, values: taking, domain: named[0].values)
        }
        let analysed = studied.indices.filter { !unsound.contains($0) }.map { studied[$0] }
        return RouteReading(isSatisfiable: isSatisfiable, kept: kept, analysed: analysed, values: values)
    }
}
