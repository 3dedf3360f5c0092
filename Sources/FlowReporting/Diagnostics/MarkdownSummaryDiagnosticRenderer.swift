import FlowSource

/// Renders a report as a Markdown summary for a CI job page (GitHub Actions appends it
/// to `$GITHUB_STEP_SUMMARY`): a heading, the counts, and a table of the diagnostics,
/// errors first, at most ``maximumRows`` rows (GitHub keeps 1 MiB of summary per step),
/// then a line counting the rest.
///
/// ```markdown
/// ### feedbackflow validate
///
/// 1 error, 1 warning in 2 files
///
/// | severity | location | code | message |
/// |---|---|---|---|
/// | error | `flows/bad.yaml:7:5` | `unknown-key` | unknown key 'titel' |
/// ```
///
/// Cell text has `|` escaped and control characters and line breaks replaced, so a
/// message cannot break the table.
package struct MarkdownSummaryDiagnosticRenderer: DiagnosticRenderer {
    /// The most table rows written.
    package static let defaultMaximumRows = 500

    package var title: String
    package var maximumRows: Int

    package init(title: String, maximumRows: Int = defaultMaximumRows) {
        self.title = title
        self.maximumRows = max(0, maximumRows)
    }

    package func render(_ report: DiagnosticReport) -> String {
        var out = "### \(cell(title))\n\n\(report.counts.summary)\n"
        let entries = [Severity.error, .warning, .note].flatMap { severity in
            report.entries.filter { $0.diagnostic.severity == severity }
        }
        guard !entries.isEmpty else { return out + "\n" }
        out += "\n| severity | location | code | message |\n|---|---|---|---|\n"
        for (file, diagnostic) in entries.prefix(maximumRows) {
            let place = diagnostic.span.map { "\($0.file):\($0.start.line):\($0.start.column)" } ?? file ?? ""
            out += "| \(diagnostic.severity.rawValue) | \(code(place)) | \(code(diagnostic.code)) | \(cell(diagnostic.message)) |\n"
        }
        if entries.count > maximumRows {
            out += "\n\(entries.count - maximumRows) more not listed here; the job's log has them all.\n"
        }
        return out + "\n"
    }

    /// Text safe in a table cell: one line, `|` escaped, no control characters.
    private func cell(_ text: String) -> String {
        DisplayText.sanitized(text).split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }

    /// `text` as inline code in a cell (backticks inside become `'`).
    private func code(_ text: String) -> String {
        "`" + cell(text).map { $0 == "`" ? "'" : $0 }.reduce(into: "") { $0.append($1) } + "`"
    }
}
