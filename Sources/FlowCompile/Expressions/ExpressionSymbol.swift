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

    /// The symbols written with one character, indexed by that ASCII character; read from
    /// ``rawValue``, so the lexer needs no text of its own.
    package static let byCharacter: [ExpressionSymbol?] = {
        var table = [ExpressionSymbol?](repeating: nil, count: 128)
        for symbol in allCases where symbol.rawValue.utf8.count == 1 {
            if let byte = symbol.rawValue.utf8.first { table[Int(byte)] = symbol }
        }
        return table
    }()

    /// The symbols written with two characters, with those characters (ASCII bytes);
    /// read from ``rawValue``.
    package static let twoCharacterSymbols: [(first: UInt8, second: UInt8, symbol: ExpressionSymbol)] =
        allCases.compactMap { symbol in
            let bytes = Array(symbol.rawValue.utf8)
            return bytes.count == 2 ? (bytes[0], bytes[1], symbol) : nil
        }

    /// The symbol the UTF-8 bytes `first` (then `second`, when given) spell, two
    /// characters first; `nil` for none. O(1).
    package static func lex(_ first: UInt8, _ second: UInt8?) -> (symbol: ExpressionSymbol, length: Int)? {
        if let second {
            for entry in twoCharacterSymbols where entry.first == first && entry.second == second { return (entry.symbol, 2) }
        }
        guard first < 128, let symbol = byCharacter[Int(first)] else { return nil }
        return (symbol, 1)
    }

    /// Whether the symbol compares two values (`== != < <= > >=`).
    package var isComparison: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: true
        default: false
        }
    }

    /// Whether the symbol orders numbers (`< <= > >=`).
    package var isOrdering: Bool { isComparison && self != .equal && self != .notEqual }
}

/// The words of the expression language that are not names.
package enum ExpressionKeyword: String, Sendable, Hashable, CaseIterable {
    case `true`, `false`, null, `in`

    /// The length of the longest keyword, in characters: a longer name is not one.
    package static let maximumLength = allCases.map(\.rawValue.utf8.count).max() ?? 0

    /// The keyword the ASCII bytes spell, or `nil`; compares bytes, so a name costs no
    /// string. O(length).
    package init?<Bytes: Collection<UInt8>>(bytes: Bytes) {
        guard bytes.count <= Self.maximumLength else { return nil }
        guard let keyword = Self.allCases.first(where: { $0.rawValue.utf8.elementsEqual(bytes) }) else { return nil }
        self = keyword
    }
}
