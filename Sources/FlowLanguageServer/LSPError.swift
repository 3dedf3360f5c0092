import FlowSource

/// A request's error (JSON-RPC 2.0 `Error`, LSP 3.17 `ResponseError`): its code and a
/// message for the person. A request's handler throws it (``LSPMethod/Request``).
struct LSPError: Error, LSPValue {
    /// The codes the server answers with: JSON-RPC 2.0's and LSP 3.17's `ErrorCodes` and
    /// `LSPErrorCodes`.
    enum Code: Int, LSPValue {
        /// The message is not JSON, or the input cannot be framed.
        case parseError = -32700
        /// Not a request as JSON-RPC 2.0 says (no `method`, an id or a version that is
        /// none), one over the size limit, or one at the wrong time.
        case invalidRequest = -32600
        case methodNotFound = -32601
        /// The request's document is not open, or its `position` is none.
        case invalidParams = -32602
        /// A request before `initialize`.
        case serverNotInitialized = -32002
        /// The request is well formed, but not done: the message says why (a rename
        /// refused, a text `fmt` leaves as it is).
        case requestFailed = -32803
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var json: JSONValue { .object([("code", code.json), ("message", message.json)]) }
}
