/// Where each Unicode scalar of a scalar node's decoded text was written in the source file,
/// so a diagnostic about part of a string (the 7th character of an expression in
/// `when: "a \"b\" > 1"`, a word inside a `|` block) can point at exactly that part.
///
/// The map is built by decoding the node's source text itself, the way libyaml (for YAML)
/// and ``JSONParser`` (for JSON strings) do, and comparing the result with the node's
/// decoded text scalar by scalar: when they differ in any way, there is no map (`init`
/// returns `nil`) and callers point at the whole node instead. A wrong map is never used.
///
/// What the span of a scalar node covers (libyaml's marks, as ``YAMLTreeBuilder`` keeps
/// them; ``JSONParser`` for JSON): it starts at the node's properties (`&anchor`, `!tag`)
/// when it has any, else at its first character: the first character of a plain scalar,
/// the opening quote, the `|` or `>` indicator. It ends just after the last character of a
/// plain scalar, just after the closing quote, and for a block scalar at the start of the
/// line after its last line — content or empty, so the empty lines a `|+` keeps are inside
/// — or at the end of the file.
///
/// Each decoded scalar maps to the source text it came from:
/// - a character written as itself (also spaces and tabs kept inside a line) → itself;
/// - an escape (`\n`, `\x41`, `\u00e9`, `\U0001F600`, a JSON surrogate pair
///   `\uD83D\uDE00` for one scalar, the `''` of a single-quoted scalar) → the whole escape,
///   from its backslash (or first quote);
/// - a line break kept as a line feed (each one of a `|` block; those of a `>` block
///   next to a more-indented line; the last one, which clip and keep chomping keep, and
///   the empty lines' breaks that keep chomping keeps) → that line break;
/// - folding (YAML 1.2 §6.5, §7.3, §8.1.3): the space that a single line break folds to
///   maps to that line break; where `n > 1` line breaks in a row fold to `n - 1` line
///   feeds, the first break is the one folded away and the feeds map to the 2nd…nth
///   breaks (the breaks of the empty lines). A line break escaped in a double-quoted
///   scalar (`\` at the end of a line) and the indentation and trailing white space that
///   folding drops give no decoded scalar, so nothing maps to them.
///
/// Line breaks are LF, CRLF (one break of two bytes) and a lone CR, as ``SourcePosition``
/// counts them. libyaml also breaks lines at U+0085, U+2028 and U+2029, YAML 1.2 does not:
/// a scalar that libyaml folded at one of those has no map.
///
/// Memory: 16 bytes per decoded scalar.
package struct ScalarSourceMap: Sendable {
    /// The source text of one decoded scalar.
    private struct Entry: Sendable {
        /// Where the source text starts.
        var start: SourcePosition
        /// Length of the source text in UTF-8 bytes (1…12).
        var byteCount: UInt8
        /// Columns the source text covers on its line (1 for a character, the escape's
        /// length for an escape, all ASCII), or 0 when it is a line break, which ends at
        /// column 1 of the next line.
        var columnCount: UInt8

        /// The position just after the source text. O(1).
        var end: SourcePosition {
            if columnCount == 0 {
                return SourcePosition(line: start.line + 1, column: 1, offset: start.offset + Int(byteCount))
            }
            return SourcePosition(
                line: start.line, column: start.column + Int(columnCount), offset: start.offset + Int(byteCount))
        }
    }

    /// The file the spans carry: the one of the span given to `init`.
    private let path: SourcePath
    /// One entry per decoded scalar, in order.
    private let entries: [Entry]
    /// Where the content starts (after an opening quote, after a block header): the
    /// place of a zero-width span into an empty text.
    private let contentStart: SourcePosition

    /// The map of the scalar written at `span` of `source` in `style`, whose decoded text
    /// is `decoded` (a node's text, style and span as the YAML or JSON loader made them).
    ///
    /// `nil` when the source bytes of `span` do not decode, by the map's own decoding of
    /// `style`, to exactly `decoded` (or `span` is not inside `source`): then callers fall
    /// back to the whole scalar's span. So a wrong map is never used.
    ///
    /// Positions are computed by walking forward from `span.start`, whose line and column
    /// are taken as given. A block scalar with an indentation indicator (`|2`) is indented
    /// relative to its parent node, which only the parser knows: its indentation is read
    /// off its first content line, comparing that line's leading spaces with the decoded
    /// text's there (and then checked like everything else). An alias used as a mapping
    /// key, and the null that stands in for an unknown alias, span the `*name` they were
    /// written as, which does not decode to their text: they have no map.
    ///
    /// O(bytes of `span` + scalars of `decoded`), no recursion.
    package init?(decoded: String, style: ScalarStyle, span: SourceSpan, source: SourceFile) {
        let bytes = source.bytes
        let startOffset = span.start.offset
        let endOffset = span.end.offset
        guard startOffset >= 0, startOffset <= endOffset, endOffset <= bytes.count else { return nil }
        var decoder = Decoder(bytes: bytes, start: span.start, end: endOffset, expected: decoded)
        do {
            try decoder.decode(style)
        } catch {
            return nil
        }
        path = span.path
        entries = decoder.entries
        contentStart = decoder.contentStart
    }

    /// Number of Unicode scalars of the decoded text. O(1).
    package var count: Int { entries.count }

    /// The span in the file of the decoded scalars `offset ..< offset + length` (Unicode
    /// scalars of the decoded text, 0-based): from the start of the first one's source
    /// text (e.g. the backslash of an escape) to the end of the last one's. A zero-length
    /// request gives a zero-width span at the place of scalar `offset`, or just after the
    /// last one when `offset == count` (at the start of the content when the text is
    /// empty). `offset` is clamped to `0...count` and `length` to `0...count - offset`.
    /// O(1).
    package func span(offset: Int, length: Int) -> SourceSpan {
        let first = min(max(offset, 0), entries.count)
        let length = min(max(length, 0), entries.count - first)
        if length == 0 {
            if first < entries.count { return SourceSpan(path: path, at: entries[first].start) }
            return SourceSpan(path: path, at: entries.last?.end ?? contentStart)
        }
        return SourceSpan(path: path, start: entries[first].start, end: entries[first + length - 1].end)
    }
}

extension ScalarSourceMap {
    /// The decoded text differs from what the source decodes to (or the source is not
    /// well-formed for its style).
    private struct Mismatch: Error {}

    /// Decodes the source of one scalar, checking each scalar it produces against the
    /// expected text and recording where it came from. Walks the bytes forward once.
    private struct Decoder {
        // The ASCII bytes decoding looks for.
        private static let space: UInt8 = 0x20
        private static let tab: UInt8 = 0x09
        private static let lineFeed: UInt8 = 0x0A
        private static let carriageReturn: UInt8 = 0x0D
        private static let backslash: UInt8 = 0x5C
        private static let singleQuote: UInt8 = 0x27
        private static let doubleQuote: UInt8 = 0x22

        /// The whole file's bytes.
        private let bytes: [UInt8]
        /// End of the scalar's source (exclusive byte offset).
        private let end: Int
        /// The decoded text the source must decode to.
        private let expectedText: String
        /// The next expected scalar of ``expectedText``.
        private var expected: String.UnicodeScalarView.Iterator
        /// The source of each scalar decoded so far, in order.
        private(set) var entries: [Entry] = []
        /// Where the content starts: after an opening quote or a block header, else where
        /// the properties (if any) end.
        private(set) var contentStart: SourcePosition
        /// The position of byte `cursor.offset`; only moves forward.
        private var cursor: SourcePosition

        /// White space and line breaks between two pieces of content (flow scalars): the
        /// run of blanks before the first break (kept when no break follows), and the
        /// offsets of the breaks. `escapedBreak`: the first break was escaped (`\`).
        private var blankStart = 0
        private var blankEnd = 0
        private var breaks: [Int] = []
        private var escapedBreak = false

        /// A decoder of `bytes[start.offset ..< end]`, which must decode to `expected`.
        init(bytes: [UInt8], start: SourcePosition, end: Int, expected: String) {
            self.bytes = bytes
            self.end = end
            expectedText = expected
            self.expected = expected.unicodeScalars.makeIterator()
            cursor = start
            contentStart = start
            // At most one scalar per source byte, and per byte of the text.
            entries.reserveCapacity(max(0, min(expected.utf8.count, end - start.offset)))
        }

        /// Decodes the whole source as `style` and checks that the expected text is used up.
        /// O(source bytes + expected scalars).
        mutating func decode(_ style: ScalarStyle) throws(Mismatch) {
            var index = YAMLNodeProperties.contentOffset(in: bytes, from: cursor.offset, end: end)
            switch style {
            case .plain:
                contentStart = try position(at: index)
                try plain(from: index)
            case .singleQuoted, .doubleQuoted:
                let quote = style == .singleQuoted ? Self.singleQuote : Self.doubleQuote
                guard index < end, bytes[index] == quote else { throw Mismatch() }
                index += 1
                contentStart = try position(at: index)
                try quoted(from: index, quote: quote)
            case .literal, .folded:
                try block(from: index, literal: style == .literal)
            }
            guard expected.next() == nil else { throw Mismatch() }
        }

        // MARK: Styles

        /// A plain scalar (YAML 1.2 §7.3.3): content up to `end`, lines folded, leading
        /// and trailing white space of lines dropped.
        private mutating func plain(from start: Int) throws(Mismatch) {
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte == Self.space || byte == Self.tab {
                    addBlank(at: index)
                    index += 1
                } else if isBreak(byte) {
                    breaks.append(index)
                    index += breakLength(at: index)
                } else {
                    try flushGap()
                    index = try character(at: index)
                }
            }
            // White space at the end is not content (the span ends at the last character).
            resetGap()
        }

        /// A quoted scalar (YAML 1.2 §7.3.1, §7.3.2; a JSON string is one without line
        /// breaks) from just after its opening quote to the closing one, which must end
        /// the span.
        private mutating func quoted(from start: Int, quote: UInt8) throws(Mismatch) {
            var index = start
            while true {
                guard index < end else { throw Mismatch() }
                let byte = bytes[index]
                if byte == quote {
                    if quote == Self.singleQuote, index + 1 < end, bytes[index + 1] == Self.singleQuote {
                        try flushGap()
                        try emit("'", at: index, byteCount: 2, columnCount: 2)
                        index += 2
                        continue
                    }
                    try flushGap()
                    index += 1
                    break
                }
                if byte == Self.space || byte == Self.tab {
                    addBlank(at: index)
                    index += 1
                } else if isBreak(byte) {
                    breaks.append(index)
                    index += breakLength(at: index)
                } else if quote == Self.doubleQuote, byte == Self.backslash {
                    try flushGap()
                    guard index + 1 < end else { throw Mismatch() }
                    if isBreak(bytes[index + 1]) {
                        // An escaped line break: it and the next line's indentation are dropped.
                        breaks.append(index + 1)
                        escapedBreak = true
                        index += 1 + breakLength(at: index + 1)
                    } else {
                        let (scalar, length) = try escape(at: index)
                        try emit(scalar, at: index, byteCount: length, columnCount: length)
                        index += length
                    }
                } else {
                    try flushGap()
                    index = try character(at: index)
                }
            }
            guard index == end else { throw Mismatch() }
        }

        /// A block scalar (YAML 1.2 §8.1) from its indicator: the header (chomping and
        /// indentation indicators, a comment), then lines to `end`, as libyaml's
        /// `yaml_parser_scan_block_scalar` reads them.
        private mutating func block(from start: Int, literal: Bool) throws(Mismatch) {
            guard let header = BlockScalarHeader.read(bytes, at: start, end: end), header.isLiteral == literal else { throw Mismatch() }
            var index = header.indicatorsEnd
            while index < end, bytes[index] == Self.space || bytes[index] == Self.tab { index += 1 }
            if index < end, bytes[index] == UInt8(ascii: "#") {
                while index < end, !isBreak(bytes[index]) { index += 1 }
            }
            if index < end {
                guard isBreak(bytes[index]) else { throw Mismatch() }
                index += breakLength(at: index)
            }
            contentStart = try position(at: min(index, end))

            var indent = 0
            if let increment = header.indentation {
                indent = try explicitIndentation(from: index, increment: increment)
            }
            var leadingBreak: Int?
            var trailingBreaks: [Int] = []
            var leadingBlank = false
            // The most spaces of an empty line before the first content line.
            var widestEmptyLine = 0
            while index < end {
                // Indentation: all spaces before the first content line when the
                // indentation is detected from it, else up to `indent`.
                let lineStart = index
                while index < end, bytes[index] == Self.space, indent == 0 || index - lineStart < indent { index += 1 }
                let spaces = index - lineStart
                guard index < end else { break }
                if isBreak(bytes[index]) {
                    widestEmptyLine = max(widestEmptyLine, spaces)
                    trailingBreaks.append(index)
                    index += breakLength(at: index)
                    continue
                }
                // libyaml: the widest of the leading empty lines and the first content line
                // (at least 1, and more than the parent's, which a line in the span is).
                if indent == 0 { indent = max(widestEmptyLine, spaces, 1) }
                guard spaces == indent else { throw Mismatch() }
                // A content line: fold or keep the line break before it, then its text.
                let trailingBlank = bytes[index] == Self.space || bytes[index] == Self.tab
                if !literal, let previous = leadingBreak, !leadingBlank, !trailingBlank {
                    if trailingBreaks.isEmpty {
                        try emit(" ", at: previous, byteCount: breakLength(at: previous), columnCount: 0)
                    }
                } else if let previous = leadingBreak {
                    try emitBreak(at: previous)
                }
                leadingBreak = nil
                for offset in trailingBreaks { try emitBreak(at: offset) }
                trailingBreaks.removeAll(keepingCapacity: true)
                leadingBlank = trailingBlank
                while index < end, !isBreak(bytes[index]) { index = try character(at: index) }
                if index < end {
                    leadingBreak = index
                    index += breakLength(at: index)
                }
            }
            if header.chomping != .strip, let last = leadingBreak { try emitBreak(at: last) }
            if header.chomping == .keep {
                for offset in trailingBreaks { try emitBreak(at: offset) }
            }
        }

        /// The content indentation of a block scalar with an indentation indicator, which
        /// is relative to the parent node's (libyaml: the parent's plus the indicator, or the
        /// indicator at the top level): read off the first content line. The empty lines
        /// before it each give one line feed at the start of the decoded text, so when the
        /// decoded text's first non-empty line is its `k`th, the `k`th line after the header
        /// is the first content line, and the indentation is that line's leading spaces less
        /// the decoded line's. Without a content line every line is empty, and any
        /// indentation at least as wide as the widest line reads them so: that width, or
        /// `increment` if larger. O(bytes up to that line + scalars up to it).
        private func explicitIndentation(from start: Int, increment: Int) throws(Mismatch) -> Int {
            var emptyLines = 0
            var decodedSpaces = 0
            var hasContent = false
            for scalar in expectedText.unicodeScalars {
                if scalar == " " {
                    decodedSpaces += 1
                } else if scalar != "\n" || decodedSpaces > 0 {
                    hasContent = true
                    break
                } else {
                    emptyLines += 1
                }
            }
            hasContent = hasContent || decodedSpaces > 0
            var index = start
            var line = 0
            var widest = 0
            while index < end {
                let lineStart = index
                while index < end, bytes[index] == Self.space { index += 1 }
                let spaces = index - lineStart
                if hasContent, line == emptyLines {
                    let indent = spaces - decodedSpaces
                    guard indent >= increment else { throw Mismatch() }
                    return indent
                }
                widest = max(widest, spaces)
                while index < end, !isBreak(bytes[index]) { index += 1 }
                if index < end { index += breakLength(at: index) }
                line += 1
            }
            guard !hasContent else { throw Mismatch() }
            return max(widest, increment)
        }

        // MARK: Pieces

        /// Decodes the escape sequence at `start` (a backslash) of a double-quoted scalar:
        /// the scalar it stands for and its length in bytes. libyaml's escapes (YAML 1.2
        /// §5.7, and `\'`), which include JSON's; a `\uXXXX` high surrogate followed by a
        /// `\uXXXX` low surrogate is one scalar (JSON; YAML rejects surrogates).
        private func escape(at start: Int) throws(Mismatch) -> (Unicode.Scalar, Int) {
            guard start + 1 < end else { throw Mismatch() }
            let simple: UInt32?
            switch bytes[start + 1] {
            case UInt8(ascii: "0"): simple = 0x00
            case UInt8(ascii: "a"): simple = 0x07
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "t"), Self.tab: simple = 0x09
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "v"): simple = 0x0B
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "e"): simple = 0x1B
            case Self.space: simple = 0x20
            case Self.doubleQuote: simple = 0x22
            case UInt8(ascii: "/"): simple = 0x2F
            case Self.singleQuote: simple = 0x27
            case Self.backslash: simple = 0x5C
            case UInt8(ascii: "N"): simple = 0x85
            case UInt8(ascii: "_"): simple = 0xA0
            case UInt8(ascii: "L"): simple = 0x2028
            case UInt8(ascii: "P"): simple = 0x2029
            default: simple = nil
            }
            if let simple, let scalar = Unicode.Scalar(simple) { return (scalar, 2) }
            let digits: Int
            switch bytes[start + 1] {
            case UInt8(ascii: "x"): digits = 2
            case UInt8(ascii: "u"): digits = 4
            case UInt8(ascii: "U"): digits = 8
            default: throw Mismatch()
            }
            let value = try hex(from: start + 2, digits: digits)
            if digits == 4, (0xD800...0xDBFF).contains(value), start + 11 < end,
                bytes[start + 6] == Self.backslash, bytes[start + 7] == UInt8(ascii: "u")
            {
                let low = try hex(from: start + 8, digits: 4)
                if (0xDC00...0xDFFF).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
                {
                    return (scalar, 12)
                }
            }
            guard let scalar = Unicode.Scalar(value) else { throw Mismatch() }
            return (scalar, 2 + digits)
        }

        /// The value of `digits` hex digits from `start`. O(digits).
        private func hex(from start: Int, digits: Int) throws(Mismatch) -> UInt32 {
            guard start + digits <= end else { throw Mismatch() }
            var value: UInt32 = 0
            for index in start..<start + digits {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw Mismatch()
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// Emits the character (one UTF-8 sequence) at `start` as itself and returns the
        /// offset after it. Throws on bytes that are not well-formed UTF-8.
        private mutating func character(at start: Int) throws(Mismatch) -> Int {
            let lead = bytes[start]
            let width: Int
            var value: UInt32
            switch lead {
            case 0x00...0x7F:
                width = 1
                value = UInt32(lead)
            case 0xC2...0xDF:
                width = 2
                value = UInt32(lead & 0x1F)
            case 0xE0...0xEF:
                width = 3
                value = UInt32(lead & 0x0F)
            case 0xF0...0xF4:
                width = 4
                value = UInt32(lead & 0x07)
            default: throw Mismatch()
            }
            guard start + width <= end else { throw Mismatch() }
            for index in start + 1..<start + width {
                let byte = bytes[index]
                guard byte & 0xC0 == 0x80 else { throw Mismatch() }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            let minimum: UInt32 = width == 3 ? 0x800 : width == 4 ? 0x10000 : 0
            guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw Mismatch() }
            try emit(scalar, at: start, byteCount: width, columnCount: 1)
            return start + width
        }

        /// Records a blank (space or tab) between pieces of content of a flow scalar.
        private mutating func addBlank(at offset: Int) {
            guard breaks.isEmpty else { return }  // indentation of a continuation line
            if blankEnd <= blankStart { blankStart = offset }
            blankEnd = offset + 1
        }

        /// Emits the white space seen since the last content of a flow scalar (YAML 1.2
        /// §6.5): the blanks when no line break came, else the line folded: one break to a
        /// space (mapped to it), `n` breaks to `n - 1` line feeds (mapped to breaks 2…n),
        /// an escaped break to nothing.
        private mutating func flushGap() throws(Mismatch) {
            if breaks.isEmpty {
                for offset in blankStart..<max(blankStart, blankEnd) {
                    try emit(Unicode.Scalar(bytes[offset]), at: offset, byteCount: 1, columnCount: 1)
                }
            } else if breaks.count == 1 {
                if !escapedBreak { try emit(" ", at: breaks[0], byteCount: breakLength(at: breaks[0]), columnCount: 0) }
            } else {
                for offset in breaks.dropFirst() { try emitBreak(at: offset) }
            }
            resetGap()
        }

        /// Forgets the white space seen since the last content.
        private mutating func resetGap() {
            blankStart = 0
            blankEnd = 0
            breaks.removeAll(keepingCapacity: true)
            escapedBreak = false
        }

        /// Emits a line feed for the line break at `offset`.
        private mutating func emitBreak(at offset: Int) throws(Mismatch) {
            try emit("\n", at: offset, byteCount: breakLength(at: offset), columnCount: 0)
        }

        /// Checks `scalar` against the next expected one and records its source text.
        private mutating func emit(
            _ scalar: Unicode.Scalar, at offset: Int, byteCount: Int, columnCount: Int
        ) throws(Mismatch) {
            guard let next = expected.next(), next == scalar else { throw Mismatch() }
            let start = try position(at: offset)
            entries.append(Entry(start: start, byteCount: UInt8(byteCount), columnCount: UInt8(columnCount)))
        }

        // MARK: Bytes

        /// The position of byte `offset`, walking forward from the last one asked for as
        /// ``SourceLocator`` counts: LF, CRLF (the CR stays on its line) and a lone CR end
        /// a line, columns count scalars. O(offset - previous offset).
        private mutating func position(at offset: Int) throws(Mismatch) -> SourcePosition {
            guard offset >= cursor.offset, offset <= bytes.count else { throw Mismatch() }
            var index = cursor.offset
            var line = cursor.line
            var column = cursor.column
            while index < offset {
                let byte = bytes[index]
                if byte == Self.lineFeed
                    || (byte == Self.carriageReturn && (index + 1 >= bytes.count || bytes[index + 1] != Self.lineFeed))
                {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            cursor = SourcePosition(line: line, column: column, offset: offset)
            return cursor
        }

        /// Whether `byte` is LF or CR.
        private func isBreak(_ byte: UInt8) -> Bool { byte == Self.lineFeed || byte == Self.carriageReturn }

        /// 2 for a CRLF at `offset`, else 1.
        private func breakLength(at offset: Int) -> Int {
            bytes[offset] == Self.carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == Self.lineFeed
                ? 2 : 1
        }
    }
}
