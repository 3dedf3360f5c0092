import FlowSource

/// LSP 3.17 `Diagnostic`: a ``FlowSource/Diagnostic`` as the protocol's. Its range in the
/// document's position encoding, severity, code with a `codeDescription` linking the
/// rule's section of `docs/rules.md`, source `feedbackflow`, message (with the hint on a
/// line of its own), notes as `relatedInformation`, and the `Unnecessary` tag on what is
/// unused or unreachable (an editor greys it out).
struct LSPDiagnostic: LSPValue {
    /// LSP `DiagnosticSeverity`.
    enum Severity: Int, LSPValue {
        case error = 1, warning, information, hint

        init(_ severity: FlowSource.Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            case .note: self = .information
            }
        }
    }

    /// LSP `DiagnosticTag`.
    enum Tag: Int, LSPValue {
        case unnecessary = 1, deprecated
    }

    /// LSP `DiagnosticRelatedInformation`: a note and the place it points at.
    struct Related: LSPValue {
        var location: LSPLocation
        var message: String

        var json: JSONValue { .object([("location", location.json), ("message", message.json)]) }
    }

    /// LSP `PublishDiagnosticsParams`: every diagnostic of a document, found in its
    /// `version` (none when a document is no longer followed).
    struct Publication: LSPValue {
        var uri: String
        var version: Int?
        var diagnostics: [LSPDiagnostic]

        var json: JSONValue { .members(("uri", uri.json), ("version", version?.json), ("diagnostics", diagnostics.json)) }
    }

    /// The codes of things written but never used or reached.
    static let unnecessary: Set<String> = ["unused-anchor", "unused-field", "unused-handler", "unused-suppression", "unreachable-screen", "unreachable-branch"]

    var range: LSPRange
    var severity: Severity
    var code: String
    /// Where the rule is explained (`codeDescription.href`).
    var href: String
    var source: String
    var message: String
    var related: [Related]
    var tags: [Tag]

    /// `diagnostic` in `document` (read from `path`), from the server `info` names.
    init(_ diagnostic: Diagnostic, in document: LSPDocument, path: String, info: LSPServerInfo) {
        range = document.range(diagnostic.span)
        severity = Severity(diagnostic.severity)
        code = diagnostic.code
        href = info.rulesDocumentation + "#" + diagnostic.code
        source = info.name
        message = diagnostic.message + (diagnostic.hint.map { "\nhint: " + $0 } ?? "")
        related = diagnostic.notes.compactMap { note in
            guard let span = note.span else { return nil }
            guard span.file != path else { return Related(location: document.location(span), message: note.message) }
            // In another file, by its lines and columns (counted in Unicode scalars: exact
            // for the ASCII these notes point at).
            let start = LSPPosition(line: span.start.line - 1, character: span.start.column - 1)
            let end = LSPPosition(line: span.end.line - 1, character: span.end.column - 1)
            return Related(location: LSPLocation(uri: LSPFileURI.uri(of: span.file), range: LSPRange(start: start, end: end)), message: note.message)
        }
        tags = Self.unnecessary.contains(diagnostic.code) ? [.unnecessary] : []
    }

    var json: JSONValue {
        .members(
            ("range", range.json), ("severity", severity.json), ("code", code.json), ("codeDescription", .object([("href", href.json)])),
            ("source", source.json), ("message", message.json), ("relatedInformation", related.isEmpty ? nil : related.json),
            ("tags", tags.isEmpty ? nil : tags.json))
    }
}
