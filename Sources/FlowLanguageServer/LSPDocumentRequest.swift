import FlowSource

/// A request about an open document, as its handler (``LSPMethod/Request``) reads it: the
/// document as it is now, what its last compile found, and the request's params as far as
/// the server reads them (LSP 3.17 `TextDocumentPositionParams` and the members requests
/// add to it).
struct LSPDocumentRequest {
    var document: LSPDocument
    var analysis: DocumentAnalysis
    /// `position`; `nil` when it is missing or no `Position`.
    var position: LSPPosition?
    /// `range` (`codeAction`); `nil` when it is missing or no `Range`.
    var range: LSPRange?
    /// `newName` (`rename`).
    var newName: String?
    /// `context.includeDeclaration` (`references`): true unless it says false.
    var includeDeclaration: Bool

    /// The request with `params` about `document`, which `analysis` is of.
    init(_ params: RPCValue, document: LSPDocument, analysis: DocumentAnalysis) {
        (self.document, self.analysis) = (document, analysis)
        position = LSPPosition(rpc: params["position"])
        range = LSPRange(rpc: params["range"])
        newName = params["newName"]?.string
        includeDeclaration = params["context"]?["includeDeclaration"] != .bool(false)
    }

    /// The byte offset of the request's `position` (0 for a request without one).
    var offset: Int { position.map(document.offset(of:)) ?? 0 }
}
