import FlowSource
/// What the client said it supports in `initialize` (LSP 3.17 `ClientCapabilities`), as
/// far as the server's answers differ by it. A client that says nothing gets the
/// protocol's defaults: plain-text hovers, no snippets, a flat symbol list, no
/// `prepareRename`.
struct LSPClientSupport {
    /// `textDocument.hover.contentFormat` holds `markdown`.
    var markdownHover = false
    /// `textDocument.completion.completionItem.documentationFormat` holds `markdown`.
    var markdownDocumentation = false
    /// `textDocument.completion.completionItem.snippetSupport`.
    var snippets = false
    /// `textDocument.documentSymbol.hierarchicalDocumentSymbolSupport`.
    var hierarchicalSymbols = false
    /// `textDocument.rename.prepareSupport`.
    var prepareRename = false

    init() {}

    /// The support read from `initialize`'s `capabilities`.
    init(_ capabilities: RPCValue?) {
        let text = capabilities?["textDocument"]
        markdownHover = text?["hover"]?["contentFormat"]?.array?.contains(.string("markdown")) == true
        markdownDocumentation =
            text?["completion"]?["completionItem"]?["documentationFormat"]?.array?.contains(.string("markdown")) == true
        snippets = text?["completion"]?["completionItem"]?["snippetSupport"] == .bool(true)
        hierarchicalSymbols = text?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"] == .bool(true)
        prepareRename = text?["rename"]?["prepareSupport"] == .bool(true)
    }
}
