/// A parser of one text into a located ``Node`` tree: what the YAML and the JSON parser
/// have in common, so that loading a file is written once (``load(_:format:makeParser:)``).
package protocol DocumentParser {
    /// Parses the whole text: the root, or `nil` after a syntax error or for an empty text.
    mutating func parse() -> Node?
    /// The problems found, in source order.
    var diagnostics: [Diagnostic] { get }
    /// Problems found past ``LoadingLimits/diagnosticLimit``, counted but not kept.
    var omittedDiagnostics: Int { get }
    /// Where the first of those was found.
    var firstOmittedSpan: SourceSpan? { get }
    /// The anchors and aliases written, in file order (none in JSON).
    var anchorPlaces: [AnchorPlace] { get }
}

extension DocumentParser {
    /// No anchors: a syntax without them (JSON).
    package var anchorPlaces: [AnchorPlace] { [] }

    /// `source` loaded as `format`: its bytes checked to be UTF-8 first, so that a bad
    /// byte is an `invalid-utf8` diagnostic at its place, then parsed by the parser
    /// `makeParser` makes from the check (which knows the BOM's length and whether the
    /// text is ASCII).
    package static func load(
        _ source: SourceFile, format: DocumentFormat, makeParser: (UTF8Validation) -> Self
    ) -> LoadedDocument {
        let validation = UTF8Validation(source.bytes)
        if let problem = validation.diagnostic(for: source) {
            return LoadedDocument(source: source, format: format, root: nil, diagnostics: [problem])
        }
        var parser = makeParser(validation)
        let root = parser.parse()
        var document = LoadedDocument(source: source, format: format, root: root, diagnostics: parser.diagnostics)
        document.omittedDiagnostics = parser.omittedDiagnostics
        document.firstOmittedSpan = parser.firstOmittedSpan
        document.anchorPlaces = parser.anchorPlaces
        return document
    }
}
