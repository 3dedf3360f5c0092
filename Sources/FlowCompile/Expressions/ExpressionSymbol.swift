/// The operators and punctuation of the expression language, each written once: the
/// lexer reads them from ``rawValue``, messages and `docs/expressions.md` name them so.
package enum ExpressionSymbol: String, Sendable, Hashable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case less = "<"
    case greater = ">"
    case and = "&&"
    case or = "||"
    case not = "!"
    case plus = "+"
    case minus = "-"
    case times = "*"
    case divide = "/"
    case openParenthesis = "("
    case closeParenthesis = ")"
    case openBracket = "["
    case closeBracket = "]"
    case comma = ","

    /// Whether the symbol compares two values (`== != < <= > >=`).
    package var isComparison: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: true
        default: false
        }
    }

    /// Whether the symbol orders numbers (`< <= > >=`).
    package var isOrdering: Bool { isComparison && self != .equal && self != .notEqual }

    /// Whether the symbol is arithmetic (`+ - * /`).
    package var isArithmetic: Bool { self == .plus || self == .minus || self == .times || self == .divide }
}

/// The words of the expression language that are not names.
package enum ExpressionKeyword: String, Sendable, Hashable, CaseIterable {
    case `true`, `false`, null, `in`
}
