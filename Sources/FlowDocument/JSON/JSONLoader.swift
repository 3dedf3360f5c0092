/// Placeholder: the strict RFC 8259 loader (to be written).
struct JSONLoader {
    let source: SourceFile

    func load() -> LoadedDocument {
        LoadedDocument(source: source, format: .json, root: nil, diagnostics: [
            .error("internal", "JSON loading is not implemented yet", at: nil)
        ])
    }
}
