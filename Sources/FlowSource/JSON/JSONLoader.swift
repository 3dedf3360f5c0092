/// Loads one JSON file (strict RFC 8259) into a located ``Node`` tree with the same
/// shape and positions as YAML (see ``DocumentLoader``).
///
/// The bytes are checked to be UTF-8 first (RFC 8259 §8.1), so that a bad byte is an
/// `invalid-utf8` diagnostic at its place; a leading BOM is ignored (§8.1 allows it).
package struct JSONLoader {
    let source: SourceFile
    let limits: LoadingLimits

    /// A loader of `source` within `limits`.
    package init(source: SourceFile, limits: LoadingLimits = LoadingLimits()) {
        self.source = source
        self.limits = limits
    }

    package func load() -> LoadedDocument {
        JSONParser.load(source, format: .json) { JSONParser(source: source, bomLength: $0.bomLength, limits: limits) }
    }
}
