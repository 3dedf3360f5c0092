import FlowSource

/// Turns an offset inside a ``TemplateString`` into a place in the source file.
///
/// A template's text is the scalar *after* YAML/JSON decoding: escapes (`\"`, `''`,
/// `\u00e9`) are resolved and block or multi-line scalars are folded, so an offset in
/// the text is not an offset in the file. When the file's bytes are at hand, the
/// scalar's own source is decoded again by ``FlowSource/ScalarSourceMap``, which knows
/// where each decoded character came from (the same map places problems inside
/// expressions, see ``ExpressionLocator``). A `${` that escapes produce (`"\x24{a}"`)
/// is not written in the file, so such a reference is placed at the whole scalar. Line and column follow ``SourcePosition``:
/// LF, CRLF and a lone CR end a line, columns count Unicode scalars.
///
/// Without the bytes (``FlowValidator`` called on a flow without its ``SourceFile``),
/// or when the scalar's source does not decode to the template's text, the exact column
/// is still known when the scalar is single-line and its source text is the template's
/// text character for character (plain, or quoted without escapes). In every other case
/// the whole scalar is the place.
///
/// All the places asked for in one scalar are found together (``spans(in:for:source:)``):
/// the map is built once, O(length of the scalar), and each place is then O(1).
enum TemplateLocator {
    /// One place asked for: the `length` Unicode scalars at `offset` in the template's `raw`.
    struct Request: Sendable, Hashable {
        var offset: Int
        var length: Int
    }

    /// The span of the `length` Unicode scalars at `offset` in `template.raw`, or the
    /// scalar's own span when the exact place cannot be found; `nil` for templates built
    /// in code. One request of ``spans(in:for:source:)``.
    /// - Parameter source: the file the template's span points into, if available; it is
    ///   used only when its path is the span's file.
    /// - Complexity: O(length of the scalar).
    static func span(in template: TemplateString, offset: Int, length: Int, source: SourceFile?) -> SourceSpan? {
        spans(in: template, for: [Request(offset: offset, length: length)], source: source)[0]
    }

    /// The span of each request, in the order of `requests`, each as
    /// ``span(in:offset:length:source:)`` would give it.
    /// - Complexity: O(length of the scalar + k) for k requests.
    static func spans(in template: TemplateString, for requests: [Request], source: SourceFile?) -> [SourceSpan?] {
        guard let span = template.span else { return requests.map { _ in nil } }
        guard !requests.isEmpty else { return [] }
        let map: ScalarSourceMap? =
            if let source, source.path == span.file, let style = template.style {
                ScalarSourceMap(decoded: template.raw, style: style, span: span, source: source)
            } else {
                nil
            }
        var bytesBefore: [Int] = []
        if map == nil {
            // UTF-8 bytes before each scalar of `raw`, and the total at the end.
            var total = 0
            for scalar in template.raw.unicodeScalars {
                bytesBefore.append(total)
                total += UTF8.width(scalar)
            }
            bytesBefore.append(total)
        }
        let count = map?.count ?? bytesBefore.count - 1
        return requests.map { request in
            let offset = request.offset
            guard offset >= 0, offset < count else { return span }
            let length = min(max(0, request.length), count - offset)
            if let map, let source {
                // A `${` that escapes produce (`\x24{`) is not written in the file: the
                // whole scalar is the place, as for a template without its source.
                let place = map.span(offset: offset, length: length)
                let at = place.start.offset
                let written = at + 1 < source.bytes.count && source.bytes[at] == 0x24 && source.bytes[at + 1] == 0x7B
                return written ? place : span
            }
            return sameWidthSpan(span, bytesBefore: bytesBefore, count: count, offset: offset, length: length) ?? span
        }
    }

    /// The exact place when the scalar is single-line and exactly as wide as the text
    /// (plain) or the text plus two quotes (quoted without escapes); else `nil`.
    /// `bytesBefore[i]` is the number of UTF-8 bytes before scalar `i` of the text, which
    /// has `count` scalars. O(1).
    private static func sameWidthSpan(
        _ span: SourceSpan, bytesBefore: [Int], count: Int, offset: Int, length: Int
    ) -> SourceSpan? {
        guard span.start.line == span.end.line else { return nil }
        let width = span.end.column - span.start.column
        let opening: Int
        if width == count {
            opening = 0
        } else if width == count + 2 {
            opening = 1
        } else {
            return nil
        }
        let bytesInside = bytesBefore[offset + length] - bytesBefore[offset]
        let start = SourcePosition(
            line: span.start.line, column: span.start.column + opening + offset,
            offset: span.start.offset + opening + bytesBefore[offset])
        let stop = SourcePosition(line: span.start.line, column: start.column + length, offset: start.offset + bytesInside)
        var located = span  // same file, without looking its path up
        located.start = start
        located.end = stop
        return located
    }
}
