import FlowSource

/// Renders diagnostics as GitHub Actions workflow commands, one per line, which the
/// runner turns into annotations on the pull request:
///
/// ```
/// ::error file=flows/bad.yaml,line=7,col=5,endLine=7,endColumn=10,title=unknown-key::unknown key 'titel'
/// ```
///
/// - Severity `error` → `::error`, `warning` → `::warning`, `note` → `::notice`.
/// - `endLine`/`endColumn` are the span's exclusive end, as everywhere in FeedbackFlow.
/// - Notes and the hint are added to the message on further lines
///   (`note: file:line:col: …`, `hint: …`).
/// - Escaping follows the runner's rules (actions/toolkit `command.ts`): in the message
///   `%` → `%25`, CR → `%0D`, LF → `%0A`; in property values also `:` → `%3A` and
///   `,` → `%2C`.
/// - Other control characters (an escape sequence quoted from a file) are shown as
///   U+FFFD (see ``DisplayText``), so they cannot reach the log viewer raw.
/// - Errors come first, then warnings, then notes (each in file order): GitHub shows
///   at most ``annotationsPerSeverity`` annotations of each severity per step (its
///   documented limit is 10 errors, 10 warnings and 10 notices), so the ones that
///   matter most are the ones shown. Past the limit, diagnostics are printed as plain
///   log lines (`file:line:col: severity: message [code]`, still in the job's log), and
///   one `::notice` says how many of each were not made annotations.
package struct GitHubActionsDiagnosticRenderer: DiagnosticRenderer {
    /// GitHub's limit of annotations of one severity per step.
    package static let defaultAnnotationsPerSeverity = 10

    /// The most annotations written of each severity; the rest are plain lines.
    package var annotationsPerSeverity: Int

    package init(annotationsPerSeverity: Int = defaultAnnotationsPerSeverity) {
        self.annotationsPerSeverity = max(0, annotationsPerSeverity)
    }

    /// The annotations, most severe first and capped, then the plain lines and the
    /// notice counting them.
    package func render(_ report: DiagnosticReport) -> String {
        var annotations = ""
        var plain = ""
        var left: [Severity: Int] = [:]
        let counts = report.counts
        // The notice counting what is left is a notice too: when anything is left, one
        // note fewer is made an annotation, so the notice is among the ten shown.
        let overflows = counts.errors > annotationsPerSeverity || counts.warnings > annotationsPerSeverity
            || counts.notes > annotationsPerSeverity
        for severity in [Severity.error, .warning, .note] {
            var written = 0
            let limit = severity == .note && overflows ? max(0, annotationsPerSeverity - 1) : annotationsPerSeverity
            for (file, diagnostic) in report.entries where diagnostic.severity == severity {
                if written < limit {
                    annotations += command(for: diagnostic, file: file) + "\n"
                    written += 1
                } else {
                    plain += Self.logLine(diagnostic, file: file) + "\n"
                    left[severity, default: 0] += 1
                }
            }
        }
        guard !left.isEmpty else { return annotations }
        let counted = [(Severity.error, "error"), (.warning, "warning"), (.note, "note")].compactMap { severity, name in
            left[severity].map { "\($0) \(name)\($0 == 1 ? "" : "s")" }
        }
        let notice = "::notice title=more diagnostics::\(counted.joined(separator: ", ")) not shown as annotations (GitHub shows \(annotationsPerSeverity) of each severity per step); they are listed in this log"
        return annotations + notice + "\n" + plain
    }

    /// `file:line:col: severity: message [code]` for a diagnostic past the limit, on one
    /// line without control characters; a line the runner would read as a command (one
    /// starting with `::`) starts with a space instead.
    private static func logLine(_ diagnostic: Diagnostic, file: String?) -> String {
        let line = DisplayText.sanitized(
            diagnostic.span == nil && file != nil ? "\(file ?? ""): \(diagnostic.description)" : diagnostic.description)
        return line.hasPrefix("::") ? " " + line : line
    }

    /// - Parameter file: the file the diagnostic belongs to, used when it has no span.
    func command(for diagnostic: Diagnostic, file: String? = nil) -> String {
        let name: String
        switch diagnostic.severity {
        case .error: name = "error"
        case .warning: name = "warning"
        case .note: name = "notice"
        }
        var properties: [(String, String)] = []
        if let span = diagnostic.span {
            properties += [
                ("file", span.file),
                ("line", String(span.start.line)),
                ("col", String(span.start.column)),
                ("endLine", String(span.end.line)),
                ("endColumn", String(span.end.column)),
            ]
        } else if let file {
            properties.append(("file", file))
        }
        properties.append(("title", diagnostic.code))
        var message = diagnostic.message
        for note in diagnostic.notes {
            let place = note.span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
            message += "\nnote: \(place)\(note.message)"
        }
        if let hint = diagnostic.hint { message += "\nhint: \(hint)" }
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(Self.escapeData(message))"
    }

    /// Message escaping: `%`, CR, LF.
    static func escapeData(_ text: String) -> String {
        escape(text, inProperty: false)
    }

    /// Property escaping: as the message, plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escape(text, inProperty: true)
    }

    private static func escape(_ text: String, inProperty: Bool) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            case ":" where inProperty: "%3A"
            case "," where inProperty: "%2C"
            default: DisplayText.isUnsafe(scalar) ? String(DisplayText.replacement) : nil
            }
        }
    }
}
