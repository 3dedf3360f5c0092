import FlowSource

/// An expression of a flow file (`enabledWhen`, `visibleWhen`, `requiredWhen`, an `if`
/// step's `condition`, a `set` step's values, a trigger's `when`, `${…}` in templates),
/// parsed when it is made. The language is in `docs/expressions.md`.
///
/// A text that does not parse keeps its problem for `validate` to report at its exact
/// place; evaluating it fails. Two expressions are equal when their texts are.
public struct FlowExpression: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The parts, in one shared box (``Shared``): a model value holding an expression (a
    /// content block, a button, a template segment) stays one word larger, not a hundred
    /// bytes.
    private struct Parts: Sendable {
        let text: String
        let parsed: Result<ExpressionTree, ExpressionProblem>
        let span: SourceSpan?
        let style: ScalarStyle?
        let offsetInScalar: Int
    }

    private let storage: Shared<Parts>

    /// The expression as written (after YAML/JSON unescaping).
    public var text: String { storage.value.text }
    /// The parsed tree, or the first syntax problem.
    package var parsed: Result<ExpressionTree, ExpressionProblem> { storage.value.parsed }
    /// Where the scalar holding the expression is written, for files.
    package var span: SourceSpan? { storage.value.span }
    /// How that scalar is written, so a place inside the expression can be found in the file.
    package var style: ScalarStyle? { storage.value.style }
    /// Where the expression starts in the scalar's decoded text, in Unicode scalars: 0 for a
    /// condition, the position after `${` for an expression inside a template.
    package var offsetInScalar: Int { storage.value.offsetInScalar }

    /// Parses `text` as an expression. Never throws: a syntax problem is kept for
    /// `validate` to report (`invalid-expression`), and evaluating the expression fails.
    /// O(length of `text`).
    public init(_ text: String) {
        self.init(text, span: nil, style: nil)
    }

    /// An expression written in a file: in the scalar at `span` written in `style`,
    /// starting `offsetInScalar` Unicode scalars into its decoded text.
    package init(_ text: String, span: SourceSpan?, style: ScalarStyle?, offsetInScalar: Int = 0) {
        storage = Shared(Parts(
            text: text, parsed: ExpressionParser.parse(text), span: span, style: style, offsetInScalar: offsetInScalar))
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The expression as written.
    public var description: String { text }

    /// Whether two expressions have the same text.
    public static func == (lhs: FlowExpression, rhs: FlowExpression) -> Bool { lhs.text == rhs.text }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// The identity of this parsed expression (copies share it), for sets of checked ones.
    package var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// The tree, when the text parsed.
    package var tree: ExpressionTree? { try? parsed.get() }

    /// The expression's value, or why it could not be computed (a syntax problem, a name
    /// without a value, a division by zero, an overflow). O(size of the expression).
    package func evaluate(_ lookup: (String) -> ExpressionValue?) -> ExpressionEvaluator.Outcome {
        switch parsed {
        case .success(let tree):
            if let problem = tree.recovered.first { .failure(problem.message) } else { ExpressionEvaluator.value(of: tree, lookup: lookup) }
        case .failure(let problem): .failure(problem.message)
        }
    }

    /// Whether the expression is `true` with these values; `false` when it is false, is
    /// not a boolean or cannot be evaluated.
    package func isTrue(_ lookup: (String) -> ExpressionValue?) -> Bool {
        evaluate(lookup) == .value(.boolean(true))
    }

    /// Why the condition is not true with these values, or `nil` when it is: the part that
    /// was false and what it saw (see ``FalseCondition``). O(size of the expression).
    package func whyNotTrue(_ lookup: (String) -> ExpressionValue?) -> FalseCondition? {
        switch parsed {
        case .failure(let problem):
            return FalseCondition(condition: text, part: text, detail: "could not be evaluated: \(problem.message)")
        case .success(let tree):
            let outcomes = ExpressionEvaluator.evaluate(tree, lookup: lookup)
            if outcomes.last == .value(.boolean(true)) { return nil }
            let scalars = Array(text.unicodeScalars)
            let (part, detail) = explain(tree.root, tree: tree, outcomes: outcomes, scalars: scalars)
            return FalseCondition(condition: text, part: part, detail: detail)
        }
    }

    /// The part of node `index` (whose outcome is not `true`) to blame, and what it saw.
    /// Chains of `&&` and `||` are walked in loops, so recursion only follows nesting
    /// (parentheses, `!`), at most ``ExpressionParser/maximumHeight`` deep.
    private func explain(
        _ start: Int, tree: ExpressionTree, outcomes: [ExpressionEvaluator.Outcome], scalars: [Unicode.Scalar]
    ) -> (String, String) {
        var index = start
        func value(_ child: Int) -> ExpressionValue? {
            if case .value(let value) = outcomes[child] { value } else { nil }
        }
        // Down a chain of `&&`: to the operand that is not true (false, or failed).
        while case .infix(.and) = tree.nodes[index].kind {
            let (lhs, rhs) = (tree.nodes[index].children[0], tree.nodes[index].children[1])
            index = value(lhs) == .boolean(true) ? rhs : lhs
        }
        let node = tree.nodes[index]
        let part = ExpressionChecker.text(of: node.range, in: scalars)
        if case .failure(let message) = outcomes[index] {
            return (part, "could not be evaluated: \(message)")
        }
        let literals = node.children.map { value($0)?.literal ?? "?" }
        switch node.kind {
        case .infix(.or):
            // Every operand of the chain was false: each says why (the first few).
            var operands: [Int] = []
            var pending = [index]
            while let next = pending.popLast() {
                if case .infix(.or) = tree.nodes[next].kind {
                    pending.append(contentsOf: tree.nodes[next].children.reversed())
                } else {
                    operands.append(next)
                }
            }
            let shown = operands.prefix(3).map { operand in
                let (p, d) = explain(operand, tree: tree, outcomes: outcomes, scalars: scalars)
                return "\(p): \(d)"
            }
            let more = operands.count > 3 ? "; and \(operands.count - 3) more" : ""
            return (part, (operands.count == 2 ? "neither side is true (" : "no side is true (") + shown.joined(separator: "; ") + more + ")")
        case .infix(let symbol):
            return (part, "\(literals[0]) \(symbol.rawValue) \(literals[1]) is \(value(index)?.literal ?? "false")")
        case .prefix(.not):
            return (part, "\(ExpressionChecker.text(of: tree.nodes[node.children[0]].range, in: scalars)) is true")
        case .membership:
            return (part, "\(literals[0]) is not in [\(literals.dropFirst().joined(separator: ", "))]")
        case .call(let function):
            return (part, "\(function.rawValue)(\(literals.joined(separator: ", "))) is \(value(index)?.literal ?? "false")")
        case .name(let name):
            return (part, "\(name) is \(value(index)?.literal ?? "false")")
        case .literal, .prefix:
            return (part, "it is \(value(index)?.literal ?? "false")")
        }
    }
}

/// Why a condition was not true: the part of it that was false, as written, and the
/// values that part saw, e.g. `call.maxParticipants > 1: 1 > 1 is false`.
public struct FalseCondition: Sendable, Hashable, CustomStringConvertible {
    /// The whole condition as written.
    public var condition: String
    /// The part that was false, as written (the whole condition when it is one
    /// comparison): for `a && b`, the operand that was false.
    public var part: String
    /// What the part saw, with the values in place of the names: `1 > 1 is false`,
    /// `'x' is not in ['a', 'b']`, or why it could not be evaluated.
    public var detail: String

    /// `part: detail`.
    public var description: String { "\(part): \(detail)" }
}
