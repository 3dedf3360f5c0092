/// The stable codes of the diagnostics that reading and loading a file report: reading
/// it (``SourceFile/read(path:byteLimit:)``), checking its UTF-8, and parsing it as YAML
/// (through libyaml) or JSON. Every one of them is an error. Decoding and validation have
/// their own codes (`FlowDiagnosticCode` in FlowCompile).
///
/// ``Diagnostic/code`` holds the raw value, so hosts and renderers see plain strings;
/// inside the package a loading diagnostic is made from a case (`.error(.syntaxError, …)`),
/// so no code is spelled twice. Codes are kebab-case and never change meaning; ``summary`` is the
/// line the "Loading" table of docs/diagnostic-codes.md shows for each.
package enum LoadDiagnosticCode: String, Sendable, Hashable, CaseIterable {
    /// The text breaks the YAML or JSON grammar: libyaml's problem at its mark (or, where a
    /// line is indented otherwise than its siblings, that line), a JSON grammar error at
    /// its exact place, a control character, or a byte order mark in the middle of a YAML
    /// file.
    case syntaxError = "syntax-error"
    /// A key written twice in one mapping (or a name twice in one JSON object), at the
    /// repeat, with a note at the first; the first value is kept.
    case duplicateKey = "duplicate-key"
    /// A second YAML document in the file, at its start.
    case multipleDocuments = "multiple-documents"
    /// The file holds no document: empty, only comments or document markers, a lone byte
    /// order mark, blank JSON.
    case emptyDocument = "empty-document"
    /// A byte that is not well-formed UTF-8, at that byte; a UTF-16 or UTF-32 file, at 1:1.
    case invalidUTF8 = "invalid-utf8"
    /// A tab in the indentation of a YAML line, at the tab.
    case tabIndentation = "tab-indentation"
    /// A YAML alias `*name` with no anchor `&name` before it.
    case unknownAlias = "unknown-alias"
    /// A YAML alias `*name` inside the node its anchor `&name` marks.
    case recursiveAlias = "recursive-alias"
    /// Aliases expanding to more nodes than the loader's bound ("billion laughs").
    case aliasExpansionLimit = "alias-expansion-limit"
    /// Collections nested deeper than ``LoadingLimits/maximumNestingDepth``.
    case nestingDepthLimit = "nesting-depth-limit"
    /// More nodes, a longer scalar or a larger mapping than ``LoadingLimits`` allows.
    case documentLimit = "document-limit"
    /// A YAML merge key `<<` whose value is not a mapping or a list of mappings.
    case invalidMerge = "invalid-merge"
    /// An anchor `&name` that no alias uses (a note).
    case unusedAnchor = "unused-anchor"
    /// The file cannot be read, or is larger than the size limit; at 1:1.
    case ioError = "io-error"
    /// libyaml failed in a way it should not (out of memory, an impossible state).
    case `internal` = "internal"

    /// One line saying what the code means, as the "Loading" table of docs/diagnostic-codes.md shows it.
    package var summary: String {
        switch self {
        case .syntaxError: "the text is not valid YAML or JSON"
        case .duplicateKey: "a key appears twice in one mapping (a note points at the first)"
        case .multipleDocuments: "a second YAML document in a file (a `---` after the first document)"
        case .emptyDocument: "the file holds no document"
        case .invalidUTF8: "a byte sequence that is not UTF-8"
        case .tabIndentation: "a tab used for indentation"
        case .unknownAlias: "an alias `*name` without an anchor `&name` before it"
        case .recursiveAlias: "an alias `*name` inside the node its anchor `&name` marks"
        case .aliasExpansionLimit: "aliases expand to too many nodes (\"billion laughs\")"
        case .nestingDepthLimit: "collections nested too deeply"
        case .documentLimit: "more nodes, a longer scalar or a larger mapping than the loading limits allow"
        case .invalidMerge: "a merge key `<<` whose value is not a mapping or a list of mappings"
        case .unusedAnchor: "an anchor `&name` that no alias `*name` uses (note)"
        case .ioError: "the file cannot be read, or is larger than the size limit"
        case .internal: "libyaml failed in an unexpected way (please report it)"
        }
    }
}

extension LoadDiagnosticCode {
    /// The severity the code is reported with: an error, but for `unused-anchor`, a note.
    package var severity: Severity {
        self == .unusedAnchor ? .note : .error
    }
}

extension Diagnostic {
    /// An error-severity loading diagnostic with `code` (stored as its raw value).
    package static func error(
        _ code: LoadDiagnosticCode, _ message: String, at span: SourceSpan?,
        notes: [Note] = [], hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(severity: .error, code: code.rawValue, message: message, span: span, notes: notes, hint: hint)
    }

    /// Whether this diagnostic has the loading code `code`.
    package func has(_ code: LoadDiagnosticCode) -> Bool {
        self.code == code.rawValue
    }
}
