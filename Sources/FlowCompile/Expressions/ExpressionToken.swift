#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    package var kind: Kind
    package var range: Range<Int>
}
