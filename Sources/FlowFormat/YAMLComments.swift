import FlowSource
import FlowYAML

/// One comment of a YAML file: from its `#` to the end of its line.
package struct YAMLComment: Sendable, Hashable {
    /// Byte offset of the `#`.
    var offset: Int
    /// Where the `#` is (1-based line and column).
    package var position: SourcePosition
    /// The comment from `#` on, without the line break or trailing blanks.
    var text: String
    /// Whether something other than blanks comes before it on its line (`key: value  # …`).
    var isTrailing: Bool
}

/// The comments of a YAML file, found from its written form (``FlowYAML/YAMLSyntax``): a `#`
/// at a line's start or after a blank that no scalar holds. A block scalar holds its
/// lines after its header, so a comment on the header line (`text: |  # …`) is found.
/// What `convert` warns it cannot write in JSON and what `fmt` must keep. O(bytes + nodes).
package enum YAMLComments {
    /// Every comment of `bytes`, in file order.
    package static func all(in bytes: [UInt8], syntax root: YAMLSyntax?) -> [YAMLComment] {
        var ranges: [Range<Int>] = []
        root?.forEachNode { node in
            guard case .scalar(_, let style) = node.content else { return }
            var start = contentStart(of: node, in: bytes)
            if style == .literal || style == .folded {
                // The header line is not the scalar's content: a comment may end it.
                while start < bytes.count, bytes[start] != 10, bytes[start] != 13 { start += 1 }
            }
            if start < node.span.end.offset { ranges.append(start..<node.span.end.offset) }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var locator = SourceLocator(bytes: bytes, bomLength: bom)
        var comments: [YAMLComment] = []
        var next = 0
        var index = bom
        var lineHasContent = false
        while index < bytes.count {
            while next < ranges.count, ranges[next].upperBound <= index { next += 1 }
            if next < ranges.count, ranges[next].contains(index) {
                index = ranges[next].upperBound
                // A block scalar ends at the start of the line after its text: that line is empty so far.
                lineHasContent = ![10, 13].contains(bytes[index - 1])
                continue
            }
            let byte = bytes[index]
            if byte == 10 || byte == 13 {
                lineHasContent = false
            } else if byte == UInt8(ascii: "#"), index == bom || [9, 10, 13, 32].contains(bytes[index - 1]) {
                let start = index
                // To the end of the line: the rest is the comment's.
                while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
                var end = index
                while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
                comments.append(
                    YAMLComment(
                        offset: start, position: locator.location(atByteOffset: start),
                        text: String(decoding: bytes[start..<end], as: UTF8.self), isTrailing: lineHasContent))
                continue
            } else if byte != 32, byte != 9 {
                lineHasContent = true
            }
            index += 1
        }
        return comments
    }

    /// Where a scalar's text starts: after its properties (`&anchor`, `!tag`), which its
    /// span includes, and the blanks, line breaks and comments between them and the text
    /// (`key: &a  # why` with the text on the next line).
    private static func contentStart(of node: YAMLSyntax, in bytes: [UInt8]) -> Int {
        YAMLNodeProperties.contentOffset(in: bytes, from: node.span.start.offset, end: node.span.end.offset)
    }
}
