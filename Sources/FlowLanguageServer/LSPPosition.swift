import FlowSource

/// LSP 3.17 `Position`: a 0-based line and a character offset on it, counted in the
/// document's negotiated encoding (``LSPDocument/Encoding``).
struct LSPPosition: LSPValue, Equatable {
    var line: Int
    var character: Int

    var json: JSONValue { .object([("line", line.json), ("character", character.json)]) }
}

extension LSPPosition {
    /// The `Position` a message gives: `line` and `character`, whole numbers from 0;
    /// `nil` for anything else, which is not guessed at.
    init?(rpc value: RPCValue?) {
        guard let line = value?["line"]?.integer, let character = value?["character"]?.integer, line >= 0, character >= 0 else {
            return nil
        }
        self.init(line: line, character: character)
    }
}
