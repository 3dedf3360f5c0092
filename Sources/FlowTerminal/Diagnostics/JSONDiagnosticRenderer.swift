import FlowDocument

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
/// - A diagnostic or note without a location has `null` for `file` and the positions;
///   `hint` is `null` when there is none; `notes` is always an array.
/// - `version` is the version of this output's shape; it changes only incompatibly.
public struct JSONDiagnosticRenderer: DiagnosticRenderer {
    /// Spaces per level; 0 writes the whole report on one line.
    public var indent: Int

    public init(indent: Int = 2) {
        self.indent = indent
    }

    public func render(_ report: DiagnosticReport) -> String {
        let counts = report.counts
        let value = JSONValue.object([
            ("version", .int(1)),
            ("diagnostics", .array(report.allDiagnostics.map(Self.encode))),
            ("summary", .object([
                ("errors", .int(counts.errors)),
                ("warnings", .int(counts.warnings)),
                ("notes", .int(counts.notes)),
                ("files", .int(counts.files)),
            ])),
        ])
        return value.serialized(indent: indent) + "\n"
    }

    static func encode(_ diagnostic: Diagnostic) -> JSONValue {
        .object(
            location(diagnostic.span) + [
                ("severity", .string(diagnostic.severity.rawValue)),
                ("code", .string(diagnostic.code)),
                ("message", .string(diagnostic.message)),
                ("notes", .array(diagnostic.notes.map { note in
                    .object([("message", .string(note.message))] + location(note.span))
                })),
                ("hint", .optional(diagnostic.hint)),
            ])
    }

    static func location(_ span: SourceSpan?) -> [(key: String, value: JSONValue)] {
        guard let span else {
            return [("file", .null), ("line", .null), ("column", .null), ("endLine", .null), ("endColumn", .null)]
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
