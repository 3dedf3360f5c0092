/// A YAML node's properties (YAML 1.2 §6.9: `&anchor`, `!tag`, `!<…>`), which a node's
/// span starts with, and the blanks, line breaks and comments between them and the
/// node's content. The one place where the content of a node with properties is found:
/// for the scalar source map, `fmt`'s comments and block text, and the language server's
/// edits.
package enum YAMLNodeProperties {
    /// The byte offset of the content of the node whose span is `bytes[start ..< end]`:
    /// after its properties and what separates them from the content; `start` when the
    /// node has no properties, `end` when it has nothing after them. O(length of the
    /// properties and the separation).
    package static func contentOffset(in bytes: [UInt8], from start: Int, end: Int) -> Int {
        let end = min(end, bytes.count)
        func isBlankOrBreak(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var index = start
        while index < end, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
            while index < end, !isBlankOrBreak(bytes[index]) { index += 1 }
            while index < end {
                if isBlankOrBreak(bytes[index]) {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "#") {
                    while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                } else {
                    break
                }
            }
        }
        return index
    }
}
