import FlowSource

/// Loads one YAML file into a located ``Node`` tree (see ``DocumentLoader`` for the rules).
///
/// The bytes are checked to be UTF-8 first, so that a bad byte is reported at its exact
/// line and column (`invalid-utf8`) rather than wherever libyaml's reader notices it;
/// then ``YAMLTreeBuilder`` runs libyaml's event parser and builds the tree.
package struct YAMLLoader {
    let source: SourceFile
    let limits: LoadingLimits

    /// A loader of `source` within `limits`.
    package init(source: SourceFile, limits: LoadingLimits = LoadingLimits()) {
        self.source = source
        self.limits = limits
    }

    package func load() -> LoadedDocument {
        YAMLTreeBuilder.load(source, format: .yaml) {
            YAMLTreeBuilder(source: source, bomLength: $0.bomLength, isASCII: $0.isASCII, limits: limits)
        }
    }
}
