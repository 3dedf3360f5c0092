import FlowSource

/// LSP 3.17 `WorkspaceEdit` as the server makes it: `changes` to one document (a rename,
/// a quick fix), which the client applies together.
struct LSPWorkspaceEdit: LSPValue {
    var uri: String
    /// Edits that do not overlap, as the protocol asks.
    var edits: [LSPTextEdit]

    var json: JSONValue { .object([("changes", .object([(uri, edits.json)]))]) }
}
