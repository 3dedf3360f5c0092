import FlowSystem

/// Splits an expression's text into ``ExpressionToken``s, in one forward pass.
///
/// - Names: `[A-Za-z_][A-Za-z0-9_]*`, joined by `.` into one dotted name
///   (`call.maxParticipants`); `true`, `false`, `null` and `in` are keywords.
/// - Numbers: ASCII digits (an integer within 64 bits), or digits `.` digits (a decimal).
/// - Strings: in single quotes; `\'` is a quote and `\\` a backslash inside them.
/// - Symbols: ``ExpressionSymbol``; white space (space, tab, line breaks) separates tokens.
///
/// The first malformed token (an unknown character, `=`, `&`, `|`, an unterminated
/// string, a number too large) ends the pass with an `invalid-expression` problem. A
/// string in double quotes (`"text"`) is the one it recovers from: the problem is kept
/// and the text read as the string it was meant to be, so the rest of the expression is
/// read and checked too.
///
/// The pass reads the text's UTF-8 bytes; token ranges are in Unicode scalars (what
/// ``FlowExpression`` counts), kept beside the byte position: everything outside a
/// string literal is ASCII, one byte one scalar, and inside a literal a scalar starts at
/// every byte that is not a UTF-8 continuation byte (RFC 3629 §3). O(length of the text).
struct ExpressionLexer {
    /// The text's UTF-8 bytes, borrowed for the pass (``tokens(of:)``), not copied.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The byte read next.
    private var position = 0
    /// The Unicode scalar offset of `position`.
    private var scalarPosition = 0
    /// Where the last token ended, in scalars: the end of the text is placed there, so
    /// "ends too early" points at the text's last character, not past trailing white space.
    private var lastEnd = 0
    /// The problems recovered from so far.
    private var recovered: [ExpressionProblem] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Every token of `text` up to and including `.end`, with the problems recovered from,
    /// or the first problem that ended the pass.
    static func tokens(of text: String) -> Result<(tokens: [ExpressionToken], recovered: [ExpressionProblem]), ExpressionProblem> {
        var text = text
        return text.withUTF8 { bytes in
            var lexer = ExpressionLexer(bytes: bytes)
            return lexer.tokens()
        }
    }

    private mutating func tokens() -> Result<(tokens: [ExpressionToken], recovered: [ExpressionProblem]), ExpressionProblem> {
        var tokens: [ExpressionToken] = []
        tokens.reserveCapacity(bytes.count / 3 + 2)
        do throws(ExpressionProblem) {
            while true {
                let token = try next()
                let (isEnd, end) = (token.shape == .end, token.range.upperBound)
                tokens.append(consume token)
                if isEnd { return .success((tokens, recovered)) }
                lastEnd = end
            }
        } catch {
            // A problem recovered from came first: it is the cause to report.
            return .failure(recovered.first ?? error)
        }
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    /// Moves past `count` ASCII bytes (one scalar each).
    private mutating func skip(_ count: Int = 1) {
        position += count
        scalarPosition += count
    }

    /// A name's bytes, by ``Identifier``, the one grammar of names.
    private static func isNameStart(_ byte: UInt8) -> Bool { Identifier.isPartStart(byte) }

    private static func isNamePart(_ byte: UInt8) -> Bool { Identifier.isPartByte(byte) }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Whether `byte` continues a UTF-8 sequence rather than starting a scalar.
    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    private mutating func next() throws(ExpressionProblem) -> ExpressionToken {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        {
            skip()
        }
        let start = scalarPosition
        guard let byte = peek() else { return ExpressionToken(kind: .end, range: lastEnd..<lastEnd) }
        if Self.isNameStart(byte) { return try name() }
        if Self.isDigit(byte) { return try number() }
        if byte == UInt8(ascii: "'") { return try string() }
        if byte == UInt8(ascii: "\""), let token = doubleQuotedString() { return token }
        // Two-character symbols first, so `<=` is not `<` then `=`.
        let second = peek(1)
        if let second, let (written, replacement) = Self.misspelledOperator(byte, second) {
            throw ExpressionMessages.badOperator(written, replacement: replacement, at: start..<(start + 2))
        }
        if let (symbol, length) = ExpressionSymbol.lex(byte, second) {
            skip(length)
            if symbol == .equal, peek() == UInt8(ascii: "=") {
                // `===`, `====`, …: the whole run of `=` is what was written.
                var count = 2
                while peek(count - 2) == UInt8(ascii: "=") { count += 1 }
                throw ExpressionMessages.badOperator(String(repeating: "=", count: count), replacement: "==", at: start..<(start + count))
            }
            return ExpressionToken(kind: .symbol(symbol), range: start..<scalarPosition)
        }
        switch byte {
        case UInt8(ascii: "="):
            // `<==` or `>==`: lexed as `<=` then `=`; the whole of it is what was written.
            if position >= 2, bytes[position - 1] == UInt8(ascii: "="),
                bytes[position - 2] == UInt8(ascii: "<") || bytes[position - 2] == UInt8(ascii: ">")
            {
                let comparison = bytes[position - 2] == UInt8(ascii: "<") ? "<=" : ">="
                throw ExpressionMessages.badOperator(comparison + "=", replacement: comparison, at: (start - 2)..<(start + 1))
            }
            throw ExpressionMessages.badOperator("=", replacement: "==", at: start..<(start + 1))
        case UInt8(ascii: "&"): throw ExpressionMessages.badOperator("&", replacement: "&&", at: start..<(start + 1))
        case UInt8(ascii: "|"): throw ExpressionMessages.badOperator("|", replacement: "||", at: start..<(start + 1))
        case UInt8(ascii: "\""): throw ExpressionMessages.doubleQuotedString(at: start..<(start + 1))
        default: throw ExpressionMessages.unexpectedCharacter(scalar(at: position), at: start..<(start + 1))
        }
    }

    /// The Unicode scalar whose UTF-8 sequence starts at byte `offset`.
    private func scalar(at offset: Int) -> Unicode.Scalar {
        var end = offset + 1
        while end < bytes.count, Self.isContinuation(bytes[end]) { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    /// Two-character operators of other languages, with what to write instead.
    private static func misspelledOperator(_ first: UInt8, _ second: UInt8) -> (String, String)? {
        switch (first, second) {
        case (UInt8(ascii: "<"), UInt8(ascii: ">")): ("<>", "!=")
        case (UInt8(ascii: "="), UInt8(ascii: "<")): ("=<", "<=")
        case (UInt8(ascii: "="), UInt8(ascii: ">")): ("=>", ">=")
        default: nil
        }
    }

    /// The text of the ASCII bytes `range` (a name or a number).
    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private mutating func name() throws(ExpressionProblem) -> ExpressionToken {
        let (start, scalarStart) = (position, scalarPosition)
        while true {
            while let byte = peek(), Self.isNamePart(byte) { skip() }
            guard peek() == UInt8(ascii: ".") else { break }
            guard let after = peek(1), Self.isNameStart(after) else {
                throw ExpressionMessages.nameExpectedAfterDot(at: scalarPosition..<(scalarPosition + 1))
            }
            skip()
        }
        let range = scalarStart..<scalarPosition
        if let keyword = ExpressionKeyword(bytes: bytes[start..<position]) {
            return ExpressionToken(kind: .keyword(keyword), range: range)
        }
        return ExpressionToken(kind: .name(text(start..<position)), range: range)
    }

    private mutating func number() throws(ExpressionProblem) -> ExpressionToken {
        let (start, scalarStart) = (position, scalarPosition)
        while let byte = peek(), Self.isDigit(byte) { skip() }
        var isDecimal = false
        if peek() == UInt8(ascii: "."), let after = peek(1), Self.isDigit(after) {
            isDecimal = true
            skip()
            while let byte = peek(), Self.isDigit(byte) { skip() }
        } else if peek() == UInt8(ascii: ".") {
            throw ExpressionMessages.digitExpectedAfterPoint(at: scalarPosition..<(scalarPosition + 1))
        }
        if let byte = peek(), Self.isNameStart(byte) {
            throw ExpressionMessages.unexpectedCharacter(Unicode.Scalar(byte), at: scalarPosition..<(scalarPosition + 1))
        }
        let range = scalarStart..<scalarPosition
        let text = text(start..<position)
        if isDecimal {
            // 38 significant digits is what `Decimal` holds exactly.
            let digits = bytes[start..<position].filter(Self.isDigit).drop { $0 == UInt8(ascii: "0") }.count
            guard digits <= 38, let value = Decimal(string: text) else {
                throw ExpressionMessages.numberTooLong(text, at: range)
            }
            return ExpressionToken(kind: .decimal(value), range: range)
        }
        guard let value = Int(text) else { throw ExpressionMessages.integerTooLarge(text, at: range) }
        return ExpressionToken(kind: .integer(value), range: range)
    }

    /// A string written in double quotes up to the next `"` on the same text, kept as a
    /// string token with its problem recovered (strings are written in single quotes);
    /// `nil`, reading nothing, when no `"` closes it.
    private mutating func doubleQuotedString() -> ExpressionToken? {
        guard let close = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let start = scalarPosition
        let text = String(decoding: bytes[(position + 1)..<close], as: UTF8.self)
        skip()
        while position < close {
            if !Self.isContinuation(bytes[position]) { scalarPosition += 1 }
            position += 1
        }
        skip()
        recovered.append(ExpressionMessages.doubleQuotedString(at: start..<scalarPosition))
        return ExpressionToken(kind: .string(text), range: start..<scalarPosition)
    }

    /// A string literal; its text is copied a run of bytes at a time, between escapes.
    private mutating func string() throws(ExpressionProblem) -> ExpressionToken {
        let start = scalarPosition
        skip()
        var text = ""
        var run = position
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "'"):
                text += String(decoding: bytes[run..<position], as: UTF8.self)
                skip()
                return ExpressionToken(kind: .string(text), range: start..<scalarPosition)
            case UInt8(ascii: "\\"):
                text += String(decoding: bytes[run..<position], as: UTF8.self)
                skip()
                guard let escaped = peek(), escaped == UInt8(ascii: "'") || escaped == UInt8(ascii: "\\") else {
                    // The backslash and the character after it, when there is one.
                    throw ExpressionMessages.badEscape(at: (scalarPosition - 1)..<(scalarPosition + (peek() == nil ? 0 : 1)))
                }
                text.unicodeScalars.append(Unicode.Scalar(escaped))
                skip()
                run = position
            default:
                position += 1
                if !Self.isContinuation(byte) { scalarPosition += 1 }
            }
        }
        throw ExpressionMessages.unterminatedString(at: start..<(start + 1))
    }
}
