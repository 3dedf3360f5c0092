import FlowSource

/// LSP 3.17 `CompletionItem`, with the members the server fills in: what the list shows
/// (`label`, `kind`, `detail`, `documentation`), what the client filters by, and what it
/// writes (`insertText`, or the `textEdit` over what is typed).
struct LSPCompletionItem: LSPValue {
    /// LSP `CompletionItemKind`: the icon an editor shows beside the item.
    enum Kind: Int, LSPValue {
        case function = 3, field = 5, variable = 6, property = 10, value = 12, keyword = 14, snippet = 15, reference = 18, enumMember = 20, event = 23
    }

    /// LSP `InsertTextFormat`: whether the text holds a snippet's tab stops (`$1`, `${1:x}`).
    enum InsertTextFormat: Int, LSPValue {
        case plainText = 1, snippet
    }

    /// LSP `InsertTextMode`: `asIs` keeps the lines after the first as written, where the
    /// client would otherwise indent them as the cursor's line.
    enum InsertTextMode: Int, LSPValue {
        case asIs = 1, adjustIndentation
    }

    /// LSP `CompletionList`: the items, all of them (never `isIncomplete`).
    struct List: LSPValue {
        var items: [LSPCompletionItem]

        var json: JSONValue {
            // The items' edits mostly replace one range: its JSON is made once, not once each.
            var range: (value: LSPRange, json: JSONValue)?
            let items = items.map { item in
                item.json(textEdit: item.textEdit.map { edit in
                    if range?.value != edit.range { range = (edit.range, edit.range.json) }
                    return .object([("range", range?.json ?? edit.range.json), ("newText", .string(edit.newText))])
                })
            }
            return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
        }
    }

    var label: String
    var kind: Kind
    var detail: String?
    var documentation: LSPMarkupContent?
    var filterText: String?
    var insertText: String?
    var insertTextFormat: InsertTextFormat?
    var insertTextMode: InsertTextMode?
    var textEdit: LSPTextEdit?

    var json: JSONValue { json(textEdit: textEdit?.json) }

    /// The item, its `textEdit` written as given.
    func json(textEdit: JSONValue?) -> JSONValue {
        .members(
            ("label", label.json), ("kind", kind.json), ("detail", detail?.json), ("documentation", documentation?.json),
            ("filterText", filterText?.json), ("insertText", insertText?.json), ("insertTextFormat", insertTextFormat?.json),
            ("insertTextMode", insertTextMode?.json), ("textEdit", textEdit))
    }

    /// The item with `change` made to it.
    func with(_ change: (inout LSPCompletionItem) -> Void) -> LSPCompletionItem {
        var item = self
        change(&item)
        return item
    }
}
