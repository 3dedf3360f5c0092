/// Placeholder: the libyaml event-API loader (to be written).
struct YAMLLoader {
    let source: SourceFile
    let expansionLimit: Int

    func load() -> LoadedDocument {
        LoadedDocument(source: source, format: .yaml, root: nil, diagnostics: [
            .error("internal", "YAML loading is not implemented yet", at: nil)
        ])
    }
}
