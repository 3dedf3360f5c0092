import FlowSource

/// Turns an offset inside a ``TemplateString`` into a place in the source file.
///
/// A template's text is the scalar *after* YAML/JSON decoding: escapes (`\"`, `''`,
/// `\u00e9`) are resolved and block or multi-line scalars are folded, so an offset in
/// the text is not an offset in the file. When the file's bytes are at hand, the place
/// is found by searching them: the reference `${name}` that is the k-th occurrence of
/// that exact text in the decoded string is taken to be the k-th occurrence of the same
/// bytes within the scalar's span in the file (escapes and folding never produce or
/// split a `${name}`, whose characters are all plain ASCII without spaces). Its line and
/// column are then counted from the scalar's start: LF, CRLF and a lone CR end a line,
/// columns count Unicode scalars (as ``SourcePosition`` documents).
///
/// Without the bytes (``FlowValidator`` called on a flow without its ``SourceFile``),
/// the exact column is still known when the scalar is single-line and its source text is
/// the template's text character for character (plain, or quoted without escapes). In
/// every other case, or when the search finds nothing, the whole scalar is the place.
enum TemplateLocator {
    /// The span of the `length` Unicode scalars at `offset` in `template.raw`, or the
    /// scalar's own span when the exact place cannot be found; `nil` for templates built
    /// in code.
    ///
    /// The text searched for is `raw[offset ..< offset + max(length, 2)]`, so a problem
    /// reported on the single `$` of a `${` is found by its `${`.
    /// - Parameter source: the file the template's span points into, if available; it is
    ///   used only when its path is the span's file.
    /// - Complexity: O(length of the scalar in the file + length of `raw`).
    static func span(in template: TemplateString, offset: Int, length: Int, source: SourceFile?) -> SourceSpan? {
        guard let span = template.span else { return nil }
        let scalars = Array(template.raw.unicodeScalars)
        guard offset >= 0, offset < scalars.count else { return span }
        let length = min(max(0, length), scalars.count - offset)
        if let source, source.path == span.file,
            let found = search(scalars, offset: offset, length: length, in: source.bytes, within: span)
        {
            return found
        }
        return sameWidthSpan(span, scalars: scalars, offset: offset, length: length) ?? span
    }

    /// The search through the file's bytes described above; `nil` when the needle is not
    /// found as often as it occurs before `offset` in the decoded text.
    private static func search(
        _ scalars: [Unicode.Scalar], offset: Int, length: Int, in bytes: [UInt8], within span: SourceSpan
    ) -> SourceSpan? {
        let needleScalars = scalars[offset..<min(scalars.count, offset + max(length, 2))]
        let needle = needleScalars.flatMap { Array(String($0).utf8) }
        let decoded = Array(String(String.UnicodeScalarView(scalars)).utf8)
        let bytesBefore = scalars[..<offset].reduce(0) { $0 + UTF8.width($1) }
        // How many times the needle starts before `offset` in the decoded text.
        let rank = occurrences(of: needle, in: decoded, startingBefore: bytesBefore)
        let lower = span.start.offset, upper = span.end.offset
        guard !needle.isEmpty, lower >= 0, lower <= upper, upper <= bytes.count else { return nil }
        var seen = 0
        var position = lower
        var match: Int?
        while position + needle.count <= upper {
            if bytes[position] == needle[0], bytes[position..<(position + needle.count)].elementsEqual(needle) {
                if seen == rank {
                    match = position
                    break
                }
                seen += 1
            }
            position += 1
        }
        guard let match else { return nil }
        let start = location(of: match, from: span.start, in: bytes)
        let width = needleScalars.prefix(length).reduce(0) { $0 + UTF8.width($1) }
        let end = SourcePosition(line: start.line, column: start.column + length, offset: match + width)
        return SourceSpan(file: span.file, start: start, end: end)
    }

    /// The number of (possibly overlapping) occurrences of `needle` in `haystack` that
    /// start before byte `limit`.
    private static func occurrences(of needle: [UInt8], in haystack: [UInt8], startingBefore limit: Int) -> Int {
        guard !needle.isEmpty else { return 0 }
        var count = 0
        var position = 0
        while position < limit, position + needle.count <= haystack.count {
            if haystack[position..<(position + needle.count)].elementsEqual(needle) { count += 1 }
            position += 1
        }
        return count
    }

    /// The location of byte `target`, counted forward from `origin` (a location whose
    /// `offset` is at or before `target`): LF, CRLF (one break) and a lone CR end a line;
    /// every byte that starts a UTF-8 sequence is one column.
    static func location(of target: Int, from origin: SourcePosition, in bytes: [UInt8]) -> SourcePosition {
        var line = origin.line
        var column = origin.column
        var index = origin.offset
        while index < target, index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                // CR LF is one break, counted at the LF.
                if index + 1 >= bytes.count || bytes[index + 1] != 0x0A {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourcePosition(line: line, column: column, offset: target)
    }

    /// The exact place when the scalar is single-line and exactly as wide as the text
    /// (plain) or the text plus two quotes (quoted without escapes); else `nil`.
    private static func sameWidthSpan(
        _ span: SourceSpan, scalars: [Unicode.Scalar], offset: Int, length: Int
    ) -> SourceSpan? {
        guard span.start.line == span.end.line else { return nil }
        let width = span.end.column - span.start.column
        let opening: Int
        if width == scalars.count {
            opening = 0
        } else if width == scalars.count + 2 {
            opening = 1
        } else {
            return nil
        }
        let bytesBefore = scalars[..<offset].reduce(0) { $0 + UTF8.width($1) }
        let bytesInside = scalars[offset..<(offset + length)].reduce(0) { $0 + UTF8.width($1) }
        let start = SourcePosition(
            line: span.start.line, column: span.start.column + opening + offset,
            offset: span.start.offset + opening + bytesBefore)
        let stop = SourcePosition(line: span.start.line, column: start.column + length, offset: start.offset + bytesInside)
        var located = span  // same file, without looking its path up
        located.start = start
        located.end = stop
        return located
    }
}
