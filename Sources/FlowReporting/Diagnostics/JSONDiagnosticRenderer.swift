import FlowCompile
import FlowSource

/// Renders a report as one JSON object (RFC 8259), for `--format json`:
///
/// ```json
/// {
///   "version": 1,
///   "diagnostics": [
///     {
///       "file": "flows/bad.yaml", "line": 7, "column": 5, "endLine": 7, "endColumn": 10,
///       "severity": "error", "code": "unknown-key", "message": "unknown key 'titel'",
///       "notes": [{"message": "…", "file": "…", "line": 2, "column": 5, "endLine": 2, "endColumn": 10}],
///       "hint": "did you mean 'title'?"
///     }
///   ],
///   "summary": {"errors": 1, "warnings": 0, "notes": 0, "files": 3}
/// }
/// ```
///
/// - Lines and columns are 1-based; columns count Unicode scalars; `endLine`/`endColumn`
///   are exclusive (the position just after the span), equal to the start for a point.
/// - A diagnostic without a location has `null` positions, and `file` is the file it
///   belongs to (or `null` when it belongs to none); a note without one has `null`s;
///   `hint` is `null` when there is none; `notes` is always an array.
/// - `version` is the version of this output's shape; it changes only incompatibly.
/// - When the diagnostic limit left diagnostics out of a file
///   (``FlowCompile/CompileOptions/maxDiagnostics``), the summary's counts still count
///   them, `summary.omitted` (`{"errors": …, "warnings": …, "notes": …}`, present only
///   then) says how many of them are not in `diagnostics`, and the file's
///   `too-many-diagnostics` note (counted in `notes`) is in `diagnostics`.
package struct JSONDiagnosticRenderer: DiagnosticRenderer {
    /// Spaces per level; 0 writes the whole report on one line.
    package var indent: Int

    package init(indent: Int = 2) {
        self.indent = indent
    }

    package func render(_ report: DiagnosticReport) -> String {
        let counts = report.counts
        var summary: [(key: String, value: JSONValue)] = [
            ("errors", .int(counts.errors)),
            ("warnings", .int(counts.warnings)),
            ("notes", .int(counts.notes)),
            ("files", .int(counts.files)),
        ]
        if counts.omitted.total > 0 {
            summary.append(("omitted", .object([
                ("errors", .int(counts.omitted.errors)),
                ("warnings", .int(counts.omitted.warnings)),
                ("notes", .int(counts.omitted.notes)),
            ])))
        }
        let value = JSONValue.object([
            ("version", .int(1)),
            ("diagnostics", .array(report.entries.map { Self.encode($0.diagnostic, file: $0.file) })),
            ("summary", .object(summary)),
        ])
        return value.serialized(indent: indent) + "\n"
    }

    package static func encode(_ diagnostic: Diagnostic, file: String? = nil) -> JSONValue {
        .object(
            location(diagnostic.span, file: file) + [
                ("severity", .string(diagnostic.severity.rawValue)),
                ("code", .string(diagnostic.code)),
                ("message", .string(diagnostic.message)),
                ("notes", .array(diagnostic.notes.map { note in
                    .object([("message", .string(note.message))] + location(note.span))
                })),
                ("hint", .optional(diagnostic.hint)),
            ])
    }

    /// The span's position; without a span, `file` (the file the diagnostic belongs
    /// to, or `null`) and `null` positions.
    static func location(_ span: SourceSpan?, file: String? = nil) -> [(key: String, value: JSONValue)] {
        guard let span else {
            return [("file", .optional(file)), ("line", .null), ("column", .null), ("endLine", .null), ("endColumn", .null)]
        }
        return [
            ("file", .string(span.file)),
            ("line", .int(span.start.line)),
            ("column", .int(span.start.column)),
            ("endLine", .int(span.end.line)),
            ("endColumn", .int(span.end.column)),
        ]
    }
}
