/// Recognises YAML text that holds no node at all: only blank lines, comments and
/// document markers (`---`, `...`).
///
/// YAML 1.2 §9.2 lets a stream hold document markers without any document
/// (`l-yaml-stream` has an optional `l-any-document`), but libyaml 0.2.5 rejects a `...`
/// that ends no document ("did not find expected node content"); such a file is
/// reported as `empty-document` like an empty one.
enum EmptyStream {
    /// Whether every line of `bytes` from `start` is blank, a comment, or a marker
    /// `---`/`...` at the start of the line followed by nothing, white space or a
    /// comment. O(n).
    static func holdsNoContent(_ bytes: [UInt8], from start: Int) -> Bool {
        var position = start
        let count = bytes.count
        func isBreak(_ index: Int) -> Bool { bytes[index] == 0x0A || bytes[index] == 0x0D }
        func isSpace(_ index: Int) -> Bool { bytes[index] == 0x20 || bytes[index] == 0x09 }
        while position < count {
            if position + 3 <= count,
                (bytes[position] == 0x2D && bytes[position + 1] == 0x2D && bytes[position + 2] == 0x2D)
                    || (bytes[position] == 0x2E && bytes[position + 1] == 0x2E && bytes[position + 2] == 0x2E),
                position + 3 == count || isBreak(position + 3) || isSpace(position + 3)
            {
                position += 3
            }
            while position < count, isSpace(position) { position += 1 }
            if position < count, bytes[position] == 0x23 {
                while position < count, !isBreak(position) { position += 1 }
            }
            guard position == count || isBreak(position) else { return false }
            while position < count, isBreak(position) { position += 1 }
        }
        return true
    }
}
