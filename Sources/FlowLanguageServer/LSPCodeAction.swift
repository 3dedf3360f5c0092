import FlowSource

/// LSP 3.17 `CodeAction`: a change of the document offered for the diagnostics it resolves.
struct LSPCodeAction: LSPValue {
    /// LSP `CodeActionKind`: the only kind the server offers (``LSPMethod/requests``
    /// declares it).
    enum Kind: String, LSPValue {
        case quickFix = "quickfix"
    }

    var title: String
    var kind = Kind.quickFix
    /// Whether it is the change to make (a "did you mean" suggestion's).
    var isPreferred: Bool?
    var diagnostics: [LSPDiagnostic]
    var edit: LSPWorkspaceEdit

    var json: JSONValue {
        .members(("title", title.json), ("kind", kind.json), ("isPreferred", isPreferred?.json), ("diagnostics", diagnostics.json), ("edit", edit.json))
    }
}
