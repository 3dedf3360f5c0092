import FlowSource

/// The protocol's methods the server knows, each named once: the requests about a
/// document in one table (``requests``), which both dispatches them and makes the
/// `initialize` answer's capabilities, so a new request is a row here and its handler;
/// and the notifications it reads and sends. The requests about no document,
/// `initialize` and `shutdown`, are ``LanguageServer``'s own.
enum LSPMethod {
    /// A request about an open document: its method, the capability that declares it,
    /// whether it reads a position, and its handler.
    struct Request: Sendable {
        /// The method, `textDocument/…`.
        let method: String
        /// The member of `ServerCapabilities` that declares it; `nil` for one declared
        /// by another's options (`prepareRename` by `renameProvider`'s).
        let capability: String?
        /// Whether its params need a `position` (LSP `TextDocumentPositionParams`): one
        /// without gets `InvalidParams`.
        let needsPosition: Bool
        /// The capability's value for a client: `true`, or the request's options.
        let options: @Sendable (LSPClientSupport) -> JSONValue
        /// Answers it: the result (`nil` is `null`), or throws the ``LSPError`` to answer.
        let answer: @Sendable (isolated LanguageServer, LSPDocumentRequest) throws -> (any LSPValue)?

        init(
            _ method: String, _ capability: String?, needsPosition: Bool = true,
            options: @escaping @Sendable (LSPClientSupport) -> JSONValue = { _ in .bool(true) },
            answer: @escaping @Sendable (isolated LanguageServer, LSPDocumentRequest) throws -> (any LSPValue)?
        ) {
            (self.method, self.capability, self.needsPosition, self.options, self.answer) = (method, capability, needsPosition, options, answer)
        }
    }

    /// Every request about a document the server answers, in the order `initialize`
    /// declares them.
    static let requests: [Request] = [
        Request("textDocument/completion", "completionProvider", options: { _ in .object([("triggerCharacters", [" ", ":", "{", "."].json)]) }) {
            $0.completion($1)
        },
        Request("textDocument/definition", "definitionProvider") { $0.definition($1) },
        Request("textDocument/hover", "hoverProvider") { $0.hover($1) },
        Request("textDocument/documentSymbol", "documentSymbolProvider", needsPosition: false) { $0.symbols($1) },
        Request("textDocument/foldingRange", "foldingRangeProvider", needsPosition: false) { $0.foldingRanges($1) },
        Request("textDocument/references", "referencesProvider") { $0.references($1) },
        // `prepareProvider` only for a client that says it can ask (LSP 3.17 `RenameOptions`).
        Request("textDocument/rename", "renameProvider", options: { $0.prepareRename ? .object([("prepareProvider", .bool(true))]) : .bool(true) }) {
            try $0.rename($1)
        },
        Request("textDocument/prepareRename", nil) { try $0.prepareRename($1) },
        Request("textDocument/codeAction", "codeActionProvider", needsPosition: false, options: { _ in .object([("codeActionKinds", [LSPCodeAction.Kind.quickFix].json)]) }) {
            $0.codeActions($1)
        },
        Request("textDocument/formatting", "documentFormattingProvider", needsPosition: false) { try $0.formatting($1) },
    ]

    /// The `initialize` answer's `ServerCapabilities` for `client`: positions in
    /// `encoding`, documents synced on open and close and by incremental changes, and
    /// each request's capability.
    static func capabilities(for client: LSPClientSupport, encoding: LSPDocument.Encoding) -> JSONValue {
        .object(
            [("positionEncoding", .string(encoding.rawValue)), ("textDocumentSync", .object([("openClose", .bool(true)), ("change", SyncKind.incremental.json)]))]
                + requests.compactMap { request in request.capability.map { ($0, request.options(client)) } })
    }

    /// The notifications the server reads and sends.
    enum Notification: String {
        case exit
        case didOpen = "textDocument/didOpen", didChange = "textDocument/didChange", didClose = "textDocument/didClose"
        case publishDiagnostics = "textDocument/publishDiagnostics"
        case showMessage = "window/showMessage"
    }

    /// LSP `TextDocumentSyncKind`: how the client sends a document's changes.
    enum SyncKind: Int, LSPValue {
        case none = 0, full, incremental
    }

    /// LSP `MessageType`: how grave a `window/showMessage` is.
    enum MessageType: Int, LSPValue {
        case error = 1, warning, info, log
    }
}
