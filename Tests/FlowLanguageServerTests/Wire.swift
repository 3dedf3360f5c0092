/// The protocol's shapes as a client reads them (LSP 3.17), with the members the tests
/// look at.
enum Wire {
    struct Reply<R: Decodable>: Decodable {
        var result: R?
        var error: Failure?
    }

    struct Failure: Decodable {
        var code: Int
        var message: String
    }

    struct Position: Decodable, Hashable {
        var line: Int
        var character: Int
    }

    struct Range: Decodable, Hashable {
        var start: Position
        var end: Position

        /// The characters `from` up to `to` of 0-based line `line`.
        init(line: Int, from: Int, to: Int) {
            start = Position(line: line, character: from)
            end = Position(line: line, character: to)
        }
    }

    struct TextEdit: Decodable, Hashable {
        var range: Range
        var newText: String
    }

    struct Markup: Decodable {
        var kind: String
        var value: String
    }

    struct CompletionItem: Decodable {
        var label: String
        var kind: Int?
        var detail: String?
        var documentation: Markup?
        var textEdit: TextEdit?
    }

    struct CompletionList: Decodable {
        var isIncomplete: Bool
        var items: [CompletionItem]
    }

    /// A notification the server sends, with its params read as `P`.
    struct Notification<P: Decodable>: Decodable {
        var method: String
        var params: P
    }

    /// `PublishDiagnosticsParams`.
    struct Publication: Decodable {
        var uri: String
        var diagnostics: [Diagnostic]
    }

    struct Diagnostic: Decodable {
        var range: Range
        var severity: Int
        var code: String
        var message: String
    }

    struct Hover: Decodable {
        var contents: Markup
        var range: Range?
    }

    struct WorkspaceEdit: Decodable {
        var changes: [String: [TextEdit]]
    }

    struct PrepareRename: Decodable, Equatable {
        var range: Range
        var placeholder: String
    }

    /// `text` with `edits` made (ranges of ASCII lines ended by `\n`), the last first.
    static func apply(_ edits: [TextEdit], to text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for edit in edits.sorted(by: { ($0.range.start.line, $0.range.start.character) > ($1.range.start.line, $1.range.start.character) }) {
            let (start, end) = (edit.range.start, edit.range.end)
            let line = Array(lines[start.line])
            lines[start.line] = String(line[..<start.character]) + edit.newText + String(line[end.character...])
        }
        return lines.joined(separator: "\n")
    }
}
