import FlowSystem

/// Evaluates an ``ExpressionTree`` against the values of its names.
///
/// Every node is evaluated once, in the tree's order (children first), so evaluation is
/// linear in the expression's size and needs no recursion. `&&` and `||` decide from
/// their left operand when they can: a failure on the side not needed (`x != 0 && 10 / x
/// > 1` with `x` = 0) is ignored, as short-circuit evaluation would never have run it.
/// Integers that overflow 64 bits, a division by zero, a missing name and a
/// pattern that does not compile are failures, never a silent value.
package enum ExpressionEvaluator {
    /// What a node evaluated to.
    package enum Outcome: Sendable, Hashable {
        case value(ExpressionValue)
        case failure(String)
    }

    /// The outcome of every node of `tree` in `nodes` (a subtree's run `first...index`, by
    /// default the whole tree), indexed from `nodes.lowerBound`.
    /// - Parameter lookup: the value of a name; `nil` is a failure ("no value for 'name'").
    package static func evaluate(
        _ tree: ExpressionTree, nodes: ClosedRange<Int>? = nil, lookup: (String) -> ExpressionValue?
    ) -> [Outcome] {
        var outcomes: [Outcome] = []
        evaluate(tree, nodes: nodes, into: &outcomes, lookup: lookup)
        return outcomes
    }

    /// ``evaluate(_:nodes:lookup:)`` into `outcomes` (emptied first, its storage reused):
    /// for callers that evaluate one tree many times.
    package static func evaluate(
        _ tree: ExpressionTree, nodes: ClosedRange<Int>? = nil, into outcomes: inout [Outcome],
        lookup: (String) -> ExpressionValue?
    ) {
        outcomes.removeAll(keepingCapacity: true)
        guard !tree.nodes.isEmpty else { return }
        let run = nodes ?? 0...tree.root
        outcomes.reserveCapacity(run.count)
        var index = run.lowerBound
        while index <= run.upperBound {
            defer { index += 1 }
            // The right operand of an `&&` (`||`) whose left one is false (true) is not
            // evaluated: its nodes get a placeholder and the walk jumps past them.
            if index < tree.shortCircuitParent.count, case let parent = Int(tree.shortCircuitParent[index]), parent >= 0,
                run.contains(parent), case .infix(let symbol) = tree.nodes[parent].kind
            {
                let lhs = tree.nodes[parent].children[0], rhs = tree.nodes[parent].children[1]
                let decided = outcomes[lhs - run.lowerBound] == .value(.boolean(symbol == .or))
                if decided {
                    for _ in index...rhs { outcomes.append(.failure("not evaluated")) }
                    index = rhs
                    continue
                }
            }
            let node = tree.nodes[index]
            func child(_ position: Int) -> Outcome { outcomes[node.children[position] - run.lowerBound] }
            let outcome: Outcome
            switch node.kind {
            case .literal(let value): outcome = .value(value)
            case .name(let name): outcome = lookup(name).map(Outcome.value) ?? .failure("no value for '\(name)'")
            case .prefix(let symbol): outcome = prefix(symbol, child(0))
            case .infix(let symbol): outcome = infix(symbol, child(0), child(1))
            case .membership:
                let candidate = child(0)
                guard case .value(let value) = candidate else {
                    outcome = candidate
                    break
                }
                var result: Outcome = .value(.boolean(false))
                for position in 1..<node.children.count {
                    switch child(position) {
                    case .failure(let message): result = .failure(message)
                    case .value(let item) where equal(value, item): result = .value(.boolean(true))
                    case .value: continue
                    }
                    break
                }
                outcome = result
            case .call(let function):
                var arguments: [ExpressionValue] = []
                var failure: Outcome?
                for position in node.children.indices {
                    switch child(position) {
                    case .value(let value): arguments.append(value)
                    case .failure: failure = failure ?? child(position)
                    }
                }
                outcome = failure ?? call(function, arguments)
            }
            outcomes.append(outcome)
        }
    }

    /// The outcome of the whole tree.
    package static func value(of tree: ExpressionTree, lookup: (String) -> ExpressionValue?) -> Outcome {
        evaluate(tree, lookup: lookup).last ?? .failure("empty expression")
    }

    /// Whether `a` equals `b`: numbers by value (`2 == 2.0`), everything else by kind and
    /// value (strings by Unicode canonical equivalence, as Swift compares them).
    package static func equal(_ a: ExpressionValue, _ b: ExpressionValue) -> Bool {
        // Two integers compare as integers: the same answer as through `Decimal`, which
        // holds every 64-bit integer exactly, without building two.
        if case .integer(let x) = a, case .integer(let y) = b { return x == y }
        if let x = a.decimalValue, let y = b.decimalValue { return x == y }
        return a == b
    }

    private static func prefix(_ symbol: ExpressionSymbol, _ operand: Outcome) -> Outcome {
        guard case .value(let value) = operand else { return operand }
        switch (symbol, value) {
        case (.not, .boolean(let b)): return .value(.boolean(!b))
        case (.minus, .integer(let i)):
            let (result, overflow) = Int(0).subtractingReportingOverflow(i)
            return overflow ? .failure("integer overflow in -\(i)") : .value(.integer(result))
        case (.minus, .decimal(let d)): return .value(.decimal(-d))
        default: return .failure("'\(symbol.rawValue)' cannot take \(value.literal)")
        }
    }

    private static func infix(_ symbol: ExpressionSymbol, _ lhs: Outcome, _ rhs: Outcome) -> Outcome {
        // Short circuit: the left side may decide without the right.
        if symbol == .and, case .value(.boolean(false)) = lhs { return lhs }
        if symbol == .or, case .value(.boolean(true)) = lhs { return lhs }
        guard case .value(let l) = lhs else { return lhs }
        guard case .value(let r) = rhs else { return rhs }
        switch symbol {
        case .and, .or:
            guard case .boolean = l, case .boolean(let b) = r else { break }
            return .value(.boolean(b))
        case .equal: return .value(.boolean(equal(l, r)))
        case .notEqual: return .value(.boolean(!equal(l, r)))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if case .integer(let x) = l, case .integer(let y) = r { return .value(.boolean(order(symbol, x, y))) }
            guard let x = l.decimalValue, let y = r.decimalValue else { break }
            return .value(.boolean(order(symbol, x, y)))
        case .plus:
            if case .string(let a) = l, case .string(let b) = r { return .value(.string(a + b)) }
            return arithmetic(symbol, l, r)
        case .minus, .times, .divide:
            return arithmetic(symbol, l, r)
        default: break
        }
        return .failure("'\(symbol.rawValue)' cannot take \(l.literal) and \(r.literal)")
    }

    /// `x SYMBOL y` for an ordering symbol (`< <= > >=`).
    private static func order<Number: Comparable>(_ symbol: ExpressionSymbol, _ x: Number, _ y: Number) -> Bool {
        switch symbol {
        case .less: x < y
        case .lessOrEqual: x <= y
        case .greater: x > y
        default: x >= y
        }
    }

    private static func arithmetic(_ symbol: ExpressionSymbol, _ l: ExpressionValue, _ r: ExpressionValue) -> Outcome {
        if symbol != .divide, case .integer(let a) = l, case .integer(let b) = r {
            let (result, overflow) =
                switch symbol {
                case .plus: a.addingReportingOverflow(b)
                case .minus: a.subtractingReportingOverflow(b)
                default: a.multipliedReportingOverflow(by: b)
                }
            return overflow ? .failure("integer overflow in \(a) \(symbol.rawValue) \(b)") : .value(.integer(result))
        }
        guard let a = l.decimalValue, let b = r.decimalValue else {
            return .failure("'\(symbol.rawValue)' cannot take \(l.literal) and \(r.literal)")
        }
        let result: Decimal
        switch symbol {
        case .plus: result = a + b
        case .minus: result = a - b
        case .times:
            // A product whose exponent would fall below what a `Decimal` holds (10^-128)
            // stops the process inside Foundation's `*` rather than giving NaN: refused
            // before. The product's exponent is the sum of the operands' exponents, raised
            // by one for each digit past the 38 a decimal keeps when it is rounded.
            guard a.isZero || b.isZero || Self.productExponent(a, b) >= Self.smallestExponent else {
                return .failure("the result of \(l.literal) * \(r.literal) is smaller than a decimal holds")
            }
            result = a * b
        default:
            guard !b.isZero else { return .failure("division by zero in \(l.literal) / \(r.literal)") }
            result = a / b
        }
        guard !result.isNaN else {
            return .failure("the result of \(l.literal) \(symbol.rawValue) \(r.literal) is too large or too small for a decimal")
        }
        return .value(.decimal(result))
    }

    private static func call(_ function: ExpressionFunction, _ arguments: [ExpressionValue]) -> Outcome {
        var texts: [String] = []
        for argument in arguments {
            guard case .string(let text) = argument else {
                return .failure("'\(function.rawValue)' cannot take \(argument.literal)")
            }
            texts.append(text)
        }
        guard texts.count == function.parameters.count else {
            return .failure("'\(function.rawValue)' takes \(function.parameters.count) arguments")
        }
        switch function {
        case .isEmpty: return .value(.boolean(texts[0].isEmpty))
        case .length: return .value(.integer(texts[0].count))
        case .lowercased: return .value(.string(texts[0].lowercased()))
        case .contains: return .value(.boolean(texts[1].isEmpty || texts[0].contains(texts[1])))
        case .matches:
            // Bounded: a text longer than this is not searched (it fails), so no typed text
            // can make one condition slow.
            guard texts[0].unicodeScalars.count <= maximumMatchedLength else {
                return .failure("the text is longer than \(maximumMatchedLength) characters, the most 'matches' searches")
            }
            guard let regex = try? Regex(texts[1]) else { return .failure("invalid regular expression \(ExpressionValue.string(texts[1]).literal)") }
            return .value(.boolean(texts[0].firstMatch(of: regex) != nil))
        }
    }

    /// The longest text `matches` searches, in Unicode scalars: 10,000.
    package static let maximumMatchedLength = 10_000

    /// The smallest exponent a `Decimal` holds: its values are significand × 10^exponent
    /// with the exponent in -128...127, and at most 38 significant digits.
    static let smallestExponent = -128

    /// The least exponent the product of `a` and `b` (neither zero) can have once rounded
    /// to 38 digits: the sum of their exponents, raised by the digits the product has past
    /// 38 (at least the two significands' digits, less one). O(digits).
    static func productExponent(_ a: Decimal, _ b: Decimal) -> Int {
        let sum = a.exponent + b.exponent
        guard sum < smallestExponent else { return sum }
        func digits(_ value: Decimal) -> Int { value.significand.description.utf8.filter { (0x30...0x39).contains($0) }.count }
        return sum + max(0, digits(a) + digits(b) - 1 - 38)
    }

    /// Why `pattern` is not a regular expression `matches` can use, or `nil` when it is:
    /// it does not compile, or a repeated group holds an unbounded repetition (`(a+)+`,
    /// `(x*y)*`), which backtracking matchers take exponential time on for some texts
    /// (the "nested quantifier" form of ReDoS); such a pattern can always be written
    /// without the nesting.
    package static func patternProblem(_ pattern: String) -> String? {
        do {
            _ = try Regex(pattern)
        } catch {
            return String(describing: error)
        }
        if hasNestedRepetition(pattern) {
            return "a repeated group holds a repetition (as in '(a+)+'), which can take exponential time on some texts; write it without the nesting"
        }
        return nil
    }

    /// Whether a group that holds `*`, `+` or `{n,}` is itself followed by `*`, `+` or
    /// `{n,…}`. Escapes and character classes are skipped. O(length of the pattern).
    static func hasNestedRepetition(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        /// For each open group: whether it holds an unbounded repetition.
        var groups: [Bool] = []
        var index = 0
        /// Whether the atom just closed was a group holding a repetition.
        var lastGroupRepeats = false
        func isUnboundedRepeat(at position: Int) -> Bool {
            guard position < scalars.count else { return false }
            switch scalars[position] {
            case "*", "+": return true
            case "{":
                // `{n,}`, `{n,m}` with m > 1, and `{n}` with n > 1 repeat; `{0,1}` and `{1}` do not.
                var end = position + 1
                while end < scalars.count, scalars[end] != "}" { end += 1 }
                let inside = String(String.UnicodeScalarView(scalars[(position + 1)..<min(end, scalars.count)]))
                let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
                if parts.count == 1 { return (Int(parts[0]) ?? 0) > 1 }
                return parts.count == 2 && (parts[1].isEmpty || (Int(parts[1]) ?? 0) > 1)
            default: return false
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\":
                index += 2
                lastGroupRepeats = false
                continue
            case "[":
                index += 1
                if index < scalars.count, scalars[index] == "^" { index += 1 }
                if index < scalars.count, scalars[index] == "]" { index += 1 }
                while index < scalars.count, scalars[index] != "]" { index += scalars[index] == "\\" ? 2 : 1 }
                lastGroupRepeats = false
            case "(":
                groups.append(false)
                lastGroupRepeats = false
            case ")":
                lastGroupRepeats = groups.popLast() ?? false
                if isUnboundedRepeat(at: index + 1) {
                    if lastGroupRepeats { return true }
                    if !groups.isEmpty { groups[groups.count - 1] = true }
                } else if lastGroupRepeats, !groups.isEmpty {
                    groups[groups.count - 1] = true
                }
            default:
                if isUnboundedRepeat(at: index), !groups.isEmpty { groups[groups.count - 1] = true }
                lastGroupRepeats = false
            }
            index += 1
        }
        return false
    }
}
