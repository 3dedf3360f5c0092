import FlowSource

/// LSP 3.17 `Range`: from `start` up to `end`, which is not part of it.
struct LSPRange: LSPValue, Equatable {
    var start: LSPPosition
    var end: LSPPosition

    var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }
}

extension LSPRange {
    /// The `Range` a message gives; `nil` unless both its positions read (``LSPPosition/init(rpc:)``).
    init?(rpc value: RPCValue?) {
        guard let start = LSPPosition(rpc: value?["start"]), let end = LSPPosition(rpc: value?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}
