import FlowSource

/// LSP 3.17 `Location`: a range in a document, named by its URI.
struct LSPLocation: LSPValue {
    var uri: String
    var range: LSPRange

    var json: JSONValue { .object([("uri", uri.json), ("range", range.json)]) }
}
