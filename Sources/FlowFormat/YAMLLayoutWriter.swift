import FlowCompile
import FlowSource
import FlowYAML

/// Writes a YAML document (``FlowYAML/YAMLSyntaxDocument``) in `fmt`'s one layout, its
/// comments where ``CommentPlacement`` put them:
/// - two spaces per level, a list indented under its key, a mapping item's first key on
///   the `- ` line;
/// - the keys of each mapping of the format in the key table's order
///   (``FlowCompile/FormatKeys/writingOrder(at:singleScreenFile:)``), merge keys (`<<`)
///   first, the author's keys (screen ids, arguments) in their written order;
/// - a scalar written plain keeps its text; a quoted one is written plain when YAML reads
///   that plain text as the same string whatever type is expected
///   (``YAMLWriter/isPlainSafe(_:)``), else in double quotes (single quotes when the text
///   has a `"` and no `'`); a block scalar keeps its style and chomping, its lines
///   re-indented;
/// - anchors, aliases, tags and merge keys as written; flow collections on one line
///   unless they hold a comment;
/// - comments at their node's indentation, after a value with two spaces; runs of blank
///   lines as one, each where the author put it: in a mapping whose keys are reordered,
///   a blank line stays only where it divides the same entries as in the file (the
///   entries above it there are the ones written above it), and goes where an entry
///   moves across it.
///
/// What this layout cannot hold is refused with a ``Refusal`` instead (a key that is a
/// collection, `%` directives). O(output).
struct YAMLLayoutWriter {
    /// Why a file cannot be written in the layout, and where.
    struct Refusal: Error {
        var message: String
        var position: SourcePosition
    }

    private let bytes: [UInt8]
    private let placement: CommentPlacement
    private let isSingleScreenFile: Bool
    /// Whether the document has an alias: then moving an entry is checked against them.
    private let hasAliases: Bool
    private var lines: [String] = []
    /// The lines of block text, written as they are.
    private var verbatim: Set<Int> = []

    /// The text of `document` (read from `bytes`) in the layout, ending with a line break.
    static func text(of document: YAMLSyntaxDocument, bytes: [UInt8], comments: [YAMLComment]) throws(Refusal) -> String {
        var document = document
        // `---` with nothing after it: libyaml's empty plain scalar stands for no content.
        if document.root?.isEmptyPlainScalar == true { document.root = nil }
        if document.hasDirectives {
            throw Refusal(message: "a '%' directive before the document, which fmt does not write", position: firstDirective(in: bytes))
        }
        var keys: [String] = []
        if case .mapping(let entries, _)? = document.root?.content {
            keys = entries.compactMap { if case .scalar(let text, _) = $0.key.content { text } else { nil } }
        }
        var writer = YAMLLayoutWriter(
            bytes: bytes, placement: CommentPlacement(bytes: bytes, document: document, comments: comments),
            isSingleScreenFile: FormatKeys.isSingleScreenFile(keys: keys),
            hasAliases: document.root.map { !$0.anchorsAndAliases.aliases.isEmpty } ?? false)
        try writer.write(document)
        guard !writer.lines.isEmpty else { return "" }
        // Trailing blanks go, except in block text, where they are the text's.
        let lines = writer.lines.enumerated().map { writer.verbatim.contains($0.offset) ? $0.element : $0.element.trailingBlanksRemoved }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func write(_ document: YAMLSyntaxDocument) throws(Refusal) {
        comments(placement.head.beforeMarker, indent: 0)
        if document.startMarker != nil { lines.append("---") }
        comments(placement.head.afterMarker, indent: 0)
        if let root = document.root {
            switch root.content {
            case .mapping(let entries, _) where !isInline(root):
                if !root.properties.isEmpty { lines.append(root.properties) }
                try write(entries, of: root, path: [], indent: 0, firstLead: nil)
            case .sequence(let items, _) where !isInline(root):
                if !root.properties.isEmpty { lines.append(root.properties) }
                try write(items, of: root, path: [], indent: 0)
            case .scalar(_, let style) where style == .literal || style == .folded:
                throw Refusal(message: "block text as the whole document, which fmt does not write", position: root.span.start)
            default:
                lines.append(try inline(root, path: []))
            }
        }
        comments(placement.tail, indent: 0)
        if document.endMarker != nil { lines.append("...") }
        comments(placement.afterEnd, indent: 0)
    }

    // MARK: Block collections

    /// The entries of `mapping` at `indent`, in writing order; the first after `firstLead`
    /// (`- `) on the item's line when given.
    private mutating func write(
        _ entries: [YAMLSyntaxEntry], of mapping: YAMLSyntax, path: [String], indent: Int, firstLead: String?
    ) throws(Refusal) {
        let pad = String(repeating: " ", count: indent)
        let order = orderedIndices(entries, path: path)
        let written = order.map { entries[$0] }
        let head = self.head(of: entries, written: written)
        let isReordered = order != Array(entries.indices)
        // The furthest position in the file of the entries written so far: they are the
        // file's first ones exactly when it is one less than their count.
        var furthest = -1
        for (index, entry) in written.enumerated() {
            let slot = CommentPlacement.Slot.entry(entry.key.span.start.offset)
            let isFirst = index == 0
            if !(isFirst && firstLead != nil) {
                // The first entry of an item has its comments and blank line above the item.
                var above = isFirst ? head.comments : slot == head.movedSlot ? head.movedComments : placement.leading[slot] ?? []
                var blank = isFirst ? head.blank : slot != head.movedSlot && placement.blankBefore.contains(slot)
                if !isFirst, isReordered {
                    // A blank line stays where it divides the same entries as in the file:
                    // those written above it stand above it there, the others below.
                    let kept = furthest == index - 1 && blankAbove(entries[index])
                    if above.isEmpty { blank = kept } else { above[0].blankBefore = kept }
                }
                leadIn(above, blank: blank, indent: indent, opensBlock: isFirst && !path.isEmpty)
            }
            furthest = max(furthest, order[index])
            let key = try self.key(entry.key)
            let lead = isFirst ? firstLead ?? pad : pad
            try value(entry.value, path: path + [entry.key.keyText ?? "?"], indent: indent + 2, head: lead + key + ":", trailing: placement.trailing[slot])
            comments(placement.under[slot] ?? [], indent: indent + 2)
        }
        comments(placement.ending[mapping.span.start.offset] ?? [], indent: indent)
    }

    /// The items of `sequence` at `indent`, each after `- `.
    private mutating func write(_ items: [YAMLSyntax], of sequence: YAMLSyntax, path: [String], indent: Int) throws(Refusal) {
        let pad = String(repeating: " ", count: indent)
        for (index, item) in items.enumerated() {
            let slot = CommentPlacement.Slot.item(item.span.start.offset)
            var above = placement.leading[slot] ?? []
            var blankAbove = placement.blankBefore.contains(slot)
            var trailing = placement.trailing[slot]
            // A mapping item's first entry is written on the item's line: its comments go
            // above, and so does a comment of the item's own (the line has the entry's).
            if case .mapping(let entries, _) = item.content, item.properties.isEmpty, !isInline(item) {
                let head = self.head(of: entries, written: orderedIndices(entries, path: path + ["-"]).map { entries[$0] })
                if let own = trailing { above.append(CommentPlacement.Line(text: own, blankBefore: false)) }
                trailing = nil
                above += head.comments
                blankAbove = blankAbove || head.blank
            }
            leadIn(above, blank: blankAbove, indent: indent, opensBlock: index == 0 && !path.isEmpty)
            try value(item, path: path + ["-"], indent: indent + 2, head: pad + "-", trailing: trailing, isItem: true)
        }
        comments(placement.ending[sequence.span.start.offset] ?? [], indent: indent)
    }

    /// `node` after `head` (`key:` or `-`): on the same line when it is written inline,
    /// else its header there and its lines below at `indent`.
    private mutating func value(
        _ node: YAMLSyntax, path: [String], indent: Int, head: String, trailing: String?, isItem: Bool = false
    ) throws(Refusal) {
        let after = trailing.map { "  " + $0 } ?? ""
        let properties = node.properties
        let withProperties = properties.isEmpty ? head : head + " " + properties
        switch node.content {
        case .mapping(let entries, _) where !isInline(node):
            if isItem, properties.isEmpty {
                // `- key: value`, the item's other keys under the first (its comment was placed above).
                try write(entries, of: node, path: path, indent: indent, firstLead: head + " ")
            } else {
                lines.append(withProperties + after)
                try write(entries, of: node, path: path, indent: indent, firstLead: nil)
            }
        case .sequence(let items, _) where !isInline(node):
            lines.append(withProperties + after)
            try write(items, of: node, path: path, indent: indent)
        case .scalar(let text, let style) where style == .literal || style == .folded:
            lines.append(withProperties + " " + blockHeader(node, text: text, style: style) + after)
            let body = blockBody(node, text: text, indent: indent)
            verbatim.formUnion(lines.count..<(lines.count + body.count))
            lines.append(contentsOf: body)
        default:
            let text = try inline(node, path: path)
            lines.append((text.isEmpty ? head : head + " " + text) + after)
        }
    }

    // MARK: Inline nodes

    /// Whether a collection is written on one line: written in flow style, without a comment inside.
    private func isInline(_ node: YAMLSyntax) -> Bool {
        switch node.content {
        case .mapping(_, let isFlow), .sequence(_, let isFlow): isFlow && !placement.flowWrittenAsBlock.contains(node.span.start.offset)
        case .scalar, .alias: true
        }
    }

    /// A key: a scalar or an alias on one line.
    private func key(_ node: YAMLSyntax) throws(Refusal) -> String {
        switch node.content {
        case .alias(let name): return "*\(name) "
        case .scalar(let text, let style) where style != .literal && style != .folded && !text.contains("\n") && !(text.isEmpty && style == .plain):
            let written = scalar(text, style: style, inFlow: false)
            let properties = node.properties
            return properties.isEmpty ? written : properties + " " + written
        default:
            throw Refusal(message: "a key that is not a scalar of one line, which fmt does not write", position: node.span.start)
        }
    }

    /// `node` on one line: a scalar, an alias, or a flow collection.
    private func inline(_ node: YAMLSyntax, path: [String], inFlow: Bool = false) throws(Refusal) -> String {
        let body: String
        switch node.content {
        case .alias(let name): return "*\(name)"
        case .scalar(let text, let style):
            if style == .literal || style == .folded {
                throw Refusal(message: "a block scalar inside a flow collection", position: node.span.start)
            }
            body = scalar(text, style: style, inFlow: inFlow)
        case .sequence(let items, _):
            var parts: [String] = []
            for item in items { parts.append(try inline(item, path: path + ["-"], inFlow: true)) }
            body = "[" + parts.joined(separator: ", ") + "]"
        case .mapping(let entries, _):
            var parts: [String] = []
            for entry in orderedIndices(entries, path: path).map({ entries[$0] }) {
                // `*alias :`, with its space: `*alias:` would name an anchor `alias:`.
                let key = try inline(entry.key, path: path, inFlow: true) + (entry.key.isAlias ? " " : "")
                let value = try inline(entry.value, path: path + [entry.key.keyText ?? "?"], inFlow: true)
                // A key alone in a flow mapping has no value (`{pop}`), as `pop:` has in a block.
                parts.append(value.isEmpty ? key : key + ": " + value)
            }
            body = "{" + parts.joined(separator: ", ") + "}"
        }
        let properties = node.properties
        return properties.isEmpty ? body : body.isEmpty ? properties : properties + " " + body
    }

    /// A scalar that is not a block scalar, written as the layout writes it.
    private func scalar(_ text: String, style: ScalarStyle, inFlow: Bool) -> String {
        // A plain scalar keeps its text (a plain scalar of several lines, folded, fits on one).
        if style == .plain, !text.contains("\n") { return text }
        // In a flow collection, also no `:` or `?` (YAML 1.1 readers end a plain scalar there).
        let fitsFlow = !inFlow || !text.contains(where: { ",[]{}:?".contains($0) })
        if YAMLWriter.isPlainSafe(text), fitsFlow { return text }
        if text.contains("\""), !text.contains("'"), YAMLWriter.isPrintableOnOneLine(text) { return "'" + text + "'" }
        return YAMLWriter.doubleQuoted(text)
    }

    /// Where the first line that starts with `%` (a directive) begins; 1:1 when none does.
    private static func firstDirective(in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        // The byte order mark is not a column.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            if bytes[start] == UInt8(ascii: "%") { return SourcePosition(line: line, column: 1, offset: start) }
            guard let end = bytes[start...].firstIndex(of: 10) else { break }
            start = end + 1
            line += 1
        }
        return SourcePosition(line: 1, column: 1, offset: 0)
    }

    // MARK: Block scalars

    /// `|` or `>`, the chomping as written, and an indentation indicator when the text's
    /// first line starts with a space.
    private func blockHeader(_ node: YAMLSyntax, text: String, style: ScalarStyle) -> String {
        let indicator = text.firstLineWithText?.hasPrefix(" ") == true ? "2" : ""
        return (style == .literal ? "|" : ">") + node.chomping(in: bytes).rawValue + indicator
    }

    /// The block scalar's content lines as written, moved to `indent`; trailing empty
    /// lines only where the scalar keeps them.
    private func blockBody(_ node: YAMLSyntax, text: String, indent: Int) -> [String] {
        let source = BlockScalarLines(node, text: text, in: bytes)
        let pad = String(repeating: " ", count: indent)
        var lines = source.lines.indices.map { source.isEmpty($0) ? "" : pad + source.lines[$0].dropFirst(source.indent) }
        while lines.last == "" { lines.removeLast() }
        if node.chomping(in: bytes) == .keep {
            // Each break after the last line of text is an empty line, but the one ending
            // that line; a text of breaks alone is that many empty lines.
            let breaks = text.reversed().prefix { $0 == "\n" }.count
            lines += Array(repeating: "", count: max(0, lines.isEmpty ? breaks : breaks - 1))
        }
        return lines
    }

    // MARK: Order, comments, blank lines

    /// The positions of the entries in writing order: merge keys first, then the key
    /// table's order for a mapping of the format, then the others as written. Stable.
    private func orderedIndices(_ entries: [YAMLSyntaxEntry], path: [String]) -> [Int] {
        let merges = Set(entries.indices.filter { entries[$0].key.isMergeKey })
        let order = KeyOrder.permutation(
            entries.map(\.key.keyText), mergeKeys: merges, row: FormatKeys.writingOrder(at: path, singleScreenFile: isSingleScreenFile))
        guard hasAliases, order != Array(entries.indices) else { return order }
        // An alias must come after its anchor: when an entry would move above the one that
        // defines an anchor its alias names, the mapping keeps its written order.
        var position = [Int](repeating: 0, count: entries.count)
        for (written, index) in order.enumerated() { position[index] = written }
        var definedIn: [String: Int] = [:]
        let names = entries.map(\.anchorsAndAliases)
        for (index, entryNames) in names.enumerated() {
            for alias in entryNames.aliases {
                if let owner = definedIn[alias], position[owner] > position[index] { return Array(entries.indices) }
            }
            for anchor in entryNames.anchors { definedIn[anchor] = index }
        }
        return order
    }

    /// Whether a blank line stands above `entry` as written: above its first comment
    /// line, or above its key when it has none.
    private func blankAbove(_ entry: YAMLSyntaxEntry) -> Bool {
        let slot = CommentPlacement.Slot.entry(entry.key.span.start.offset)
        return placement.leading[slot]?.first?.blankBefore ?? placement.blankBefore.contains(slot)
    }

    /// What goes above a mapping's first written entry: the comments above its first
    /// entry as written (a comment at the top of a mapping stays at its top when its keys
    /// are reordered) and, when another entry comes first, that one's own; and the slot
    /// of the entry written first in the file when it moved, with the comments that stay
    /// above it: from its first `disable-next-line` suppression on, which names its line.
    private func head(
        of entries: [YAMLSyntaxEntry], written: [YAMLSyntaxEntry]
    ) -> (comments: [CommentPlacement.Line], blank: Bool, movedSlot: CommentPlacement.Slot?, movedComments: [CommentPlacement.Line]) {
        guard let sourceFirst = entries.first, let writtenFirst = written.first else { return ([], false, nil, []) }
        let source = CommentPlacement.Slot.entry(sourceFirst.key.span.start.offset)
        let first = CommentPlacement.Slot.entry(writtenFirst.key.span.start.offset)
        guard source != first else { return (placement.leading[first] ?? [], placement.blankBefore.contains(first), nil, []) }
        // From the first disable-next-line suppression down, the comments stay with the key
        // (the suppression names the next line that is not blank or a comment: the key's;
        // a comment after it most often says why); those above it stay at the top.
        let leading = placement.leading[source] ?? []
        let split = leading.firstIndex { InlineSuppressions.isNextLine(comment: $0.text) } ?? leading.endIndex
        return (Array(leading[..<split]) + (placement.leading[first] ?? []), placement.blankBefore.contains(source), source, Array(leading[split...]))
    }

    /// Comments on lines of their own at `indent`, each after a blank line where one was.
    private mutating func comments(_ comments: [CommentPlacement.Line], indent: Int) {
        leadIn(comments, blank: false, indent: indent, opensBlock: false)
    }

    /// What comes above an entry or item: its comments, and the blank lines before them
    /// and before the node (`blank`); none first in a block just opened (`opensBlock`).
    private mutating func leadIn(_ comments: [CommentPlacement.Line], blank wanted: Bool, indent: Int, opensBlock: Bool) {
        let pad = String(repeating: " ", count: indent)
        for (index, comment) in comments.enumerated() {
            blank(comment.blankBefore && !(opensBlock && index == 0))
            lines.append(pad + comment.text)
        }
        blank(wanted && !(opensBlock && comments.isEmpty))
    }

    /// A blank line, when asked and the output has a line that is not blank before it.
    private mutating func blank(_ wanted: Bool) {
        if wanted, let last = lines.last, !last.isEmpty, last != "---" { lines.append("") }
    }
}

extension YAMLSyntaxEntry {
    /// The anchors defined and the aliases used in the key and the value.
    fileprivate var anchorsAndAliases: (anchors: Set<String>, aliases: Set<String>) {
        let key = self.key.anchorsAndAliases
        let value = self.value.anchorsAndAliases
        return (key.anchors.union(value.anchors), key.aliases.union(value.aliases))
    }
}

extension YAMLSyntax {
    /// The chomping indicator of a block scalar's header (in `bytes`, the file's text),
    /// read after the node's properties.
    func chomping(in bytes: [UInt8]) -> BlockScalarHeader.Chomping {
        let start = YAMLNodeProperties.contentOffset(in: bytes, from: span.start.offset, end: span.end.offset)
        return BlockScalarHeader.read(bytes, at: start, end: span.end.offset)?.chomping ?? .clip
    }

    /// The anchors defined and the aliases used in the node. O(nodes).
    fileprivate var anchorsAndAliases: (anchors: Set<String>, aliases: Set<String>) {
        var anchors: Set<String> = []
        var aliases: Set<String> = []
        forEachNode { node in
            if let anchor = node.anchor { anchors.insert(anchor) }
            if case .alias(let name) = node.content { aliases.insert(name) }
        }
        return (anchors, aliases)
    }

    /// `&anchor !tag` as written before the node, or empty.
    var properties: String {
        var parts: [String] = []
        if let anchor { parts.append("&" + anchor) }
        if let tag {
            let core = "tag:yaml.org,2002:"
            parts.append(tag.hasPrefix(core) ? "!!" + tag.dropFirst(core.count) : tag.hasPrefix("!") ? tag : "!<\(tag)>")
        }
        return parts.joined(separator: " ")
    }

    /// A scalar key's text, `nil` for another key.
    var keyText: String? {
        if case .scalar(let text, _) = content { text } else { nil }
    }
}

extension YAMLSyntax {
    /// Whether the node is a merge key: a plain `<<` without a tag.
    fileprivate var isMergeKey: Bool {
        if case .scalar("<<", .plain) = content, tag == nil { true } else { false }
    }

    /// Whether the node is an alias.
    fileprivate var isAlias: Bool {
        if case .alias = content { true } else { false }
    }
}

extension String {
    /// The first line with a character other than a space: where YAML finds a block
    /// scalar's indentation when its header gives none (lines of spaces alone are empty).
    var firstLineWithText: Substring? {
        split(separator: "\n", omittingEmptySubsequences: true).first { !$0.allSatisfy { $0 == " " } }
    }

    /// The string without spaces and tabs at its end.
    fileprivate var trailingBlanksRemoved: String {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
