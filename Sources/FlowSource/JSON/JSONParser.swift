/// A strict RFC 8259 parser producing the same located ``Node`` tree as the YAML loader.
///
/// - Grammar: RFC 8259 §2–§7. No comments, no trailing commas, no single quotes, no
///   leading zeros, nothing but white space after the value.
/// - Strings (§7) become `doubleQuoted` scalars with every escape decoded; `\uXXXX`
///   surrogate pairs combine, a lone surrogate is a `syntax-error` at its `\`; control
///   characters must be escaped.
/// - Numbers (§6) keep their exact text as `plain` scalars, as do `true`, `false`, `null`.
/// - Duplicate names are `duplicate-key` (§4 says SHOULD be unique; we require it).
/// - Nesting deeper than ``LoadingLimits/maximumNestingDepth`` is `nesting-depth-limit`, and
///   the other ``LoadingLimits`` are checked as the tree is built; the parser itself is
///   iterative, so no input can exhaust the stack.
///
/// The input must be valid UTF-8 (checked before). One pass, O(n).
struct JSONParser: DocumentParser {
    /// An open array or object.
    private struct Frame {
        let isObject: Bool
        let start: SourcePosition
        var pendingKey: DocumentTreeBuilder.NodeID?
    }

    private let source: SourceFile
    private let bytes: [UInt8]
    private let bomLength: Int
    private var position: Int
    private var locator: SourceLocator
    private var tree: DocumentTreeBuilder
    private(set) var diagnostics: [Diagnostic] = []
    /// Duplicate keys found past ``LoadingLimits/diagnosticLimit``: counted, not kept.
    private(set) var omittedDiagnostics = 0
    /// Where the first duplicate left out was found.
    private(set) var firstOmittedSpan: SourceSpan?

    init(source: SourceFile, bomLength: Int, limits: LoadingLimits = LoadingLimits()) {
        self.source = source
        bytes = source.bytes
        self.bomLength = bomLength
        position = bomLength
        locator = SourceLocator(bytes: source.bytes, bomLength: bomLength)
        tree = DocumentTreeBuilder(file: source.path, limits: limits, expectedNodes: source.bytes.count / 8)
    }

    /// Parses the whole text; the root, or `nil` after a syntax error or for an empty text.
    mutating func parse() -> Node? {
        do throws(Diagnostic) {
            skipWhitespace()
            guard position < bytes.count else {
                let start = SourcePosition(line: 1, column: 1, offset: min(bomLength, bytes.count))
                diagnostics.append(
                    .error(JSONProblem.empty.code, JSONProblem.empty.message, at: SourceSpan(path: tree.path, at: start)))
                return nil
            }
            let root = try parseValueTree()
            skipWhitespace()
            if position < bytes.count {
                throw problem(isCommentHere ? .commentAfterValue : .contentAfterValue(found: describeHere()))
            }
            return tree.finish(root: root)
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    // MARK: Structure

    /// Parses one value, iteratively: containers are frames on an explicit stack.
    private mutating func parseValueTree() throws(Diagnostic) -> DocumentTreeBuilder.NodeID {
        var stack: [Frame] = []
        while true {
            // At the start of a value.
            var finished: DocumentTreeBuilder.NodeID
            switch currentByte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.count >= tree.limits.maximumNestingDepth {
                    let start = here
                    throw tree.limits.nestingTooDeep(
                        at: SourceSpan(path: tree.path, start: start, end: locator.location(atByteOffset: position + 1)))
                }
                let isObject = currentByte == UInt8(ascii: "{")
                stack.append(Frame(isObject: isObject, start: here))
                tree.openCollection(isMapping: isObject)
                position += 1
                skipWhitespace()
                if currentByte == UInt8(ascii: isObject ? "}" : "]") {
                    position += 1
                    finished = try close(stack.removeLast())
                } else {
                    if isObject { try parseKey(into: &stack[stack.count - 1]) }
                    continue
                }
            default:
                finished = try parseScalar()
            }
            // A value is complete: hand it to its container, then find what follows.
            while true {
                guard !stack.isEmpty else { return finished }
                let top = stack.count - 1
                if stack[top].isObject, let key = stack[top].pendingKey.take() {
                    if let duplicate = try tree.addEntry(key: key, value: finished) {
                        if let limit = tree.limits.diagnosticLimit, diagnostics.count >= limit {
                            if omittedDiagnostics == 0 { firstOmittedSpan = duplicate.span }
                            omittedDiagnostics += 1
                        } else {
                            diagnostics.append(duplicate)
                        }
                    }
                } else {
                    tree.appendItem(finished)
                }
                skipWhitespace()
                let closer = UInt8(ascii: stack[top].isObject ? "}" : "]")
                if currentByte == UInt8(ascii: ",") {
                    let comma = position
                    position += 1
                    skipWhitespace()
                    if currentByte == closer {
                        throw problem(.trailingComma, at: locator.location(atByteOffset: comma))
                    }
                    if stack[top].isObject { try parseKey(into: &stack[top]) }
                    break
                }
                if currentByte == closer {
                    position += 1
                    finished = try close(stack.removeLast())
                    continue
                }
                throw problem(.expectedSeparator(inObject: stack[top].isObject, found: describeHere()))
            }
        }
    }

    /// Parses `"name" :` and leaves the position at the member's value.
    private mutating func parseKey(into frame: inout Frame) throws(Diagnostic) {
        guard currentByte == UInt8(ascii: "\"") else {
            if currentByte == UInt8(ascii: "'") {
                throw problem(.singleQuotes)
            }
            throw problem(.expectedMemberName(found: describeHere()))
        }
        frame.pendingKey = try parseString()
        skipWhitespace()
        guard currentByte == UInt8(ascii: ":") else {
            throw problem(.expectedColon(found: describeHere()))
        }
        position += 1
        skipWhitespace()
    }

    private mutating func close(_ frame: consuming Frame) throws(Diagnostic) -> DocumentTreeBuilder.NodeID {
        let end = here
        return try tree.closeCollection(start: frame.start, end: end)
    }

    // MARK: Scalars

    private mutating func parseScalar() throws(Diagnostic) -> DocumentTreeBuilder.NodeID {
        switch currentByte {
        case UInt8(ascii: "\""):
            return try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return try parseLiteral()
        case UInt8(ascii: "'"):
            throw problem(.singleQuotes)
        case UInt8(ascii: "/"):
            throw problem(.comment)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw problem(.expectedValue(found: describeHere()))
        default:
            if let word = wordHere() { throw problem(.unknownWord(word)) }
            throw problem(.expectedValue(found: describeHere()))
        }
    }

    /// `true`, `false` or `null` (RFC 8259 §3), lowercase only.
    private mutating func parseLiteral() throws(Diagnostic) -> DocumentTreeBuilder.NodeID {
        let start = here
        for literal in ["true", "false", "null"] as [StaticString] where matches(literal) {
            let end = position + literal.utf8CodeUnitCount
            // `trueish` is not `true` followed by garbage but an unknown word.
            if end >= bytes.count || !Self.isWordByte(bytes[end]) {
                position = end
                return try scalar(literal.description, .plain, from: start)
            }
        }
        throw problem(.unknownWord(wordHere() ?? ""))
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` (RFC 8259 §6), kept as text.
    private mutating func parseNumber() throws(Diagnostic) -> DocumentTreeBuilder.NodeID {
        let startOffset = position
        let start = here
        if currentByte == UInt8(ascii: "-") { position += 1 }
        if currentByte == UInt8(ascii: "0") {
            position += 1
            if Self.isDigit(currentByte) {
                throw problem(.leadingZero, at: start)
            }
        } else if Self.isDigit(currentByte) {
            skipDigits()
        } else {
            throw problem(.expectedDigit(found: describeHere()))
        }
        if currentByte == UInt8(ascii: ".") {
            position += 1
            guard Self.isDigit(currentByte) else {
                throw problem(.expectedFractionDigit(found: describeHere()))
            }
            skipDigits()
        }
        if currentByte == UInt8(ascii: "e") || currentByte == UInt8(ascii: "E") {
            position += 1
            if currentByte == UInt8(ascii: "+") || currentByte == UInt8(ascii: "-") { position += 1 }
            guard Self.isDigit(currentByte) else {
                throw problem(.expectedExponentDigit(found: describeHere()))
            }
            skipDigits()
        }
        let text = String(decoding: bytes[startOffset..<position], as: UTF8.self)
        return try scalar(text, .plain, from: start)
    }

    /// A string (RFC 8259 §7) from its opening quote; escapes decoded.
    private mutating func parseString() throws(Diagnostic) -> DocumentTreeBuilder.NodeID {
        let start = here
        position += 1
        var decoded: [UInt8] = []
        var segmentStart = position
        while true {
            // Skip the bytes that stand for themselves.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                position += 1
            }
            guard position < bytes.count else {
                throw problem(.unclosedString, at: start)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text: String
                if decoded.isEmpty && segmentStart == start.offset + 1 {
                    text = String(decoding: bytes[segmentStart..<position], as: UTF8.self)
                } else {
                    decoded.append(contentsOf: bytes[segmentStart..<position])
                    text = String(decoding: decoded, as: UTF8.self)
                }
                position += 1
                return try scalar(text, .doubleQuoted, from: start)
            }
            if byte < 0x20 {
                throw problem(.unescapedControl(lineBreak: byte == 0x0A || byte == 0x0D))
            }
            decoded.append(contentsOf: bytes[segmentStart..<position])
            try parseEscape(into: &decoded)
            segmentStart = position
        }
    }

    /// One escape sequence from its backslash, appended as UTF-8.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(Diagnostic) {
        let escapeStart = here
        position += 1
        guard position < bytes.count else { throw problem(.unclosedString) }
        let letter = bytes[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeStart: escapeStart)
            var scalar = unit
            if (0xD800...0xDBFF).contains(unit) {
                guard matches("\\u") else {
                    throw problem(.loneSurrogate(unit, high: true), at: escapeStart)
                }
                let lowStart = here
                position += 2
                let low = try hexQuad(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw problem(.loneSurrogate(unit, high: true), at: escapeStart)
                }
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw problem(.loneSurrogate(unit, high: false), at: escapeStart)
            }
            if let value = Unicode.Scalar(scalar), let encoded = UTF8.encode(value) {
                decoded.append(contentsOf: encoded)
            }
        default:
            position -= 1
            throw problem(.invalidEscape(describeByte(letter)), at: escapeStart)
        }
    }

    /// The four hex digits after `\u`; the position is just after the `u`.
    private mutating func hexQuad(escapeStart: SourcePosition) throws(Diagnostic) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = Self.hexValue(bytes[position]) else {
                throw problem(.shortUnicodeEscape, at: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    // MARK: Bytes

    private var currentByte: UInt8 { position < bytes.count ? bytes[position] : 0 }

    private var here: SourcePosition {
        mutating get { locator.location(atByteOffset: position) }
    }

    /// Adds a scalar from `start` to here.
    private mutating func scalar(
        _ text: String, _ style: ScalarStyle, from start: SourcePosition
    ) throws(Diagnostic) -> DocumentTreeBuilder.NodeID {
        let end = here
        return try tree.addScalar(text, style: style, start: start, end: end)
    }

    /// RFC 8259 §2: space, tab, line feed, carriage return.
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while Self.isDigit(currentByte) { position += 1 }
    }

    private func matches(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { expected in
            for index in 0..<count where bytes[position + index] != expected[index] { return false }
            return true
        }
    }

    /// The run of letters and digits at the position (`True`, `NaN`), if any.
    private func wordHere() -> String? {
        var end = position
        while end < bytes.count, Self.isWordByte(bytes[end]), end - position < 32 { end += 1 }
        return end > position ? String(decoding: bytes[position..<end], as: UTF8.self) : nil
    }

    /// Whether a `//` or `/*` comment starts at the position.
    private var isCommentHere: Bool {
        position + 1 < bytes.count && bytes[position] == UInt8(ascii: "/")
            && (bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*"))
    }

    /// What is at the position, for messages that read "found …": `'x'`, `'é'`,
    /// `a line break`, `the end of the file`, `a comment (JSON has no comments)`.
    private func describeHere() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        if isCommentHere { return "a comment (JSON has no comments)" }
        if byte == 0x0A || byte == 0x0D { return "a line break" }
        if byte < 0x80 { return byte < 0x20 || byte == 0x7F ? describeByte(byte) : "'\(describeByte(byte))'" }
        let width = byte.utf8SequenceLength
        return "'\(String(decoding: bytes[position..<min(position + width, bytes.count)], as: UTF8.self))'"
    }

    private func describeByte(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        let hex = String(byte, radix: 16, uppercase: true)
        return "control character U+00\(hex.count == 1 ? "0" : "")\(hex)"
    }

    /// The diagnostic of `problem` at `location` (default: the current position), one
    /// character wide.
    private mutating func problem(_ problem: JSONProblem, at location: SourcePosition? = nil) -> Diagnostic {
        let start = location ?? here
        return .error(problem.code, problem.message, at: SourceSpan(path: tree.path, characterAt: start, in: bytes))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
