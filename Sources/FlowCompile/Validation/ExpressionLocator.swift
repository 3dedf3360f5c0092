import FlowSource

/// Turns a range inside an expression (Unicode scalars of ``FlowExpression/text``) into a
/// place in the source file, also when the expression is written in a quoted, escaped,
/// multi-line or block scalar, or inside a `${…}` of a template.
///
/// With the file's bytes, the scalar's own source text is decoded again by
/// ``ScalarSourceMap``, which knows where each decoded character came from. Without them
/// (a flow validated without its ``SourceFile``), or when the scalar's text cannot be
/// matched, the place is the whole scalar.
enum ExpressionLocator {
    /// The span of `range` of `expression`, whose scalar's decoded text is `scalarText`
    /// (the expression's own text for a condition, the template's for `${…}`).
    /// O(length of the scalar).
    static func span(of range: Range<Int>, in expression: FlowExpression, scalarText: String, source: SourceFile?) -> SourceSpan? {
        span(of: range, in: expression, map: map(of: expression, scalarText: scalarText, source: source))
    }

    /// The map of the scalar holding `expression`, to place many ranges of it (and of the
    /// other expressions of one template) for the cost of one. O(length of the scalar).
    static func map(of expression: FlowExpression, scalarText: String, source: SourceFile?) -> ScalarSourceMap? {
        guard let span = expression.span, let source, source.path == span.file, let style = expression.style else { return nil }
        return ScalarSourceMap(decoded: scalarText, style: style, span: span, source: source)
    }

    /// The span of `range` of `expression` with its scalar's `map` (``map(of:scalarText:source:)``),
    /// or the whole scalar without one. O(1).
    static func span(of range: Range<Int>, in expression: FlowExpression, map: ScalarSourceMap?) -> SourceSpan? {
        guard let span = expression.span else { return nil }
        guard let map else { return span }
        let lower = min(max(0, range.lowerBound + expression.offsetInScalar), map.count)
        let upper = min(max(lower, range.upperBound + expression.offsetInScalar), map.count)
        // A zero-width range (the end of the text) is shown on the character before it.
        if lower == upper, lower > 0 { return map.span(offset: lower - 1, length: 1) }
        return map.span(offset: lower, length: upper - lower)
    }
}
