#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Splits an expression's text into ``ExpressionToken``s, in one forward pass.
///
/// - Names: `[A-Za-z_][A-Za-z0-9_]*`, joined by `.` into one dotted name
///   (`call.maxParticipants`); `true`, `false`, `null` and `in` are keywords.
/// - Numbers: ASCII digits (an integer within 64 bits), or digits `.` digits (a decimal).
/// - Strings: in single quotes; `\'` is a quote and `\\` a backslash inside them.
/// - Symbols: ``ExpressionSymbol``; white space (space, tab, line breaks) separates tokens.
///
/// The first malformed token (an unknown character, `=`, `&`, `|`, an unterminated
/// string, a number too large) ends the pass with an `invalid-expression` problem.
/// O(length of the text).
package struct ExpressionLexer {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    /// Where the last token ended: the end of the text is placed there, so "ends too
    /// early" points at the text's last character, not past trailing white space.
    private var lastEnd = 0

    package init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Every token up to and including `.end`, or the first problem.
    package mutating func tokens() -> Result<[ExpressionToken], ExpressionProblem> {
        var tokens: [ExpressionToken] = []
        while true {
            switch next() {
            case .success(let token):
                tokens.append(token)
                if token.kind == .end { return .success(tokens) }
                lastEnd = token.range.upperBound
            case .failure(let problem):
                return .failure(problem)
            }
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || isDigit(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private mutating func next() -> Result<ExpressionToken, ExpressionProblem> {
        while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            position += 1
        }
        let start = position
        guard let scalar = peek() else { return .success(ExpressionToken(kind: .end, range: lastEnd..<lastEnd)) }
        if Self.isNameStart(scalar) { return name(from: start) }
        if Self.isDigit(scalar) { return number(from: start) }
        if scalar == "'" { return string(from: start) }
        // Two-character symbols first, so `<=` is not `<` then `=`.
        let second = peek(1)
        if let second, let (written, replacement) = Self.misspelledOperator(scalar, second) {
            return .failure(ExpressionMessages.badOperator(written, replacement: replacement, at: start..<(start + 2)))
        }
        if let (symbol, length) = ExpressionSymbol.lex(scalar, second) {
            position += length
            if symbol == .equal, peek() == "=" {
                return .failure(ExpressionMessages.badOperator("===", replacement: "==", at: start..<(position + 1)))
            }
            return .success(ExpressionToken(kind: .symbol(symbol), range: start..<position))
        }
        switch scalar {
        case "=": return .failure(ExpressionMessages.badOperator("=", replacement: "==", at: start..<(start + 1)))
        case "&": return .failure(ExpressionMessages.badOperator("&", replacement: "&&", at: start..<(start + 1)))
        case "|": return .failure(ExpressionMessages.badOperator("|", replacement: "||", at: start..<(start + 1)))
        case "\"": return .failure(ExpressionMessages.doubleQuotedString(at: start..<(start + 1)))
        default: return .failure(ExpressionMessages.unexpectedCharacter(scalar, at: start..<(start + 1)))
        }
    }

    /// Two-character operators of other languages, with what to write instead.
    private static func misspelledOperator(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> (String, String)? {
        switch (first, second) {
        case ("<", ">"): ("<>", "!=")
        case ("=", "<"): ("=<", "<=")
        case ("=", ">"): ("=>", ">=")
        default: nil
        }
    }

    /// The text of `range`, a name or a number: ASCII only, so each scalar is one byte.
    private func text(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { buffer in
            for (offset, scalar) in scalars[range].enumerated() { buffer[offset] = UInt8(truncatingIfNeeded: scalar.value) }
            return range.count
        }
    }

    private mutating func name(from start: Int) -> Result<ExpressionToken, ExpressionProblem> {
        while true {
            while let scalar = peek(), Self.isNamePart(scalar) { position += 1 }
            guard peek() == "." else { break }
            guard let after = peek(1), Self.isNameStart(after) else {
                return .failure(ExpressionMessages.nameExpectedAfterDot(at: position..<(position + 1)))
            }
            position += 1
        }
        let range = start..<position
        let text = text(range)
        if range.count <= ExpressionKeyword.maximumLength, let keyword = ExpressionKeyword(rawValue: text) {
            return .success(ExpressionToken(kind: .keyword(keyword), range: range))
        }
        return .success(ExpressionToken(kind: .name(text), range: range))
    }

    private mutating func number(from start: Int) -> Result<ExpressionToken, ExpressionProblem> {
        while let scalar = peek(), Self.isDigit(scalar) { position += 1 }
        var isDecimal = false
        if peek() == ".", let after = peek(1), Self.isDigit(after) {
            isDecimal = true
            position += 1
            while let scalar = peek(), Self.isDigit(scalar) { position += 1 }
        } else if peek() == "." {
            return .failure(ExpressionMessages.digitExpectedAfterPoint(at: position..<(position + 1)))
        }
        if let scalar = peek(), Self.isNameStart(scalar) {
            return .failure(ExpressionMessages.unexpectedCharacter(scalar, at: position..<(position + 1)))
        }
        let range = start..<position
        let text = text(range)
        if isDecimal {
            // 38 significant digits is what `Decimal` holds exactly.
            let digits = text.unicodeScalars.filter(Self.isDigit).drop { $0 == "0" }.count
            guard digits <= 38, let value = Decimal(string: text) else {
                return .failure(ExpressionMessages.numberTooLong(text, at: range))
            }
            return .success(ExpressionToken(kind: .decimal(value), range: range))
        }
        guard let value = Int(text) else { return .failure(ExpressionMessages.integerTooLarge(text, at: range)) }
        return .success(ExpressionToken(kind: .integer(value), range: range))
    }

    private mutating func string(from start: Int) -> Result<ExpressionToken, ExpressionProblem> {
        position += 1
        var text = ""
        while let scalar = peek() {
            position += 1
            switch scalar {
            case "'":
                return .success(ExpressionToken(kind: .string(text), range: start..<position))
            case "\\":
                guard let escaped = peek(), escaped == "'" || escaped == "\\" else {
                    return .failure(ExpressionMessages.badEscape(at: (position - 1)..<min(position + 1, scalars.count)))
                }
                text.unicodeScalars.append(escaped)
                position += 1
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        return .failure(ExpressionMessages.unterminatedString(at: start..<(start + 1)))
    }
}
