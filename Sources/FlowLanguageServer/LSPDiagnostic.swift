import FlowSource

/// A ``FlowSource/Diagnostic`` as the protocol's `Diagnostic` (LSP 3.17): its range in the
/// document's position encoding, severity (error 1, warning 2, note 3), code with a
/// `codeDescription` linking the rule's section of `docs/rules.md`, source `feedbackflow`,
/// message (with the hint on a line of its own), notes as `relatedInformation`, and the
/// `Unnecessary` tag on what is unused or unreachable (an editor greys it out).
enum LSPDiagnostic {
    /// The codes of things written but never used or reached.
    static let unnecessary: Set<String> = ["unused-anchor", "unused-field", "unused-handler", "unused-suppression", "unreachable-screen", "unreachable-branch"]

    /// `diagnostic` in `document` (read from `path`), as JSON, from the server `info` names.
    static func json(_ diagnostic: Diagnostic, in document: LSPDocument, path: String, encoding: LSPDocument.Encoding, info: LSPServerInfo) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("range", range(diagnostic.span, in: document, encoding: encoding)),
            ("severity", .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
            ("code", .string(diagnostic.code)),
            ("codeDescription", .object([("href", .string(info.rulesDocumentation + "#" + diagnostic.code))])),
            ("source", .string(info.name)),
            ("message", .string(diagnostic.message + (diagnostic.hint.map { "\nhint: " + $0 } ?? ""))),
        ]
        let related = diagnostic.notes.compactMap { note -> JSONValue? in
            guard let span = note.span else { return nil }
            let sameFile = span.file == path
            return .object([
                (
                    "location",
                    .object([
                        ("uri", .string(sameFile ? document.uri : LSPFileURI.uri(of: span.file))),
                        ("range", sameFile ? range(span, in: document, encoding: encoding) : lineRange(span)),
                    ])
                ),
                ("message", .string(note.message)),
            ])
        }
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        if unnecessary.contains(diagnostic.code) { members.append(("tags", .array([.int(1)]))) }
        return .object(members)
    }

    /// The range of `span` in `document`, from its byte offsets; no span is the start.
    static func range(_ span: SourceSpan?, in document: LSPDocument, encoding: LSPDocument.Encoding) -> JSONValue {
        range(from: span?.start.offset ?? 0, to: span?.end.offset ?? span?.start.offset ?? 0, in: document, encoding: encoding)
    }

    /// The protocol's `Range` between two byte offsets of `document`.
    static func range(from start: Int, to end: Int, in document: LSPDocument, encoding: LSPDocument.Encoding) -> JSONValue {
        .object([
            ("start", point(document.position(of: start, encoding: encoding))),
            ("end", point(document.position(of: end, encoding: encoding))),
        ])
    }

    /// The range of a span in another file, by its lines and columns (counted in Unicode
    /// scalars: exact for the ASCII these notes point at).
    private static func lineRange(_ span: SourceSpan) -> JSONValue {
        .object([
            ("start", point((span.start.line - 1, span.start.column - 1))),
            ("end", point((span.end.line - 1, span.end.column - 1))),
        ])
    }

    /// The protocol's `Position`.
    static func point(_ position: (line: Int, character: Int)) -> JSONValue {
        .object([("line", .int(position.line)), ("character", .int(position.character))])
    }
}
