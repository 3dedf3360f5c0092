import FlowSource

/// Renders diagnostics for people, the way compilers do:
///
/// ```
/// flows/bad.yaml:7:5: error: unknown key 'titel' [unknown-key]
///  7 |     titel: Hello
///    |     ^~~~~
/// hint: did you mean 'title'?
///
/// flows/bad.yaml:15:5: error: duplicate key 'style' [duplicate-key]
///  15 |     style: error
///     |     ^~~~~
/// flows/bad.yaml:5:5: note: first defined here
///   5 |     style: success
///     |     ^~~~~
///
/// 2 errors in 1 file
/// ```
///
/// - The header is `file:line:col: severity: message [code]` (columns in Unicode
///   scalars), then the source line and a caret under the column, with `~` under the
///   rest of the span when it ends on the same line (see ``SourceExcerpt``).
/// - Each note follows as `file:line:col: note: message` with its own excerpt (the
///   gutters of one diagnostic share a width); the hint as `hint: …`. Diagnostics are
///   separated by a blank line.
/// - The last line is the summary of ``DiagnosticCounts/summary``.
/// - Colours come from `style` only; with ``TerminalStyle/plain`` the output has no
///   escape sequence, and text taken from input files is passed through
///   ``DisplayText`` so it cannot add one.
package struct TextDiagnosticRenderer: StreamingDiagnosticRenderer {
    package var style: TerminalStyle
    /// Cells between tab stops when quoting source lines.
    package var tabWidth: Int
    /// Source lines wider than this many cells (default 120) are cut around the column,
    /// with `…` where text is left out. A line longer than ``SourceLines/wholeLineLimit``
    /// bytes is never decoded whole: only the bytes within 4 × this width of the column
    /// (the most a scalar takes) are, so quoting costs O(this width) per diagnostic
    /// however long the line is.
    package var maxExcerptWidth: Int
    /// Whether the summary line ends the output.
    package var showsSummary: Bool

    package init(style: TerminalStyle = .plain, tabWidth: Int = 4, maxExcerptWidth: Int = 120, showsSummary: Bool = true) {
        self.style = style
        self.tabWidth = tabWidth
        self.maxExcerptWidth = maxExcerptWidth
        self.showsSummary = showsSummary
    }

    /// The blocks of the part's diagnostics, separated by a blank line (and preceded by
    /// one when `continuing`).
    package func renderPart(_ part: DiagnosticReport, continuing: Bool) -> String {
        var lines = LineCache(report: part)
        var out = ""
        var first = !continuing
        for (file, diagnostic) in part.entries {
            if !first { out += "\n" }
            first = false
            out += block(for: diagnostic, file: file, lines: &lines)
        }
        return out
    }

    /// The summary line (``DiagnosticCounts/summary``), after a blank line when
    /// diagnostics were written; nothing when ``showsSummary`` is `false`.
    package func renderEnd(_ counts: DiagnosticCounts, continuing: Bool) -> String {
        guard showsSummary else { return "" }
        let summary = counts.summary
        return (continuing ? "\n" : "")
            + (counts.errors > 0 ? style.apply(summary, .bold, .red) : style.apply(summary, .bold)) + "\n"
    }

    /// The header, excerpt, notes and hint of one diagnostic.
    private func block(for diagnostic: Diagnostic, file: String?, lines: inout LineCache) -> String {
        var out = header(
            span: diagnostic.span, file: file, severity: diagnostic.severity,
            message: diagnostic.message, code: diagnostic.code)
        // One gutter width for the whole block, so the `|` of every excerpt lines up.
        let lineNumbers = ([diagnostic.span] + diagnostic.notes.map(\.span)).compactMap { $0?.start.line }
        let gutterWidth = String(lineNumbers.max() ?? 1).count
        out += excerpt(for: diagnostic.span, gutterWidth: gutterWidth, lines: &lines)
        for note in diagnostic.notes {
            out += header(span: note.span, file: nil, severity: .note, message: note.message, code: nil)
            out += excerpt(for: note.span, gutterWidth: gutterWidth, lines: &lines)
        }
        if let hint = diagnostic.hint {
            out += style.apply("hint:", .bold, .cyan) + " " + DisplayText.sanitized(hint) + "\n"
        }
        return out
    }

    /// `file:line:col: severity: message [code]`; `file: severity: …` for a diagnostic of
    /// `file` without a span; `severity: …` for one that belongs to no file.
    private func header(span: SourceSpan?, file: String?, severity: Severity, message: String, code: String?) -> String {
        var out = ""
        if let span {
            out += style.apply("\(DisplayText.sanitized(span.file)):\(span.start.line):\(span.start.column):", .bold) + " "
        } else if let file {
            out += style.apply("\(DisplayText.sanitized(file)):", .bold) + " "
        }
        out += severityLabel(severity) + " " + style.apply(DisplayText.sanitized(message), .bold)
        if let code { out += " [\(DisplayText.sanitized(code))]" }
        return out + "\n"
    }

    private func severityLabel(_ severity: Severity) -> String {
        switch severity {
        case .error: style.apply("error:", .bold, .red)
        case .warning: style.apply("warning:", .bold, .yellow)
        case .note: style.apply("note:", .bold, .cyan)
        }
    }

    /// ` 7 |     titel: Hello` and the marker line, or nothing when the line is unknown
    /// or the file has no bytes.
    private func excerpt(for span: SourceSpan?, gutterWidth: Int, lines: inout LineCache) -> String {
        let endColumn = span.flatMap { $0.end.line == $0.start.line ? $0.end.column : nil }
        guard let span,
            let window = lines.window(
                span.start.line, column: span.start.column, endColumn: endColumn, of: span.file,
                radius: 4 * max(20, maxExcerptWidth))
        else { return "" }
        let excerpt = SourceExcerpt(
            line: window.text, column: window.column, endColumn: window.endColumn,
            tabWidth: tabWidth, maxWidth: maxExcerptWidth,
            clippedStart: window.clippedStart, clippedEnd: window.clippedEnd)
        let digits = String(span.start.line)
        let number = String(repeating: " ", count: max(0, gutterWidth - digits.count)) + digits
        let gutter = String(repeating: " ", count: number.count)
        return style.apply(" \(number) |", .bold, .blue) + (excerpt.text.isEmpty ? "" : " " + excerpt.text) + "\n"
            + style.apply(" \(gutter) |", .bold, .blue) + " " + style.apply(excerpt.marker, .bold, .green) + "\n"
    }
}

/// The lines of the report's files, split on first use (once per file).
private struct LineCache {
    var sources: [String: SourceFile] = [:]
    var split: [String: SourceLines] = [:]

    init(report: DiagnosticReport) {
        for file in report.files {
            if let source = file.source, sources[file.path] == nil { sources[file.path] = source }
        }
    }

    /// The part of line `number` of `path` to quote (``SourceLines/window(line:column:endColumn:radius:)``),
    /// or `nil` when the file is unknown, has no bytes, or has no such line.
    mutating func window(
        _ number: Int, column: Int, endColumn: Int?, of path: String, radius: Int
    ) -> SourceLines.Window? {
        if let lines = split[path] { return lines.window(line: number, column: column, endColumn: endColumn, radius: radius) }
        // A file with no bytes (empty, or unreadable) has no line worth quoting.
        guard let source = sources[path], !source.bytes.isEmpty else { return nil }
        let lines = SourceLines(source)
        split[path] = lines
        return lines.window(line: number, column: column, endColumn: endColumn, radius: radius)
    }
}
