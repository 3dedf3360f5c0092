/// What the value of each node of an expression can be, found without running it: the
/// least and greatest value of an integer, the fewest characters of a text, and whether
/// evaluating the node can fail (a division whose divisor can be zero, an overflow of
/// bounded operands). It is what lets `validate` say that a step argument is never,
/// sometimes or always what the step takes (``StepArgumentRule``).
///
/// Interval arithmetic over the checked tree, one forward pass (children come before their
/// parents), O(nodes). A name's bounds come from ``ExpressionEnvironment/ranges`` (a
/// rating field's `min...max`) and ``ExpressionEnvironment/nonEmpty`` (`flow.id`,
/// `screen.id`); any other name has no bounds. Sound but not exact: an interval may hold
/// values the expression never has (`rating * 2` is 2…10, though only even); callers
/// that need exact values enumerate small domains (``ExpressionDomainAnalysis``).
///
/// Not covered, by design: an overflow of 64-bit integers when an operand has no bound
/// (a host's context value, a variable): only bounded arithmetic is checked.
package struct ExpressionBounds: Sendable, Hashable {
    /// The least value of an integer node; `nil` when there is no bound (or the node is
    /// not an integer).
    package var lower: Int?
    /// The greatest value of an integer node; `nil` when there is no bound.
    package var upper: Int?
    /// The fewest characters (Unicode scalars) a text node has; 0 when it may be empty.
    package var minimumLength = 0
    /// The most characters (Unicode scalars) a text node has; `nil` when there is no bound.
    package var maximumLength: Int?
    /// Why evaluating this node may fail, when it or a node below it may: the node's own
    /// failure when it has one, else one of its children's.
    package var failure: Failure?

    /// Why a node's evaluation may fail.
    package struct Failure: Sendable, Hashable {
        /// The index of the node that may fail (a division, an arithmetic operator).
        package var node: Int
        /// The operand that decides it (a divisor), by index.
        package var operand: Int
        /// What happens: a division by zero or an overflow.
        package var kind: Kind

        package enum Kind: Sendable, Hashable {
            /// The divisor may be zero.
            case divisionByZero
            /// The result may not fit in 64 bits.
            case overflow
            /// The text given to `matches` may be longer than it searches
            /// (``ExpressionEvaluator/maximumMatchedLength``).
            case textTooLong
        }
    }

    /// Bounds that say nothing.
    package static let unknown = ExpressionBounds()

    /// Whether the node is an integer with both bounds known.
    package var range: ClosedRange<Int>? {
        guard let lower, let upper, lower <= upper else { return nil }
        return lower...upper
    }

    /// The bounds of every node of `tree`, by index, with `types` from
    /// ``ExpressionChecker/check(_:text:in:)``. O(nodes).
    package static func of(_ tree: ExpressionTree, types: [CheckedType], in environment: ExpressionEnvironment) -> [ExpressionBounds] {
        var bounds = [ExpressionBounds](repeating: .unknown, count: tree.nodes.count)
        for index in tree.nodes.indices {
            let node = tree.nodes[index]
            var result = ExpressionBounds.unknown
            // A failure below fails this node too; a failure of the node itself replaces it.
            for child in node.children where result.failure == nil { result.failure = bounds[child].failure }
            switch node.kind {
            case .literal(let value):
                switch value {
                case .integer(let number): (result.lower, result.upper) = (number, number)
                case .string(let text):
                    result.minimumLength = text.unicodeScalars.count
                    result.maximumLength = result.minimumLength
                default: break
                }
            case .name(let name):
                if let range = environment.ranges[name] { (result.lower, result.upper) = (range.lowerBound, range.upperBound) }
                if environment.nonEmpty.contains(name) { result.minimumLength = 1 }
                result.maximumLength = environment.maximumLengths[name]
            case .prefix(.minus):
                let operand = bounds[node.children[0]]
                if types[index] == .value(ValueType(.integer)) {
                    // -x: the bounds swap; -Int.min overflows.
                    if let lower = operand.lower, lower == Int.min {
                        result.failure = Failure(node: index, operand: node.children[0], kind: .overflow)
                    } else {
                        result.upper = operand.lower.map { -$0 }
                        result.lower = operand.upper.flatMap { $0 == Int.min ? nil : -$0 }
                    }
                }
            case .prefix:
                break
            case .infix(let symbol):
                let (l, r) = (bounds[node.children[0]], bounds[node.children[1]])
                switch symbol {
                case .plus where types[index] == .value(ValueType(.string)):
                    let (sum, overflow) = l.minimumLength.addingReportingOverflow(r.minimumLength)
                    result.minimumLength = overflow ? Int.max : sum
                    result.maximumLength = add(l.maximumLength, r.maximumLength)
                case .plus, .minus, .times:
                    guard types[index] == .value(ValueType(.integer)) else { break }
                    let (lower, upper, overflows) = arithmetic(symbol, l, r)
                    (result.lower, result.upper) = (lower, upper)
                    if overflows { result.failure = Failure(node: index, operand: node.children[1], kind: .overflow) }
                case .divide:
                    let divisor = node.children[1]
                    if mayBeZero(tree, divisor, bounds[divisor], types[divisor]) {
                        result.failure = Failure(node: index, operand: divisor, kind: .divisionByZero)
                    }
                default:
                    break
                }
            case .membership:
                break
            case .call(let function):
                switch function {
                case .length:
                    // Characters are counted as grapheme clusters: a non-empty text has at least one.
                    result.lower = bounds[node.children.first ?? index].minimumLength > 0 ? 1 : 0
                case .lowercased:
                    // Lower-casing keeps a text non-empty, and maps a scalar to at most three.
                    let text = bounds[node.children.first ?? index]
                    result.minimumLength = min(text.minimumLength, 1)
                    result.maximumLength = text.maximumLength.flatMap { length in
                        let (tripled, overflow) = length.multipliedReportingOverflow(by: 3)
                        return overflow ? nil : tripled
                    }
                case .matches:
                    // `matches` refuses a text longer than it searches.
                    let text = node.children.first ?? index
                    if (bounds[text].maximumLength ?? Int.max) > ExpressionEvaluator.maximumMatchedLength {
                        result.failure = Failure(node: index, operand: text, kind: .textTooLong)
                    }
                default:
                    break
                }
            }
            bounds[index] = result
        }
        return bounds
    }

    /// Whether a divisor can be zero: a literal that is not zero cannot; an integer with
    /// bounds that exclude 0 cannot; anything else may.
    private static func mayBeZero(_ tree: ExpressionTree, _ index: Int, _ bounds: ExpressionBounds, _ type: CheckedType) -> Bool {
        if case .literal(let value) = tree.nodes[index].kind { return value.isZero }
        if type == .value(ValueType(.integer)) {
            if let lower = bounds.lower, lower > 0 { return false }
            if let upper = bounds.upper, upper < 0 { return false }
        }
        return true
    }

    /// The bounds of `l SYMBOL r` for `+ - *` on integers, and whether the result may
    /// overflow (only said when both operands are bounded).
    private static func arithmetic(_ symbol: ExpressionSymbol, _ l: ExpressionBounds, _ r: ExpressionBounds) -> (Int?, Int?, Bool) {
        guard let a = l.range, let b = r.range else {
            // One side unbounded: a bound survives only where the operation keeps it.
            switch symbol {
            case .plus: return (add(l.lower, r.lower), add(l.upper, r.upper), false)
            case .minus: return (subtract(l.lower, r.upper), subtract(l.upper, r.lower), false)
            default: return (nil, nil, false)
            }
        }
        let candidates: [(Int, Bool)]
        switch symbol {
        case .plus:
            candidates = [a.lowerBound.addingReportingOverflow(b.lowerBound), a.upperBound.addingReportingOverflow(b.upperBound)]
                .map { ($0.partialValue, $0.overflow) }
        case .minus:
            candidates = [a.lowerBound.subtractingReportingOverflow(b.upperBound), a.upperBound.subtractingReportingOverflow(b.lowerBound)]
                .map { ($0.partialValue, $0.overflow) }
        default:
            candidates = [
                a.lowerBound.multipliedReportingOverflow(by: b.lowerBound), a.lowerBound.multipliedReportingOverflow(by: b.upperBound),
                a.upperBound.multipliedReportingOverflow(by: b.lowerBound), a.upperBound.multipliedReportingOverflow(by: b.upperBound),
            ].map { ($0.partialValue, $0.overflow) }
        }
        if candidates.contains(where: \.1) { return (nil, nil, true) }
        let values = candidates.map(\.0)
        return (values.min(), values.max(), false)
    }

    private static func add(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }

    private static func subtract(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? nil : difference
    }
}
