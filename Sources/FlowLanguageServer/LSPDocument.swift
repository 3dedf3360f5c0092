import FlowSource

/// An open document of the language server: its text and version, and the conversion
/// between the protocol's positions (a 0-based line and a character offset counted in the
/// negotiated ``Encoding``, LSP 3.17 "Position") and byte offsets into the text (what a
/// ``FlowSource/SourcePosition`` holds). Lines end at `\n`, `\r\n` or `\r`, as the
/// protocol says.
package struct LSPDocument: Sendable {
    /// How a position's `character` counts (LSP `PositionEncodingKind`).
    package enum Encoding: String, Sendable, CaseIterable {
        case utf8 = "utf-8"
        case utf16 = "utf-16"
        case utf32 = "utf-32"
    }

    /// The document's URI, as the client names it.
    package var uri: String
    /// The version the client gave it, with its last change.
    package var version: Int
    /// How the client counts a position's `character`, negotiated in `initialize`.
    package let encoding: Encoding
    /// The text, as UTF-8 bytes.
    package private(set) var bytes: [UInt8]
    /// The byte offset where each line starts.
    private var lineStarts: [Int] = [0]
    /// Whether each line is all ASCII: then a character is a byte in every encoding, and a
    /// position converts in O(1) however long the line (a minified JSON flow is one line).
    private var asciiLines: [Bool] = [true]

    /// The document `uri` at `version`, holding `text`, its positions counted in `encoding`.
    package init(uri: String, version: Int, text: String, encoding: Encoding = .utf16) {
        self.uri = uri
        self.version = version
        self.encoding = encoding
        bytes = Array(text.utf8)
        indexLines()
    }

    /// The text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The byte offset of `line`/`character` (clamped to the document: a position past a
    /// line's end is its end, past the last line the text's end, as the protocol says).
    /// O(1) on an ASCII line, else O(length of the line).
    package func offset(line: Int, character: Int, encoding: Encoding) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if asciiLines[line] {
            // Up to the line's terminator, if any.
            var contentEnd = end
            while contentEnd > lineStarts[line], bytes[contentEnd - 1] == 10 || bytes[contentEnd - 1] == 13 { contentEnd -= 1 }
            return lineStarts[line] + min(max(0, character), contentEnd - lineStarts[line])
        }
        var offset = lineStarts[line]
        var units = 0
        while offset < end, units < character {
            let byte = bytes[offset]
            if byte == 10 || byte == 13 { break }
            let length = Self.sequenceLength(byte)
            units += Self.units(leadByte: byte, length: length, encoding: encoding)
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The 0-based line and the character offset in `encoding` of byte `offset`.
    /// O(log lines) on an ASCII line, else O(log lines + length of the line).
    package func position(of offset: Int, encoding: Encoding) -> (line: Int, character: Int) {
        let offset = max(0, min(offset, bytes.count))
        // The last line starting at or before the offset (the first starts at 0).
        let low = max(0, lineStarts.partitioningIndex { $0 > offset } - 1)
        if asciiLines[low] { return (low, offset - lineStarts[low]) }
        var index = lineStarts[low]
        var units = 0
        while index < offset {
            let length = Self.sequenceLength(bytes[index])
            units += Self.units(leadByte: bytes[index], length: length, encoding: encoding)
            index += length
        }
        return (low, units)
    }

    /// The protocol's `Position` of byte `offset`.
    func position(of offset: Int) -> LSPPosition {
        let (line, character) = position(of: offset, encoding: encoding)
        return LSPPosition(line: line, character: character)
    }

    /// The byte offset of `position` (clamped to the document, as ``offset(line:character:encoding:)`` is).
    func offset(of position: LSPPosition) -> Int {
        offset(line: position.line, character: position.character, encoding: encoding)
    }

    /// The protocol's `Range` from byte `start` to byte `end`.
    func range(from start: Int, to end: Int) -> LSPRange {
        LSPRange(start: position(of: start), end: position(of: end))
    }

    /// The range of `span`; no span is the start of the text.
    func range(_ span: SourceSpan?) -> LSPRange {
        range(from: span?.start.offset ?? 0, to: span?.end.offset ?? span?.start.offset ?? 0)
    }

    /// The place of `span` in this document.
    func location(_ span: SourceSpan) -> LSPLocation {
        LSPLocation(uri: uri, range: range(span))
    }

    /// How many lines the text has (one more than its line terminators).
    package var lineCount: Int { lineStarts.count }

    /// The text of 0-based line `number` without its terminator (LF, CRLF or CR); empty
    /// past the last line. O(length of the line).
    package func line(_ number: Int) -> String {
        guard number >= 0, number < lineStarts.count else { return "" }
        let start = lineStarts[number]
        var end = number + 1 < lineStarts.count ? lineStarts[number + 1] : bytes.count
        while end > start, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Replaces the text between two positions with `text` (an incremental change);
    /// without a range, the whole text.
    package mutating func replace(
        from start: (line: Int, character: Int)?, to end: (line: Int, character: Int)?, with text: String, encoding: Encoding
    ) {
        if let start, let end {
            let lower = offset(line: start.line, character: start.character, encoding: encoding)
            let upper = max(lower, offset(line: end.line, character: end.character, encoding: encoding))
            bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
        } else {
            bytes = Array(text.utf8)
        }
        indexLines()
    }

    private mutating func indexLines() {
        lineStarts = [0]
        asciiLines = [true]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 10 {
                lineStarts.append(index + 1)
                asciiLines.append(true)
            } else if bytes[index] == 13 {
                if index + 1 < bytes.count, bytes[index + 1] == 10 { index += 1 }
                lineStarts.append(index + 1)
                asciiLines.append(true)
            } else if bytes[index] >= 0x80 {
                asciiLines[asciiLines.count - 1] = false
            }
            index += 1
        }
    }

    /// The bytes of the UTF-8 sequence starting with `byte` (1 for a stray byte).
    private static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }

    /// How many units of `encoding` one character of `length` UTF-8 bytes takes.
    private static func units(leadByte: UInt8, length: Int, encoding: Encoding) -> Int {
        switch encoding {
        case .utf8: length
        case .utf16: length == 4 ? 2 : 1
        case .utf32: 1
        }
    }
}
