import FlowSource

/// LSP 3.17 `Hover`: what the thing under the cursor is, and the range it covers.
struct LSPHover: LSPValue {
    var contents: LSPMarkupContent
    var range: LSPRange?

    var json: JSONValue { .members(("contents", contents.json), ("range", range?.json)) }
}
