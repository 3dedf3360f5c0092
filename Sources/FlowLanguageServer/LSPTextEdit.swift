import FlowSource

/// LSP 3.17 `TextEdit`: the text that replaces a range (an insertion when it is empty).
struct LSPTextEdit: LSPValue {
    var range: LSPRange
    var newText: String

    var json: JSONValue { .object([("range", range.json), ("newText", newText.json)]) }
}
