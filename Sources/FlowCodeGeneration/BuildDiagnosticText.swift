import FlowSource
import FlowWorkspace

/// Diagnostics as compilers print them, which Xcode and `swift build` show at their place:
/// `/abs/path/x.flow.yaml:12:7: error: message [code]`, each note of a diagnostic (and its
/// hint) as a `note:` line after it.
package enum BuildDiagnosticText {
    /// The lines of `diagnostic`, each ending with a line break; one without a place is
    /// said at `file`.
    package static func lines(of diagnostic: Diagnostic, file: String) -> String {
        var text = line(diagnostic.span, file: file, severity: diagnostic.severity.rawValue, "\(diagnostic.message) [\(diagnostic.code)]")
        for note in diagnostic.notes {
            text += line(note.span ?? diagnostic.span, file: file, severity: "note", note.message)
        }
        if let hint = diagnostic.hint {
            text += line(diagnostic.span, file: file, severity: "note", hint)
        }
        return text
    }

    /// The lines of a configuration that does not read, said at the flow `file` it stops.
    package static func lines(of problem: UsageError, file: String) -> String {
        var text = ""
        for error in [problem] + problem.others {
            text += line(nil, file: file, severity: "error", error.message)
            if let hint = error.hint { text += line(nil, file: file, severity: "note", hint) }
        }
        return text
    }

    /// `FILE:LINE:COLUMN: SEVERITY: MESSAGE`, or `FILE: SEVERITY: MESSAGE` without a place;
    /// a message of several lines is kept on one.
    private static func line(_ span: SourceSpan?, file: String, severity: String, _ message: String) -> String {
        let place = span.map { "\($0.file):\($0.start.line):\($0.start.column)" } ?? file
        let flat = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\(place): \(severity): \(flat)\n"
    }
}
