import FlowSource

/// LSP 3.17 `DocumentSymbol`: a thing of the document with its range, the range to select
/// (its name), and the things inside it; or, for a client without hierarchical symbols,
/// the same as flat `SymbolInformation`s (``information(in:container:)``).
struct LSPDocumentSymbol: LSPValue {
    /// LSP `SymbolKind`: the icon an editor shows beside the symbol.
    enum Kind: Int, LSPValue {
        case `class` = 5, field = 8
    }

    var name: String
    var detail: String?
    var kind: Kind
    var range: LSPRange
    var selectionRange: LSPRange
    var children: [LSPDocumentSymbol] = []

    var json: JSONValue {
        .members(
            ("name", name.json), ("detail", detail?.json), ("kind", kind.json), ("range", range.json), ("selectionRange", selectionRange.json),
            ("children", children.json))
    }

    /// The symbol, then its children (naming it as their `containerName`), as flat
    /// `SymbolInformation`s of the document `uri`.
    func information(in uri: String, container: String? = nil) -> [JSONValue] {
        [.members(("name", name.json), ("kind", kind.json), ("location", LSPLocation(uri: uri, range: range).json), ("containerName", container?.json))]
            + children.flatMap { $0.information(in: uri, container: name) }
    }
}
