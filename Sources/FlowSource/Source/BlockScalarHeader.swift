/// The header of a YAML block scalar (YAML 1.2 §8.1.1): the `|` (literal) or `>`
/// (folded) indicator, then a chomping indicator and an indentation indicator in either
/// order, each at most once. The one reading of a header, for the scalar source map's
/// positions and for `fmt`'s layout. The header starts where ``YAMLNodeProperties``
/// says the node's content does.
package struct BlockScalarHeader: Equatable, Sendable {
    /// What becomes of the text's final line breaks (YAML 1.2 §8.1.1.2), by its indicator.
    package enum Chomping: String, Sendable {
        /// No indicator: the last line break is kept, the empty lines after it are not.
        case clip = ""
        /// `-`: no final line break.
        case strip = "-"
        /// `+`: the last line break and every empty line after it.
        case keep = "+"
    }

    /// `|` (true) or `>` (false).
    package var isLiteral: Bool
    /// The chomping indicator, ``Chomping/clip`` when there is none.
    package var chomping: Chomping
    /// The indentation indicator, 1 to 9, relative to the parent node; `nil` when the
    /// indentation is found from the first line with text.
    package var indentation: Int?
    /// The byte offset just after the indicators (where spaces and a comment may follow).
    package var indicatorsEnd: Int

    /// The header whose `|` or `>` is at byte `start` of `bytes`, read no further than
    /// `end`; `nil` when neither is there. O(1).
    package static func read(_ bytes: [UInt8], at start: Int, end: Int) -> BlockScalarHeader? {
        guard start < min(end, bytes.count), bytes[start] == UInt8(ascii: "|") || bytes[start] == UInt8(ascii: ">") else { return nil }
        var header = BlockScalarHeader(isLiteral: bytes[start] == UInt8(ascii: "|"), chomping: .clip, indentation: nil, indicatorsEnd: start + 1)
        var chompingSeen = false
        var index = start + 1
        while index < min(end, bytes.count) {
            let byte = bytes[index]
            if !chompingSeen, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                header.chomping = byte == UInt8(ascii: "+") ? .keep : .strip
                chompingSeen = true
            } else if header.indentation == nil, byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") {
                header.indentation = Int(byte - UInt8(ascii: "0"))
            } else {
                break
            }
            index += 1
        }
        header.indicatorsEnd = index
        return header
    }
}
