/// The bounds both loaders (YAML and JSON) apply to a document, so that no input can
/// make loading slow or hungry. Each has a documented default; a host loading flows sent
/// by a server can lower them, a tool checking generated files can raise them (the
/// command line: `--limit NAME=N`, with the names of `feedbackflow validate --help`).
///
/// Past a limit, loading stops with one error at the place that crossed it and no tree:
/// `io-error` for the file size, `nesting-depth-limit`, `alias-expansion-limit`, and
/// `document-limit` for the number of nodes, the length of a scalar and the entries of
/// one mapping.
public struct LoadingLimits: Sendable, Hashable {
    /// The most bytes a file may have; default 32 MiB (a flow file is a few kilobytes, a
    /// generated one a few megabytes). Past it
    /// the file is not read further: `io-error`.
    public var maximumBytes: Int
    /// The deepest nesting of sequences and mappings; default 512, so that consumers may
    /// safely recurse. The collection one level deeper is `nesting-depth-limit`.
    /// Raise it for YAML only as far as a file needs: libyaml's scanner spends time that
    /// grows with the square of the nesting depth (tens of thousands of levels take
    /// seconds to minutes), while the JSON loader stays linear.
    public var maximumNestingDepth: Int
    /// The most nodes a document may have, aliases counted once; default 4,000,000
    /// (about 160 MB of tree). The node past it is `document-limit`.
    public var maximumNodes: Int
    /// The most nodes YAML alias expansion may add, each alias counted with the size of
    /// its anchor's node, a scalar weighing one node more per 64 bytes of its text (so 100
    /// aliases of a 1 MB string count 1.6 million); default 100,000, so a "billion laughs"
    /// file fails fast. The alias that crosses it is `alias-expansion-limit`.
    public var maximumAliasExpansion: Int
    /// The longest scalar, in UTF-8 bytes after escapes and folding; default 1 MiB. A
    /// longer one is `document-limit` at the scalar.
    public var maximumScalarBytes: Int
    /// The most entries of one mapping; default 100,000. Past it, `document-limit` at the
    /// key of the entry past it, or at the mapping's start when YAML merge keys (`<<`) add
    /// the entries that pass it.
    public var maximumMappingEntries: Int

    /// The most diagnostics a loader keeps for the problems a file can repeat without end
    /// (duplicate keys, tabs, aliases, merges); past it they are only counted
    /// (``LoadedDocument/omittedDiagnostics``). `nil` (the default): all are kept.
    /// ``FlowCompile/FlowCompiler`` sets it from its diagnostic limit, so a file of two
    /// million duplicate keys costs no more than the diagnostics shown.
    package var diagnosticLimit: Int?

    /// Limits with the given values, each defaulting to the value its property documents.
    public init(
        maximumBytes: Int = LoadingLimits.defaultMaximumBytes, maximumNestingDepth: Int = 512, maximumNodes: Int = 4_000_000,
        maximumAliasExpansion: Int = 100_000, maximumScalarBytes: Int = 1024 * 1024,
        maximumMappingEntries: Int = 100_000
    ) {
        self.maximumBytes = maximumBytes
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumNodes = maximumNodes
        self.maximumAliasExpansion = maximumAliasExpansion
        self.maximumScalarBytes = maximumScalarBytes
        self.maximumMappingEntries = maximumMappingEntries
    }

    /// The default of ``maximumBytes``, also ``SourceFile/read(path:byteLimit:)``'s.
    @usableFromInline package static let defaultMaximumBytes = 32 * 1024 * 1024

    /// One limit as the command line names it.
    package struct Setting: Sendable {
        /// The name in `--limit NAME=N`.
        package let name: String
        /// The property it sets.
        package let keyPath: any WritableKeyPath<LoadingLimits, Int> & Sendable
        /// What it bounds, for help text and docs.
        package let meaning: String
    }

    /// Every limit, in the order help lists them: the one table the command line, its help
    /// and docs/command-line.md read.
    package static let settings: [Setting] = [
        Setting(name: "bytes", keyPath: \.maximumBytes, meaning: "file size in bytes"),
        Setting(name: "depth", keyPath: \.maximumNestingDepth, meaning: "nesting depth of sequences and mappings"),
        Setting(name: "nodes", keyPath: \.maximumNodes, meaning: "nodes in a document"),
        Setting(name: "aliases", keyPath: \.maximumAliasExpansion, meaning: "nodes added by YAML alias expansion"),
        Setting(name: "scalar-bytes", keyPath: \.maximumScalarBytes, meaning: "UTF-8 bytes of one scalar"),
        Setting(name: "mapping-entries", keyPath: \.maximumMappingEntries, meaning: "entries of one mapping"),
    ]
}

extension LoadingLimits {
    /// `nesting-depth-limit` at the collection one level deeper than allowed.
    package func nestingTooDeep(at span: SourceSpan) -> Diagnostic {
        .error(
            .nestingDepthLimit, "nesting exceeds \(maximumNestingDepth) levels", at: span,
            hint: Self.raiseHint(\.maximumNestingDepth))
    }

    /// `document-limit` at the node past ``maximumNodes``.
    package func tooManyNodes(at span: SourceSpan) -> Diagnostic {
        .error(
            .documentLimit, "the document has more than \(maximumNodes) nodes", at: span,
            hint: Self.raiseHint(\.maximumNodes))
    }

    /// `document-limit` at a scalar of `byteCount` UTF-8 bytes, longer than ``maximumScalarBytes``.
    package func scalarTooLong(_ byteCount: Int, at span: SourceSpan) -> Diagnostic {
        .error(
            .documentLimit, "a scalar of \(byteCount) bytes is longer than the limit of \(maximumScalarBytes) bytes",
            at: span, hint: Self.raiseHint(\.maximumScalarBytes))
    }

    /// `document-limit` at the key of the entry past ``maximumMappingEntries``.
    package func tooManyEntries(at span: SourceSpan) -> Diagnostic {
        .error(
            .documentLimit, "a mapping has more than \(maximumMappingEntries) entries", at: span,
            hint: Self.raiseHint(\.maximumMappingEntries))
    }

    /// How to raise the limit at `keyPath`, naming the setting.
    static func raiseHint(_ keyPath: WritableKeyPath<LoadingLimits, Int>) -> String? {
        settings.first { $0.keyPath == keyPath }.map { "if the file is meant to be this large, raise the limit '\($0.name)'" }
    }
}
