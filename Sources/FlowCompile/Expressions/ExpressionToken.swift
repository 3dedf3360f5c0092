import FlowSystem

/// One token of an expression, with where it stands in the expression's text (offsets
/// in Unicode scalars, as ``FlowExpression`` counts them).
package struct ExpressionToken: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case integer(Int)
        case decimal(Decimal)
        case string(String)
        /// A dotted name: `rating`, `call.maxParticipants`, `event.durationSeconds`.
        case name(String)
        case keyword(ExpressionKeyword)
        case symbol(ExpressionSymbol)
        /// The end of the text.
        case end
    }

    /// What the parser looks at before it takes a token: trivially copyable, so that
    /// deciding what comes next copies no payload (a name, a string).
    package enum Shape: Sendable, Hashable {
        case symbol(ExpressionSymbol)
        case keywordIn
        case end
        /// A literal, a name or another keyword.
        case operand
    }

    package let kind: Kind
    package let range: Range<Int>
    /// The token's ``Shape``, fixed when it is made.
    package let shape: Shape

    package init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
        shape =
            switch kind {
            case .symbol(let symbol): .symbol(symbol)
            case .keyword(.in): .keywordIn
            case .end: .end
            default: .operand
            }
    }
}
