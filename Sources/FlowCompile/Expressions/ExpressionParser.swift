/// Parses an expression's text into an ``ExpressionTree``; the grammar is in
/// `docs/expressions.md`:
///
/// ```
/// expression     = or
/// or             = and { "||" and }
/// and            = comparison { "&&" comparison }
/// comparison     = additive [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) additive
///                           | "in" "[" [ expression { "," expression } ] "]" ]
/// additive       = multiplicative { ( "+" | "-" ) multiplicative }
/// multiplicative = prefix { ( "*" | "/" ) prefix }
/// prefix         = ( "!" | "-" ) prefix | primary
/// primary        = literal | name | function "(" [ expression { "," expression } ] ")"
///                | "(" expression ")"
/// ```
///
/// Comparisons do not chain (`a < b < c` is an error). The first problem stops the parse.
/// Bounded: more than ``maximumHeight`` levels of nesting (parentheses, prefix operators,
/// calls, lists) are refused (`invalid-expression`), so the parser's own recursion stays
/// within a fixed stack depth whatever the text; flat repetition (`a + b + c …`, `a && b
/// && c …`) nests nothing and is limited only by the size of the text, since checking
/// and evaluation walk the flat tree without recursion. O(length of the text).
package struct ExpressionParser {
    /// The deepest nesting accepted: 256 levels of parentheses, prefix operators, calls
    /// and lists.
    package static let maximumHeight = 256

    /// The longest text parsed, in UTF-8 bytes: what keeps every node index within the
    /// 32 bits ``ExpressionTree/Children`` holds.
    package static let maximumLength = Int(Int32.max)

    /// The binary operators' levels, loosest first: the grammar's `or`, `and`,
    /// `comparison` (with `in`), `additive` and `multiplicative`.
    private enum Level: Int, Comparable {
        case or, and, comparison, additive, multiplicative

        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The next tighter level: what an operand of this level's operators is made of.
        var tighter: Level? { Level(rawValue: rawValue + 1) }
    }

    private let tokens: [ExpressionToken]
    private var position = 0
    private var nodes: [ExpressionTree.Node] = []
    /// ``ExpressionTree/shortCircuitParent``, one entry per node, set as `&&` and `||` are made.
    private var shortCircuitParent: [Int32] = []
    private var depth = 0

    private init(tokens: [ExpressionToken]) {
        self.tokens = tokens
        // Every node takes at least one token of its own (a value, a name, an operator, a
        // function's name), so the tree is built without regrowing its array.
        nodes.reserveCapacity(tokens.count)
        shortCircuitParent.reserveCapacity(tokens.count)
    }

    /// The tree of `text`, or its first problem.
    package static func parse(_ text: String) -> Result<ExpressionTree, ExpressionProblem> {
        guard text.utf8.count <= maximumLength else { return .failure(ExpressionMessages.tooLong(maximum: maximumLength)) }
        let tokens: [ExpressionToken]
        let recovered: [ExpressionProblem]
        switch ExpressionLexer.tokens(of: text) {
        case .success(let value): (tokens, recovered) = value
        case .failure(let problem): return .failure(problem)
        }
        var parser = ExpressionParser(tokens: tokens)
        do throws(ExpressionProblem) {
            if parser.tokens[parser.position].shape == .end {
                throw ExpressionMessages.emptyExpression(at: parser.current.range)
            }
            _ = try parser.expression()
            try parser.expectEnd()
            return .success(ExpressionTree(nodes: parser.nodes, recovered: recovered, shortCircuitParent: parser.shortCircuitParent))
        } catch {
            // A problem the lexer recovered from came first: it is the cause to report.
            return .failure(recovered.first ?? error)
        }
    }

    private var current: ExpressionToken { tokens[position] }

    private mutating func advance() -> ExpressionToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func isSymbol(_ symbol: ExpressionSymbol) -> Bool {
        tokens[position].shape == .symbol(symbol)
    }

    /// Appends a node over `children` and returns its index.
    private mutating func add(
        _ kind: ExpressionTree.Kind, range: Range<Int>, operatorRange: Range<Int>,
        children: ExpressionTree.Children = ExpressionTree.Children([])
    ) throws(ExpressionProblem) -> Int {
        let first = children.first.map { nodes[$0].first } ?? nodes.count
        nodes.append(ExpressionTree.Node(
            kind: kind, range: range, operatorRange: operatorRange, children: children, first: first))
        shortCircuitParent.append(-1)
        return nodes.count - 1
    }

    private mutating func infix(_ symbol: ExpressionSymbol, _ lhs: Int, _ rhs: Int, at operatorRange: Range<Int>) throws(ExpressionProblem) -> Int {
        let index = try add(
            .infix(symbol), range: nodes[lhs].range.lowerBound..<nodes[rhs].range.upperBound,
            operatorRange: operatorRange, children: ExpressionTree.Children(lhs, rhs))
        if symbol == .and || symbol == .or { shortCircuitParent[nodes[rhs].first] = Int32(index) }
        return index
    }

    private mutating func expectEnd() throws(ExpressionProblem) {
        switch tokens[position].shape {
        case .end: return
        case .symbol(.closeParenthesis): throw ExpressionMessages.unbalancedClose(at: current.range)
        default: throw ExpressionMessages.expectedOperator(found: current, at: current.range)
        }
    }

    private mutating func expression() throws(ExpressionProblem) -> Int {
        try binary(from: .or)
    }

    /// Counts one more level of nesting (a parenthesis, a prefix operator, a call, a
    /// list) opened at `range`: more than ``maximumHeight`` is refused there.
    private mutating func nest(at range: Range<Int>) throws(ExpressionProblem) {
        depth += 1
        guard depth <= Self.maximumHeight else { throw ExpressionMessages.tooDeep(maximum: Self.maximumHeight, at: range) }
    }

    /// The level of the binary operator at `shape`, or `nil` when it is none.
    private static func level(of shape: ExpressionToken.Shape) -> Level? {
        switch shape {
        case .symbol(.or): .or
        case .symbol(.and): .and
        case .symbol(let symbol) where symbol.isComparison: .comparison
        case .keywordIn: .comparison
        case .symbol(.plus), .symbol(.minus): .additive
        case .symbol(.times), .symbol(.divide): .multiplicative
        default: nil
        }
    }

    /// The grammar's levels from `lowest` to `multiplicative` in one loop (precedence
    /// climbing): prefix operands joined left to right by operators of `lowest` or a
    /// tighter level, each right operand taking the tighter operators after it. Once an
    /// operator of some level is taken only one of that level or looser may follow here
    /// (a tighter one the right operand left is the caller's problem), and a comparison
    /// leaves only looser ones (comparisons do not chain). Flat repetition loops here;
    /// each right operand recurses one frame for its tighter levels, so a nesting level
    /// costs at most one frame per operator level.
    private mutating func binary(from lowest: Level) throws(ExpressionProblem) -> Int {
        var lhs = try prefix()
        var highest = Level.multiplicative
        while let level = Self.level(of: tokens[position].shape), level >= lowest, level <= highest {
            if level == .comparison {
                lhs = try comparison(lhs)
                highest = .and
                continue
            }
            guard case .symbol(let symbol) = tokens[position].shape else { break }
            highest = level
            let op = advance()
            try expectOperand(after: op)
            let rhs = if let tighter = level.tighter { try binary(from: tighter) } else { try prefix() }
            lhs = try infix(symbol, lhs, rhs, at: op.range)
        }
        return lhs
    }

    /// `lhs OP additive` or `lhs in [ … ]`, at the comparison operator or `in`.
    private mutating func comparison(_ lhs: Int) throws(ExpressionProblem) -> Int {
        if case .symbol(let symbol) = tokens[position].shape {
            let op = advance()
            try expectOperand(after: op)
            let rhs = try binary(from: .additive)
            if case .symbol(let next) = tokens[position].shape, next.isComparison {
                throw ExpressionMessages.chainedComparison(at: current.range)
            }
            return try infix(symbol, lhs, rhs, at: op.range)
        }
        let op = advance()
        guard isSymbol(.openBracket) else { throw ExpressionMessages.expectedList(after: op.range) }
        let open = advance()
        try nest(at: open.range)
        defer { depth -= 1 }
        var children = [lhs]
        try list(before: .closeBracket, into: &children)
        guard isSymbol(.closeBracket) else { throw ExpressionMessages.unclosed(open, found: current) }
        let close = advance()
        return try add(
            .membership, range: nodes[lhs].range.lowerBound..<close.range.upperBound, operatorRange: op.range,
            children: ExpressionTree.Children(children))
    }

    /// `[ expression { "," expression } ]` up to `close` (not taken), appended to `items`:
    /// a list's items or a call's arguments. A comma right before `close` is "expected a
    /// value".
    private mutating func list(before close: ExpressionSymbol, into items: inout [Int]) throws(ExpressionProblem) {
        guard !isSymbol(close) else { return }
        while true {
            items.append(try expression())
            guard isSymbol(.comma) else { return }
            let comma = advance()
            if isSymbol(close) { throw ExpressionMessages.expectedValue(found: current, after: comma) }
        }
    }

    /// "expected a value after 'op'" when the text ends right after operator `op`.
    private func expectOperand(after op: ExpressionToken) throws(ExpressionProblem) {
        if tokens[position].shape == .end { throw ExpressionMessages.expectedValue(after: op) }
    }

    private mutating func prefix() throws(ExpressionProblem) -> Int {
        if case .symbol(let symbol) = tokens[position].shape, symbol == .not || symbol == .minus {
            let op = advance()
            try nest(at: op.range)
            defer { depth -= 1 }
            try expectOperand(after: op)
            let operand = try prefix()
            return try add(
                .prefix(symbol), range: op.range.lowerBound..<nodes[operand].range.upperBound, operatorRange: op.range,
                children: ExpressionTree.Children(operand))
        }
        return try primary()
    }

    /// A literal or a name at `range`, taking its token: never the last one, which is
    /// always `.end`.
    private mutating func leaf(_ kind: ExpressionTree.Kind, at range: Range<Int>) throws(ExpressionProblem) -> Int {
        position += 1
        return try add(kind, range: range, operatorRange: range)
    }

    private mutating func primary() throws(ExpressionProblem) -> Int {
        // A literal or a name is read in place: only its payload is copied.
        let range = tokens[position].range
        if tokens[position].shape == .operand {
            switch tokens[position].kind {
            case .integer(let value): return try leaf(.literal(.integer(value)), at: range)
            case .decimal(let value): return try leaf(.literal(.decimal(value)), at: range)
            case .string(let value): return try leaf(.literal(.string(value)), at: range)
            case .keyword(.true): return try leaf(.literal(.boolean(true)), at: range)
            case .keyword(.false): return try leaf(.literal(.boolean(false)), at: range)
            case .keyword(.null): return try leaf(.literal(.null), at: range)
            // A name is never the last token (`.end` is), so the next one is there.
            case .name(let name) where tokens[position + 1].shape != .symbol(.openParenthesis):
                return try leaf(.name(name), at: range)
            default: break
            }
        }
        let token = advance()
        switch token.kind {
        case .name(let name):
            guard let function = ExpressionFunction(rawValue: name) else { throw ExpressionMessages.unknownFunction(name, at: token.range) }
            let open = advance()
            try nest(at: token.range)
            defer { depth -= 1 }
            var arguments: [Int] = []
            try list(before: .closeParenthesis, into: &arguments)
            guard isSymbol(.closeParenthesis) else { throw ExpressionMessages.unclosed(open, found: current) }
            let close = advance()
            return try add(
                .call(function), range: token.range.lowerBound..<close.range.upperBound, operatorRange: token.range,
                children: ExpressionTree.Children(arguments))
        case .symbol(.openParenthesis):
            try nest(at: token.range)
            defer { depth -= 1 }
            let inner = try expression()
            guard isSymbol(.closeParenthesis) else { throw ExpressionMessages.unclosed(token, found: current) }
            let close = advance()
            // The parentheses belong to the operand's text: `!(y > 2)`, not `!(y > 2`.
            nodes[inner].range = token.range.lowerBound..<close.range.upperBound
            return inner
        case .symbol(.closeParenthesis):
            throw ExpressionMessages.unbalancedClose(at: token.range)
        case .end:
            throw ExpressionMessages.unexpectedEnd(at: token.range)
        default:
            throw ExpressionMessages.expectedValue(found: token)
        }
    }
}
