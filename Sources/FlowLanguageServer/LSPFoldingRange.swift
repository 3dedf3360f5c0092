import FlowSource

/// LSP 3.17 `FoldingRange`: whole lines, from `startLine` to `endLine`, that fold into the first.
struct LSPFoldingRange: LSPValue {
    var startLine: Int
    var endLine: Int

    var json: JSONValue { .object([("startLine", startLine.json), ("endLine", endLine.json)]) }
}
