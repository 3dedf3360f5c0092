import FlowSource
import FlowYAML

/// Loads YAML or JSON text into a located ``Node`` tree.
///
/// Rules (docs/file-format.md §1 has each with its test):
/// - YAML via libyaml's event API; JSON by our own strict RFC 8259 parser. Both give
///   the same tree shape and 1-based line/column positions (columns in Unicode scalars).
/// - Errors, each at its place: duplicate keys (`duplicate-key`, note at the first),
///   several documents (`multiple-documents`), empty file — also one of only comments
///   or document markers `---`/`...` (`empty-document`), invalid UTF-8 or a UTF-16/32
///   file (`invalid-utf8`), tab indentation, also right after a sequence dash
///   (`tab-indentation`), YAML/JSON syntax and a BOM inside the file outside quotes
///   (`syntax-error`, one character wide unless at the end of the file), alias
///   expansion over the bound (`alias-expansion-limit`), unknown alias
///   (`unknown-alias`), an alias inside its own anchored node (`recursive-alias`), a
///   merge of something that is not a mapping (`invalid-merge`), nesting deeper than
///   ``LoadingLimits/maximumNestingDepth`` (`nesting-depth-limit`), more nodes, a longer
///   scalar or a larger mapping than ``LoadingLimits`` allows (`document-limit`).
/// - Diagnostics come in source order, each with a span; `root` is `nil` only after an
///   error that leaves no usable tree (syntax, invalid UTF-8, a bound, an empty file, a
///   document that is only an unknown alias).
/// - A leading UTF-8 BOM and CRLF line endings are accepted and do not shift positions.
/// - Anchors and aliases are expanded; merge keys `<<` (a mapping or a list of mappings)
///   are applied, keys written in the mapping win over merged ones, earlier merged
///   mappings win over later ones (YAML merge key spec). An expanded value keeps the
///   anchor's spans; an alias used as a key takes the alias's own span. An unknown or
///   recursive alias is replaced by a null scalar spanning the alias (a list keeps its
///   length, a mapping its pairs): consumers should not report that null again
///   (`FlowCompiler` drops later diagnostics at exactly that span).
package enum DocumentLoader {
    /// Loads `source` as `format` (default: from the file extension). Never throws:
    /// every problem becomes a diagnostic. A text over ``LoadingLimits/maximumBytes`` (one
    /// an editor holds, say) is not parsed: it gets the `io-error` a file that large gets.
    /// O(size of the expanded tree).
    package static func load(
        _ source: SourceFile, format: DocumentFormat? = nil, limits: LoadingLimits = LoadingLimits()
    ) -> LoadedDocument {
        let format = format ?? DocumentFormat(path: source.path)
        guard source.bytes.count <= limits.maximumBytes else {
            return LoadedDocument(source: source, format: format, root: nil, diagnostics: [SourceFile.tooLarge(source.path, limit: limits.maximumBytes)])
        }
        switch format {
        case .yaml:
            return YAMLLoader(source: source, limits: limits).load()
        case .json:
            return JSONLoader(source: source, limits: limits).load()
        }
    }

    /// Reads (``SourceFile/read(path:byteLimit:)``) and loads the file at `path`; `-` reads standard
    /// input (its format is then YAML unless `format` says otherwise, and diagnostics
    /// name the file `-`). Fifos, `/dev/stdin`, process substitution and character
    /// devices are read like files; an empty one (`/dev/null`) is `empty-document`.
    /// An unreadable file gives a document with no root, no bytes and one `io-error`
    /// diagnostic at 1:1 whose message ends with the system's reason
    /// (`cannot read file 'a.yaml': No such file or directory`); so does a file larger
    /// than ``LoadingLimits/maximumBytes``.
    ///
    /// - Parameter name: the name diagnostics give the file, and what its format and base
    ///   name (a single screen's id) come from; default `path`. `validate
    ///   --stdin-filename` reads `-` under the name of the file an editor holds.
    /// - Parameter onlyRegular: anything but a regular file (a fifo, a device) is an
    ///   `io-error` (`not a regular file`), and opening cannot wait
    ///   (``SourceFile/read(path:named:byteLimit:onlyRegular:)``).
    package static func load(
        path: String, named name: String? = nil, format: DocumentFormat? = nil, limits: LoadingLimits = LoadingLimits(),
        onlyRegular: Bool = false
    ) -> LoadedDocument {
        let name = name ?? path
        let format = format ?? DocumentFormat(path: name)
        do {
            return load(
                try SourceFile.read(path: path, named: name, byteLimit: limits.maximumBytes, onlyRegular: onlyRegular), format: format,
                limits: limits)
        } catch {
            return LoadedDocument(source: SourceFile(path: name, bytes: []), format: format, root: nil, diagnostics: [error])
        }
    }
}
