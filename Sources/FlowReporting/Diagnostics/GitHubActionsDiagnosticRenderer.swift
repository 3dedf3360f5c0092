import FlowCompile
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
/// - No summary line: every line is a command.
package struct GitHubActionsDiagnosticRenderer: StreamingDiagnosticRenderer {
    package init() {}

    /// One command line per diagnostic of the part.
    package func renderPart(_ part: DiagnosticReport, continuing: Bool) -> String {
        part.entries.map { command(for: $0.diagnostic, file: $0.file) + "\n" }.joined()
    }

    /// Nothing: GitHub output has no summary.
    package func renderEnd(_ counts: DiagnosticCounts, continuing: Bool) -> String { "" }

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
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where inProperty: out += "%3A"
            case "," where inProperty: out += "%2C"
            default: out.unicodeScalars.append(DisplayText.isUnsafe(scalar) ? DisplayText.replacement : scalar)
            }
        }
        return out
    }
}
