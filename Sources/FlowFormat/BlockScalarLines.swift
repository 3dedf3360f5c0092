import FlowSource
import FlowYAML

/// A block scalar's lines as written: those after its header's line (which may follow
/// the properties' line) up to the scalar's end, each without its line break (a CR
/// before the LF dropped), and the indentation of its text. One reading serves the
/// layout (which moves the lines to a new indentation) and the comment placement (which
/// must not take a line of the text for a blank line between entries).
///
/// A line is empty when it holds spaces only, no more than the text's indentation (or
/// any number of them in a text of empty lines alone); a line with a tab or more spaces
/// is text (YAML 1.2 §8.1.1.2, `l-empty`: `x\n\t\n` keeps its tab line).
struct BlockScalarLines {
    /// The lines, in order.
    var lines: [Substring]
    /// The 1-based line number of the first of ``lines``.
    var firstLine: Int
    /// The columns of indentation before the text (`0` for a text of empty lines alone).
    var indent: Int
    /// Whether the text has a line that is not empty.
    var hasText: Bool

    /// The lines of `node`, a block scalar in `bytes` whose value is `text`. O(scalar's bytes).
    init(_ node: YAMLSyntax, text: String, in bytes: [UInt8]) {
        let end = min(node.span.end.offset, bytes.count)
        var index = YAMLNodeProperties.contentOffset(in: bytes, from: node.span.start.offset, end: end)
        while index < bytes.count, bytes[index] != 10 { index += 1 }
        firstLine = node.span.start.line + 1 + bytes[min(node.span.start.offset, index)..<index].lazy.filter { $0 == 10 }.count
        lines = []
        if index < end {
            // Split at each LF byte, a CR before it dropped (a String would keep CRLF as one character).
            let body = bytes[(index + 1)..<end]
            lines = body.split(separator: 10, omittingEmptySubsequences: false).map { line in
                Substring(String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self))
            }
            if body.last == 10 { lines.removeLast() }
        }
        // Spaces are one byte each: counted in UTF-8, without walking characters.
        func leadingSpaces(_ line: Substring) -> Int { line.utf8.prefix { $0 == 32 }.count }
        let firstSource = lines.first { !$0.utf8.allSatisfy { $0 == 32 } }
        let firstText = text.firstLineWithText
        hasText = firstSource != nil
        indent = max(0, (firstSource.map(leadingSpaces) ?? 0) - (firstText.map { leadingSpaces(Substring($0)) } ?? 0))
    }

    /// Whether line `index` of ``lines`` is empty: spaces only, within the indentation.
    func isEmpty(_ index: Int) -> Bool {
        let line = lines[index].utf8
        return line.allSatisfy { $0 == 32 } && (!hasText || line.count <= indent)
    }

    /// The 1-based line number of the text's last line that is not empty, or `nil` when
    /// every line is empty.
    var lastTextLine: Int? {
        lines.indices.last { !isEmpty($0) }.map { firstLine + $0 }
    }
}
