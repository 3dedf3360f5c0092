import FlowCompile
import FlowSource
import FlowYAML

/// Which node each comment of a YAML file belongs to, so that `fmt` keeps it there when
/// it moves the node (keys in the key table's order) or re-indents it.
///
/// The places a comment can belong to are the entries of mappings and the items of
/// sequences (each a ``Slot``), the ends of block collections, and the file's head and
/// tail. The rules, in order:
/// - A comment before the document's content belongs to the file's head (a modeline
///   stays first whatever the keys' order).
/// - A comment after content on its line (`key: value  # …`) belongs to the innermost
///   entry or item that starts on that line, else to the one that ends there.
/// - A comment on a line of its own between a key and its value on a later line is the
///   entry's, written after the value.
/// - A comment on a line of its own belongs to the next entry or item, written above it
///   (above a mapping's first key: at the top of the mapping, whatever comes first),
///   unless it is indented deeper than that one: then it belongs under the entry before
///   it when that one has no value (`key:`), else it ends the deepest block collection
///   the next entry is not in whose entries stand at or left of its column (a note under
///   the last entry of a screen stays with that screen).
/// - A comment after all content ends the root collection (or, after a scalar root, the
///   file's tail); one after a `...` line stays after it.
///
/// Points inside a flow collection (`[…]`, `{…}`) that holds no comment are not places:
/// such a collection is written on one line, which cannot hold one. A flow collection
/// that holds a comment is written as a block. Blank lines before an entry, an item or a
/// comment on its own line are kept as one blank line. O((nodes + comments) · log nodes).
struct CommentPlacement {
    /// An entry (by its key's byte offset) or an item (by its node's byte offset).
    enum Slot: Hashable {
        case entry(Int)
        case item(Int)
    }

    /// A comment on a line of its own, and whether a blank line comes before it.
    struct Line: Equatable {
        var text: String
        var blankBefore: Bool
    }

    /// Comments above each entry or item.
    private(set) var leading: [Slot: [Line]] = [:]
    /// The comment after each entry's or item's first line.
    private(set) var trailing: [Slot: String] = [:]
    /// Comments under an entry with no value (`key:` and, indented below it, `# …`).
    private(set) var under: [Slot: [Line]] = [:]
    /// Comments after the last entry or item of a block collection, by the collection's
    /// byte offset.
    private(set) var ending: [Int: [Line]] = [:]
    /// Comments before the content: before the `---` line, and after it.
    private(set) var head: (beforeMarker: [Line], afterMarker: [Line]) = ([], [])
    /// Comments after all the content (before a `...` line).
    private(set) var tail: [Line] = []
    /// Comments after the `...` line.
    private(set) var afterEnd: [Line] = []
    /// Entries and items with a blank line before them (or before their comments).
    private(set) var blankBefore: Set<Slot> = []
    /// Byte offsets of the flow collections that hold a comment: written as blocks.
    private(set) var flowWrittenAsBlock: Set<Int> = []

    private struct Point {
        var slot: Slot
        var offset: Int
        var line: Int
        var column: Int
        var endOffset: Int
        var endLine: Int
        var depth: Int
        /// Its collection, an index into `collections`.
        var parent: Int
        /// Whether it stands in a flow collection written on one line.
        var isInline: Bool
        /// Whether it is an entry with no value written (`key:`).
        var hasNoValue = false
        /// The line a blank line above it is looked for: an item's `-` line, which is
        /// above its node's when the node starts on a later line (`-` then `  - a`).
        var markLine: Int?
    }

    private struct Collection {
        var offset: Int
        var endOffset: Int
        var column: Int
        var parent: Int?
        var isBlock: Bool
    }

    init(bytes: [UInt8], document: YAMLSyntaxDocument, comments: [YAMLComment]) {
        let blankLines = Self.blankLines(bytes: bytes, root: document.root)
        func isBlankBefore(line: Int) -> Bool { line > 1 && blankLines.contains(line - 1) }
        let rootStart = document.root?.span.start.offset ?? Int.max
        var rest: [YAMLComment] = []
        for comment in comments {
            let line = Line(text: comment.text, blankBefore: isBlankBefore(line: comment.position.line))
            if let end = document.endMarker, comment.offset > end {
                afterEnd.append(line)
            } else if comment.offset < rootStart {
                if let start = document.startMarker, comment.offset > start { head.afterMarker.append(line) } else { head.beforeMarker.append(line) }
            } else {
                rest.append(comment)
            }
        }
        guard let root = document.root else { return }
        // A `disable-next-line` suppression before a top-level mapping's first key names that
        // key's line: from it on, the comments are the key's, to move with it when keys
        // are reordered (the file's head keeps a `$schema` modeline and what comes before).
        if case .mapping(let entries, false) = root.content, let first = entries.first, root.properties.isEmpty {
            let before = document.startMarker == nil ? head.beforeMarker : head.afterMarker
            if let split = before.firstIndex(where: { InlineSuppressions.isNextLine(comment: $0.text) }) {
                leading[.entry(first.key.span.start.offset)] = Array(before[split...])
                if document.startMarker == nil { head.beforeMarker.removeSubrange(split...) } else { head.afterMarker.removeSubrange(split...) }
            }
        }
        let commentOffsets = comments.map(\.offset)
        func holdsComment(_ span: SourceSpan) -> Bool {
            let first = Self.lowerBound(commentOffsets, span.start.offset)
            return first < commentOffsets.count && commentOffsets[first] < span.end.offset
        }
        // Every entry and item in file order, outer before inner.
        var points: [Point] = []
        var collections: [Collection] = []
        func visit(_ node: YAMLSyntax, depth: Int, parent: Int?, inline: Bool) {
            switch node.content {
            case .scalar, .alias: return
            case .sequence(let items, let isFlow):
                // An empty one stays `[]`: a comment inside goes after it.
                let isInline = inline || (isFlow && (items.isEmpty || !holdsComment(node.span)))
                if isFlow, !isInline { flowWrittenAsBlock.insert(node.span.start.offset) }
                // A block item's place is its `-`'s; a flow item has none.
                let dashes = items.map { isFlow ? nil : Self.dash(of: $0.span.start, in: bytes) }
                let column = items.first.map { dashes[0]?.column ?? $0.span.start.column } ?? node.span.start.column
                collections.append(
                    Collection(offset: node.span.start.offset, endOffset: node.span.end.offset, column: column, parent: parent, isBlock: !isInline))
                let index = collections.count - 1
                for (item, dash) in zip(items, dashes) {
                    points.append(
                        Point(
                            slot: .item(item.span.start.offset), offset: item.span.start.offset, line: item.span.start.line,
                            column: dash?.column ?? item.span.start.column, endOffset: item.span.end.offset,
                            endLine: item.span.end.line, depth: depth, parent: index, isInline: isInline,
                            markLine: dash?.line))
                    visit(item, depth: depth + 1, parent: index, inline: isInline)
                }
            case .mapping(let entries, let isFlow):
                let isInline = inline || (isFlow && (entries.isEmpty || !holdsComment(node.span)))
                if isFlow, !isInline { flowWrittenAsBlock.insert(node.span.start.offset) }
                collections.append(
                    Collection(
                        offset: node.span.start.offset, endOffset: node.span.end.offset,
                        column: entries.first?.key.span.start.column ?? node.span.start.column, parent: parent, isBlock: !isInline))
                let index = collections.count - 1
                for entry in entries {
                    points.append(
                        Point(
                            slot: .entry(entry.key.span.start.offset), offset: entry.key.span.start.offset,
                            line: entry.key.span.start.line, column: entry.key.span.start.column, endOffset: entry.value.span.end.offset,
                            endLine: entry.value.span.end.line, depth: depth, parent: index, isInline: isInline,
                            hasNoValue: entry.value.isEmptyPlainScalar))
                    visit(entry.key, depth: depth + 1, parent: index, inline: isInline)
                    visit(entry.value, depth: depth + 1, parent: index, inline: isInline)
                }
            }
        }
        visit(root, depth: 0, parent: nil, inline: false)
        points.sort { ($0.offset, $0.depth) < ($1.offset, $1.depth) }
        let pointOffsets = points.map(\.offset)
        for (index, point) in points.enumerated() where !point.isInline && isBlankBefore(line: point.markLine ?? point.line) {
            // An item's first entry shares the item's line: the blank line is the item's.
            if index > 0, points[index - 1].offset == point.offset { continue }
            blankBefore.insert(point.slot)
        }
        for comment in rest {
            let line = Line(text: comment.text, blankBefore: isBlankBefore(line: comment.position.line))
            // Points before the comment, and the first after it.
            let next = Self.lowerBound(pointOffsets, comment.offset)
            if comment.isTrailing {
                // The innermost place on the comment's line: starting there, else ending there.
                // (Over the items of a flow collection written on one line: the comment after
                // `[a, b,` then `c]` is the entry's that holds the collection.)
                let before = points[..<next].reversed().prefix {
                    $0.isInline || $0.line == comment.position.line || $0.endLine >= comment.position.line
                }
                if let point = before.first(where: { !$0.isInline && $0.line == comment.position.line })
                    ?? before.first(where: { !$0.isInline && $0.endLine == comment.position.line && $0.endOffset <= comment.offset })
                {
                    trailing[point.slot, default: ""] += trailing[point.slot] == nil ? comment.text : " " + comment.text
                    continue
                }
            }
            let following = points[next...].first { !$0.isInline }
            // Between a key and its value on a later line (`key:`, the comment, the value):
            // the entry's, after its value.
            if next > 0, case let holder = points[next - 1], !holder.isInline, holder.endOffset > comment.offset,
                following.map({ $0.offset >= holder.endOffset }) ?? true
            {
                trailing[holder.slot, default: ""] += trailing[holder.slot] == nil ? comment.text : " " + comment.text
                continue
            }
            // Indented under `key:` with no value, deeper than what follows: that key's.
            if next > 0, case let previous = points[next - 1], previous.hasNoValue, !previous.isInline,
                previous.line < comment.position.line, comment.position.column > previous.column,
                comment.position.column > following?.column ?? 0
            {
                under[previous.slot, default: []].append(line)
                continue
            }
            if let following, comment.position.column <= following.column {
                leading[following.slot, default: []].append(line)
                continue
            }
            // Deeper than what follows: the end of the deepest block collection closed before it.
            var closed: Int?
            var candidate = next > 0 ? points[next - 1].parent : nil
            while let index = candidate {
                let collection = collections[index]
                let holdsFollowing = following.map { collection.offset <= $0.offset && $0.offset < collection.endOffset } ?? false
                let isFlow = flowWrittenAsBlock.contains(collection.offset)
                if collection.isBlock, !holdsFollowing, isFlow || collection.column <= comment.position.column {
                    closed = index
                    break
                }
                candidate = collection.parent
            }
            if let closed {
                ending[collections[closed].offset, default: []].append(line)
            } else if let following {
                leading[following.slot, default: []].append(line)
            } else {
                tail.append(line)
            }
        }
    }

    /// The line and column of the `-` before a block sequence's item starting at `start`,
    /// over blanks, line breaks and lines of comments alone (`-` then `  - a` on the next
    /// line: the outer `-`); `nil` when there is none (a flow sequence's item, or a `-`
    /// line ending in a comment). The one reading of an item's place, so an item written
    /// `- - a` or `-` then `  - a` is placed alike and the layout stays a fixed point.
    private static func dash(of start: SourcePosition, in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var index = start.offset - 1
        var line = start.line
        while index >= 0 {
            while index >= 0, [9, 13, 32].contains(bytes[index]) { index -= 1 }
            guard index >= 0, bytes[index] == 10 else { break }
            // A line break: the line before it, unless it holds a comment alone.
            var lineStart = index
            while lineStart > 0, bytes[lineStart - 1] != 10 { lineStart -= 1 }
            line -= 1
            index = bytes[lineStart..<index].drop { $0 == 32 || $0 == 9 }.first == UInt8(ascii: "#") ? lineStart - 1 : index - 1
        }
        guard index >= 0, bytes[index] == UInt8(ascii: "-") else { return nil }
        var lineStart = index
        while lineStart > 0, bytes[lineStart - 1] != 10 { lineStart -= 1 }
        // Columns count Unicode scalars: the bytes before the `-` that start one.
        return (line, bytes[lineStart..<index].reduce(1) { $1 & 0xC0 != 0x80 ? $0 + 1 : $0 })
    }

    /// The 1-based lines holding only blanks that no scalar holds (a block scalar's empty
    /// lines are its text).
    private static func blankLines(bytes: [UInt8], root: YAMLSyntax?) -> Set<Int> {
        // +1 where a scalar of several lines starts, -1 on its last line: a line is held
        // while the running sum is positive.
        var opened: [Int: Int] = [:]
        root?.forEachNode { node in
            guard case .scalar(let text, let style) = node.content else { return }
            var end = node.span.end.line
            if style == .literal || style == .folded, node.chomping(in: bytes) != .keep {
                // Empty lines after a block scalar's text are not its own (unless it keeps
                // them); a line of a tab or of more spaces than its indentation is text.
                let lines = BlockScalarLines(node, text: text, in: bytes)
                end = (lines.lastTextLine ?? lines.firstLine - 1) + 1
            }
            if end > node.span.start.line {
                opened[node.span.start.line, default: 0] += 1
                opened[end, default: 0] -= 1
            }
        }
        var blank: Set<Int> = []
        var line = 1
        var isBlank = true
        var held = opened[1] ?? 0
        for byte in bytes {
            if byte == 10 {
                if isBlank, held <= 0 { blank.insert(line) }
                line += 1
                held += opened[line] ?? 0
                isBlank = true
            } else if byte != 32, byte != 9, byte != 13 {
                isBlank = false
            }
        }
        return blank
    }

    /// The index of the first element of sorted `values` not less than `value`.
    private static func lowerBound(_ values: [Int], _ value: Int) -> Int {
        values.partitioningIndex { $0 >= value }
    }
}

extension YAMLSyntax {
    /// Whether the node is a plain scalar with no text and no properties: nothing written.
    var isEmptyPlainScalar: Bool {
        if case .scalar("", .plain) = content, anchor == nil, tag == nil { true } else { false }
    }
}
