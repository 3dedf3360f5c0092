import FlowDocument

/// Turns an offset inside a ``TemplateString`` into a place in the source file.
///
/// The exact column is known only when the source text of the scalar is the template's
/// text character for character: a single-line scalar that is either plain (its width
/// in the source equals the text's length in Unicode scalars) or quoted without any
/// escape (its width is the length plus the two quotes). Any escape (`\"`, `''`, `\u…`)
/// makes the source wider than that, and block or multi-line scalars are folded; in
/// those cases the whole scalar is the best place we can point at.
enum TemplateLocator {
    /// The span of the `length` Unicode scalars at `offset` in `template.raw`, or the
    /// scalar's own span when the exact column cannot be known; `nil` for templates
    /// built in code. O(offset).
    static func span(in template: TemplateString, offset: Int, length: Int) -> SourceSpan? {
        guard let span = template.span else { return nil }
        guard span.start.line == span.end.line else { return span }
        let scalars = Array(template.raw.unicodeScalars)
        let width = span.end.column - span.start.column
        let opening: Int
        if width == scalars.count {
            opening = 0
        } else if width == scalars.count + 2 {
            opening = 1
        } else {
            return span
        }
        guard offset >= 0, offset <= scalars.count else { return span }
        let end = min(scalars.count, offset + max(0, length))
        let bytesBefore = scalars[..<offset].reduce(0) { $0 + UTF8.width($1) }
        let bytesInside = scalars[offset..<end].reduce(0) { $0 + UTF8.width($1) }
        let start = SourceLocation(
            line: span.start.line, column: span.start.column + opening + offset,
            offset: span.start.offset + opening + bytesBefore)
        let stop = SourceLocation(
            line: span.start.line, column: start.column + (end - offset), offset: start.offset + bytesInside)
        var located = span  // same file, without looking its path up
        located.start = start
        located.end = stop
        return located
    }
}
