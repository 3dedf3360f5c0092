/// The functions an expression may call, each with its parameter types and result type:
/// the one table the checker, the evaluator and `docs/expressions.md` read.
package enum ExpressionFunction: String, Sendable, Hashable, CaseIterable {
    /// `isEmpty(text)`: whether the text has no characters.
    case isEmpty
    /// `length(text)`: the number of characters (extended grapheme clusters).
    case length
    /// `lowercased(text)`: the text in lower case (Unicode default case mapping).
    case lowercased
    /// `contains(text, part)`: whether `part` occurs in `text` (characters compared
    /// exactly, case-sensitive).
    case contains
    /// `matches(text, 'pattern')`: whether the regular expression (Swift `Regex` syntax, a
    /// string literal, checked by `validate`) matches somewhere in `text`.
    case matches

    /// The parameter types, in order.
    package var parameters: [ValueType.Base] {
        switch self {
        case .isEmpty, .length, .lowercased: [.string]
        case .contains, .matches: [.string, .string]
        }
    }

    /// The result type.
    package var result: ValueType.Base {
        switch self {
        case .isEmpty, .contains, .matches: .boolean
        case .length: .integer
        case .lowercased: .string
        }
    }

    /// How the function is called, for messages and docs: `contains(text, part)`.
    package var signature: String {
        switch self {
        case .isEmpty: "isEmpty(text)"
        case .length: "length(text)"
        case .lowercased: "lowercased(text)"
        case .contains: "contains(text, part)"
        case .matches: "matches(text, 'pattern')"
        }
    }

    /// Every function name, for "did you mean".
    package static let names: [String] = allCases.map(\.rawValue)
}
