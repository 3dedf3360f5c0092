import FlowSource

/// A request about an open document, as its handler (``LSPMethod/Request``) reads it: the
/// document as it is now, what its last compile found, and the request's params.
struct LSPDocumentRequest {
    /// What a request about a document says, as far as the server reads it: LSP 3.17
    /// `TextDocumentPositionParams` and the members requests add to it.
    struct Params {
        /// `textDocument.uri`.
        var uri: String?
        /// `position`; `nil` when it is missing or no `Position`.
        var position: LSPPosition?
        /// `range` (`codeAction`); `nil` when it is missing or no `Range`.
        var range: LSPRange?
        /// `newName` (`rename`).
        var newName: String?
        /// `context.includeDeclaration` (`references`): true unless it says false.
        var includeDeclaration: Bool

        /// The params of a request's message.
        init(_ params: RPCValue) {
            uri = params["textDocument"]?["uri"]?.string
            position = LSPPosition(rpc: params["position"])
            range = LSPRange(rpc: params["range"])
            newName = params["newName"]?.string
            includeDeclaration = params["context"]?["includeDeclaration"] != .bool(false)
        }
    }

    var document: LSPDocument
    var analysis: DocumentAnalysis
    var params: Params

    /// The byte offset of the request's `position` (0 for a request without one).
    var offset: Int { params.position.map(document.offset(of:)) ?? 0 }
}
