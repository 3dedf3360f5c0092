import FlowSource

/// LSP 3.17 `MarkupContent`: a hover's or a completion item's documentation, as Markdown
/// or as plain text, whichever the client says it shows (``LSPClientSupport``).
struct LSPMarkupContent: LSPValue {
    /// LSP `MarkupKind`.
    enum Kind: String, LSPValue {
        case plainText = "plaintext"
        case markdown
    }

    var kind: Kind
    var value: String

    var json: JSONValue { .object([("kind", kind.json), ("value", value.json)]) }
}
