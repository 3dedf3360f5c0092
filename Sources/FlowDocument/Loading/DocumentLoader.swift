/// Loads YAML or JSON text into a located ``Node`` tree.
///
/// Rules (see BRIEF "Values"):
/// - YAML via libyaml's event API; JSON by our own strict RFC 8259 parser. Both give
///   the same tree shape and 1-based line/column positions (columns in Unicode scalars).
/// - Errors, each at its place: duplicate keys (`duplicate-key`, note at the first),
///   several documents (`multiple-documents`), empty file (`empty-document`), invalid
///   UTF-8 (`invalid-utf8`), tab indentation (`tab-indentation`), YAML/JSON syntax
///   (`syntax-error`), alias expansion over the bound (`alias-expansion-limit`),
///   unknown alias (`unknown-alias`), a merge of something that is not a mapping
///   (`invalid-merge`), nesting deeper than 512 (`nesting-depth-limit`).
/// - Diagnostics come in source order, each with a span; `root` is `nil` only after an
///   error that leaves no usable tree (syntax, invalid UTF-8, a bound, an empty file).
/// - A leading UTF-8 BOM and CRLF line endings are accepted and do not shift positions.
/// - Anchors and aliases are expanded; merge keys `<<` (a mapping or a list of mappings)
///   are applied, keys written in the mapping win over merged ones, earlier merged
///   mappings win over later ones (YAML merge key spec).
public enum DocumentLoader {
    /// The most nodes alias expansion may produce in one document before loading fails.
    public static let defaultExpansionLimit = 100_000

    /// The deepest nesting of sequences and mappings either loader accepts
    /// (`nesting-depth-limit` beyond), so that consumers may safely recurse.
    static let maximumNestingDepth = 512

    /// Loads `source` as `format` (default: from the file extension). Never throws:
    /// every problem becomes a diagnostic. O(size of the expanded tree).
    public static func load(
        _ source: SourceFile,
        format: DocumentFormat? = nil,
        expansionLimit: Int = defaultExpansionLimit
    ) -> LoadedDocument {
        let format = format ?? DocumentFormat(path: source.path)
        switch format {
        case .yaml:
            return YAMLLoader(source: source, expansionLimit: expansionLimit).load()
        case .json:
            return JSONLoader(source: source).load()
        }
    }

    /// Reads and loads the file at `path`. An unreadable file gives a document with no
    /// root and one `io-error` diagnostic.
    public static func load(path: String, format: DocumentFormat? = nil) -> LoadedDocument {
        let format = format ?? DocumentFormat(path: path)
        do {
            return load(try SourceFile.read(path: path), format: format)
        } catch {
            return LoadedDocument(
                source: SourceFile(path: path, bytes: []), format: format, root: nil, diagnostics: [error])
        }
    }
}
