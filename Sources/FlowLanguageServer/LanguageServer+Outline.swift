import FlowSource

/// The outline of a document: its screens and their buttons as `textDocument/documentSymbol`s,
/// and each screen as a `textDocument/foldingRange`.
extension LanguageServer {
    /// Each screen (a `Class` symbol: a type of screen the flow shows), from its key to the
    /// end of its mapping, with its style and title, and its buttons (`Field`s) inside it;
    /// flat `SymbolInformation`s for a client without hierarchical symbols.
    func symbols(_ request: LSPDocumentRequest) -> any LSPValue {
        let document = request.document
        let symbols = request.analysis.references.screens.map { screen in
            let buttons = screen.buttons.map { button in
                LSPDocumentSymbol(
                    name: button.title ?? button.slot, detail: "\(button.slot): \(button.kind)", kind: .field, range: document.range(button.whole),
                    selectionRange: document.range(button.key))
            }
            return LSPDocumentSymbol(
                name: screen.id, detail: request.analysis.screens[screen.id], kind: .class, range: document.range(screen.whole),
                selectionRange: document.range(screen.key), children: buttons)
        }
        guard client.hierarchicalSymbols else { return symbols.flatMap { $0.information(in: document.uri) } }
        return symbols
    }

    /// Each screen of more than one line folds from its key's line to its last line.
    func foldingRanges(_ request: LSPDocumentRequest) -> [LSPFoldingRange] {
        request.analysis.references.screens.compactMap { screen in
            let first = request.document.position(of: screen.whole.start.offset).line
            var last = request.document.position(of: screen.whole.end.offset)
            // A span ending at a line's start ends on the line before.
            if last.character == 0, last.line > first { last.line -= 1 }
            return last.line > first ? LSPFoldingRange(startLine: first, endLine: last.line) : nil
        }
    }
}
