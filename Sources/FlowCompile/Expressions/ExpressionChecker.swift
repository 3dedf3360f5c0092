/// Type-checks an ``ExpressionTree`` against an ``ExpressionEnvironment``; the rules are
/// in `docs/expressions.md`:
///
/// - a name must be declared (`unknown-reference`, with "did you mean");
/// - `&& || !` take booleans; `+` two numbers or two strings; `- * /` and `< <= > >=`
///   numbers (an `integer` and a `decimal` mix; `/` gives a decimal); `== !=` and `in`
///   two values of the same type (numbers mix), or `null` and an optional value;
/// - an optional value (`integer?`) may only be compared with `==`/`!=`, unless a
///   `name != null &&` before it (or `name == null ||`) has ruled null out;
/// - functions take the types of ``ExpressionFunction``; the pattern of `matches` is a
///   string literal, compiled here (`invalid-regex`).
///
/// Every problem is kept (not only the first), each at its own range; a node above a
/// problem is `invalid` and reports nothing more. One forward walk over the nodes, plus
/// one backward walk for null checks: O(nodes · null checks in scope).
package enum ExpressionChecker {
    /// The type of every node (by index) and the problems found.
    package static func check(
        _ tree: ExpressionTree, text: String, in environment: ExpressionEnvironment
    ) -> (types: [CheckedType], problems: [ExpressionProblem]) {
        let nonNull = nonNullNames(tree)
        var types = [CheckedType](repeating: .invalid, count: tree.nodes.count)
        var problems: [ExpressionProblem] = []
        // Split into scalars once, at the first problem that quotes the text: a message
        // then costs the length of its part, however far into the text it is.
        var scalarsOfText: [Unicode.Scalar] = []
        func scalars() -> [Unicode.Scalar] {
            if scalarsOfText.isEmpty, !text.isEmpty { scalarsOfText = Array(text.unicodeScalars) }
            return scalarsOfText
        }
        func source(_ index: Int) -> String { Self.text(of: tree.nodes[index].range, in: scalars()) }

        for index in tree.nodes.indices {
            let node = tree.nodes[index]
            /// Whether no child is invalid (already reported); no array is made for it.
            var childrenValid: Bool { !node.children.contains { types[$0] == .invalid } }
            /// The operand's type without `?`, or a may-be-null problem.
            func nonOptional(_ child: Int) -> ValueType? {
                guard case .value(let type) = types[child] else { return nil }
                if type.isOptional {
                    problems.append(ExpressionMessages.mayBeNull(source(child), type: type, at: tree.nodes[child].range))
                    return nil
                }
                return type
            }
            switch node.kind {
            case .literal(let value):
                types[index] = value.base.map { .value(ValueType($0)) } ?? .null
            case .name(let name):
                if !environment.uncheckedNames.isEmpty && environment.uncheckedNames.contains(name)
                    || environment.unchecked.contains(where: { name.hasPrefix($0) })
                {
                    continue
                }
                guard var type = environment.type(of: name) else {
                    // Part of a field id refused where it is declared (`user-email`): that
                    // says the cause once; its uses stay quiet.
                    if !environment.refusedNames.isEmpty, Self.isPartOfRefusedName(node.range, in: scalars(), environment: environment) {
                        continue
                    }
                    problems.append(ExpressionMessages.unknownName(
                        name, among: environment.names, at: node.range, readsEvent: environment.readsEvent,
                        next: index + 1 < tree.nodes.count ? ExpressionChecker.text(of: node.range.upperBound..<(node.range.upperBound + 1), in: scalars()) : ""))
                    continue
                }
                if type.isOptional, !nonNull.isEmpty, nonNull[index].contains(name) { type = type.nonOptional }
                types[index] = .value(type)
            case .prefix(let symbol):
                if types[node.children[0]] == .null {
                    problems.append(ExpressionMessages.operandMismatch(
                        symbol, needs: symbol == .not ? "a boolean" : "a number", found: ["null"], at: node.operatorRange))
                    continue
                }
                guard childrenValid, let type = nonOptional(node.children[0]) else { continue }
                let fits = symbol == .not ? type.base == .boolean : type.isNumeric
                guard fits else {
                    problems.append(ExpressionMessages.operandMismatch(
                        symbol, needs: symbol == .not ? "a boolean" : "a number", found: [type.description], at: node.operatorRange))
                    continue
                }
                types[index] = .value(type)
            case .infix(let symbol):
                guard childrenValid else {
                    if symbol.isComparison || symbol == .and || symbol == .or { types[index] = .value(ValueType(.boolean)) }
                    continue
                }
                types[index] = infix(symbol, node: node, tree: tree, source: source, types: types, problems: &problems)
            case .membership:
                types[index] = .value(ValueType(.boolean))
                guard childrenValid else { continue }
                for item in node.children.dropFirst() {
                    if let problem = equalityProblem(
                        .equal, node.children[0], item, tree: tree, source: source, types: types, at: tree.nodes[item].range)
                    {
                        // Said as `in`, which is what was written.
                        if problem.message.hasPrefix("'=='") {
                            var mismatch = ExpressionMessages.membershipMismatch(
                                found: [types[node.children[0]].description, types[item].description], at: problem.range)
                            mismatch.hint = problem.hint
                            problems.append(mismatch)
                        } else {
                            problems.append(problem)
                        }
                    }
                }
            case .call(let function):
                guard node.children.count == function.parameters.count else {
                    problems.append(ExpressionMessages.argumentCount(function, found: node.children.count, at: node.range))
                    continue
                }
                guard childrenValid else { continue }
                var fits = true
                for (position, (child, expected)) in zip(node.children, function.parameters).enumerated() {
                    guard let type = nonOptional(child) else {
                        fits = false
                        continue
                    }
                    if type.base != expected {
                        problems.append(ExpressionMessages.argumentMismatch(
                            function, position: position + 1, expected: expected, found: ExpressionMessages.article(type.description),
                            at: tree.nodes[child].range))
                        fits = false
                    }
                }
                if fits, function == .matches {
                    let pattern = tree.nodes[node.children[1]]
                    guard case .literal(.string(let text)) = pattern.kind else {
                        problems.append(ExpressionMessages.patternNotLiteral(at: pattern.range))
                        continue
                    }
                    if let reason = ExpressionEvaluator.patternProblem(text) {
                        problems.append(ExpressionMessages.invalidPattern(reason, at: pattern.range))
                        fits = false
                    }
                }
                if fits { types[index] = .value(ValueType(function.result)) }
            }
        }
        return (types, problems)
    }

    /// The type of `lhs SYMBOL rhs` for valid operands, appending any problem.
    private static func infix(
        _ symbol: ExpressionSymbol, node: ExpressionTree.Node, tree: ExpressionTree, source: (Int) -> String,
        types: [CheckedType], problems: inout [ExpressionProblem]
    ) -> CheckedType {
        let lhs = node.children[0], rhs = node.children[1]
        let boolean = CheckedType.value(ValueType(.boolean))
        if symbol == .equal || symbol == .notEqual {
            if let problem = equalityProblem(symbol, lhs, rhs, tree: tree, source: source, types: types, at: node.operatorRange) {
                problems.append(problem)
            }
            return boolean
        }
        // Every other operator needs two values that are not null. Each operand's type;
        // `skipped` when it is already reported or is reported here (optional); at a
        // `null` operand the check stops (reported once, both types named).
        enum Operand { case type(ValueType), skipped, null }
        func operand(_ child: Int) -> Operand {
            switch types[child] {
            case .value(let type) where type.isOptional:
                problems.append(ExpressionMessages.mayBeNull(source(child), type: type, at: tree.nodes[child].range))
                return .skipped
            case .value(let type): return .type(type)
            case .null:
                problems.append(ExpressionMessages.operandMismatch(
                    symbol, needs: needs(symbol), found: [types[lhs].description, types[rhs].description], at: node.operatorRange))
                return .null
            case .invalid: return .skipped
            }
        }
        let whenMissing: CheckedType = symbol.isOrdering || symbol == .and || symbol == .or ? boolean : .invalid
        let leftOperand = operand(lhs)
        if case .null = leftOperand { return whenMissing }
        let rightOperand = operand(rhs)
        guard case .type(let l) = leftOperand, case .type(let r) = rightOperand else { return whenMissing }
        // The operands' types as messages name them, made only for a message.
        var found: [String] { [l.description, r.description] }
        switch symbol {
        case .and, .or:
            guard l.base == .boolean, r.base == .boolean else {
                problems.append(ExpressionMessages.operandMismatch(symbol, needs: "two booleans", found: found, at: node.operatorRange))
                return boolean
            }
            return boolean
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard l.isNumeric, r.isNumeric else {
                problems.append(ExpressionMessages.operandMismatch(symbol, needs: "two numbers", found: found, at: node.operatorRange))
                return boolean
            }
            return boolean
        case .plus where l.base == .string && r.base == .string:
            return .value(ValueType(.string))
        default:
            guard l.isNumeric, r.isNumeric else {
                problems.append(ExpressionMessages.operandMismatch(
                    symbol, needs: needs(symbol), found: found, at: node.operatorRange))
                return .invalid
            }
            if symbol == .divide {
                if case .literal(let value) = tree.nodes[rhs].kind, value.isZero {
                    problems.append(ExpressionMessages.divisionByZero(at: tree.nodes[rhs].range))
                    return .invalid
                }
                return .value(ValueType(.decimal))
            }
            return .value(ValueType(l.base == .integer && r.base == .integer ? .integer : .decimal))
        }
    }

    private static func needs(_ symbol: ExpressionSymbol) -> String {
        switch symbol {
        case .and, .or: "two booleans"
        case .plus: "two numbers or two strings"
        default: "two numbers"
        }
    }

    /// The problem of comparing `lhs` and `rhs` with `==`/`!=` (or `in`), if any.
    private static func equalityProblem(
        _ symbol: ExpressionSymbol, _ lhs: Int, _ rhs: Int, tree: ExpressionTree, source: (Int) -> String,
        types: [CheckedType], at range: Range<Int>
    ) -> ExpressionProblem? {
        switch (types[lhs], types[rhs]) {
        case (.invalid, _), (_, .invalid), (.null, .null): return nil
        case (.null, .value(let type)) where !type.isOptional:
            return ExpressionMessages.neverNull(source(rhs), type: type, at: tree.nodes[rhs].range)
        case (.value(let type), .null) where !type.isOptional:
            return ExpressionMessages.neverNull(source(lhs), type: type, at: tree.nodes[lhs].range)
        case (.null, _), (_, .null): return nil
        case (.value(let l), .value(let r)):
            if l.base == r.base || (l.isNumeric && r.isNumeric) { return nil }
            // A boolean compared with a text (`isBug == 'yes'`): say what a boolean is.
            var hint: String?
            func literal(_ index: Int) -> String? {
                if case .literal(.string(let text)) = tree.nodes[index].kind { text } else { nil }
            }
            if l.base == .boolean, r.base == .string {
                hint = ExpressionMessages.booleanComparedWithText(source(lhs), text: literal(rhs), equal: symbol != .notEqual)
            } else if r.base == .boolean, l.base == .string {
                hint = ExpressionMessages.booleanComparedWithText(source(rhs), text: literal(lhs), equal: symbol != .notEqual)
            }
            return ExpressionMessages.operandMismatch(
                symbol, needs: "two values of the same type", found: [l.description, r.description], at: range, hint: hint)
        }
    }

    /// For each node, the optional names known not to be null there: on the right of
    /// `a && b`, what `a` being true rules out (`x != null`, and the same of each
    /// operand of a chain of `&&`); on the right of `a || b`, what `a` being false rules
    /// out (`x == null`, and of a chain of `||`). Parents come after their children, so
    /// one backward walk hands every node its parent's facts. Empty (not one entry per
    /// node) when the expression compares nothing with `null`.
    private static func nonNullNames(_ tree: ExpressionTree) -> [[String]] {
        // Only a comparison with `null` proves anything; without one there is nothing to
        // hand down, and no array is made (an empty result means no facts anywhere).
        guard tree.nodes.contains(where: { if case .literal(.null) = $0.kind { true } else { false } }) else { return [] }
        var facts = [[String]](repeating: [], count: tree.nodes.count)
        for index in tree.nodes.indices.reversed() {
            let node = tree.nodes[index]
            for child in node.children { facts[child] = facts[index] }
            if case .infix(let symbol) = node.kind, symbol == .and || symbol == .or {
                facts[node.children[1]] += nullChecks(tree, node.children[0], whenTrue: symbol == .and)
            }
        }
        return facts
    }

    /// The names that `index` being true (`whenTrue`) or false proves are not null: the
    /// `x != null` (or `x == null`) operands of a chain of `&&` (or `||`), walked with an
    /// explicit stack.
    private static func nullChecks(_ tree: ExpressionTree, _ index: Int, whenTrue: Bool) -> [String] {
        var names: [String] = []
        var pending = [index]
        // Bounded: the nearest 64 operands of a chain are searched for null checks, so a
        // chain of n operands costs O(n), not O(n²).
        var visited = 0
        while let next = pending.popLast(), visited < 128 {
            visited += 1
            let node = tree.nodes[next]
            guard case .infix(let symbol) = node.kind else { continue }
            switch symbol {
            case .and where whenTrue, .or where !whenTrue:
                // The right operand first: it is the nearest to the node being checked.
                pending.append(node.children[0])
                pending.append(node.children[1])
            case .notEqual where whenTrue, .equal where !whenTrue:
                let (l, r) = (tree.nodes[node.children[0]].kind, tree.nodes[node.children[1]].kind)
                if case .name(let name) = l, r == .literal(.null) { names.append(name) }
                if case .name(let name) = r, l == .literal(.null) { names.append(name) }
            default:
                break
            }
        }
        return names
    }

    /// Whether the name at `range` is part of a field id refused where it is declared,
    /// written around it (`user` and `email` of `user-email`). O(refused ids · their
    /// length), only for a name that is not declared.
    private static func isPartOfRefusedName(_ range: Range<Int>, in text: [Unicode.Scalar], environment: ExpressionEnvironment) -> Bool {
        for refused in environment.refusedNames {
            let id = Array(refused.unicodeScalars)
            let earliest = max(0, range.upperBound - id.count)
            guard earliest <= range.lowerBound else { continue }
            for start in earliest...range.lowerBound where start + id.count <= text.count {
                if text[start..<(start + id.count)].elementsEqual(id) { return true }
            }
        }
        return false
    }

    /// The text of `range` of the expression, already split into Unicode scalars.
    package static func text(of range: Range<Int>, in text: [Unicode.Scalar]) -> String {
        var out = ""
        out.unicodeScalars.append(contentsOf: text[range.clamped(to: 0..<text.count)])
        return out
    }
}
