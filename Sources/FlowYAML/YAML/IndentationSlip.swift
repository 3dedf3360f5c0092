import FlowSource

/// A line indented otherwise than the lines it stands among, found in the bytes where
/// libyaml stopped: the author's mistake, which libyaml reports only later and in its own
/// words ("did not find expected key" at the next line that is in place).
///
/// Only the lines before the failure and the failing line are read, each by its leading
/// spaces and what starts it: a key (``TabIndentation/implicitKeyColon(at:in:)``), a
/// list item (`-` then white space or the line's end), or something else. Blank lines,
/// comment lines and lines that continue a scalar or a flow collection of several lines
/// (`exempt`) are not layout, but for the failing line itself. A line indented with a
/// tab is left to the tab rule. The rules, tried in order, with F the failing line:
/// 1. **Out-dented before F** (`screens:`, its screens at column 3, one written at
///    column 1): the nearest line L above F indented less than F is of F's kind, and the
///    nearest line above L indented no deeper than F stands exactly at F's column and is
///    of that kind too. L is the slip; its siblings are in F's column, above and below.
/// 2. **Out-dented at F**: the lines just above F are indented deeper than F, the
///    shallowest of them of F's kind, and the line above them is indented less than F
///    (or at F's column and of another kind: a key whose list F is not). F is the slip;
///    its siblings are in that deeper column.
/// 3. **An item deeper than its siblings**: F is a list item and the nearest line above
///    it indented less than F is a list item too, with nothing in F's column between
///    them. F is the slip; its siblings are in that item's column.
///
/// Each rule only names where the lines disagree: which of them is meant is the
/// author's, so the place libyaml stopped at stays named in a note (rule 1).
/// O(bytes before the end of the failing line), once per file that fails.
struct IndentationSlip {
    /// What the misplaced line starts with.
    enum Kind {
        /// `name:`, with the key's text as written (quotes kept).
        case key(String)
        /// `- …`.
        case item
    }

    /// Where the line's key (or its `-`) starts, in bytes.
    let start: Int
    /// Where its key (or its `-`) ends, in bytes.
    let end: Int
    /// What the line starts with.
    let kind: Kind
    /// Whether it is indented less than its siblings (else deeper).
    let isShallower: Bool
    /// The 0-based column (in spaces) of its siblings, where it is meant to stand.
    let meantIndent: Int
    /// The line as meant: the same text at the siblings' indentation
    /// (``FlowSource/IndentationHint/meantLine(in:textAt:column:)``).
    let meantLine: String
    /// The key the siblings belong to, when a key holds them (`screens`).
    let parent: String?
    /// Where the siblings go on after the slip (rule 1: the failing line's first
    /// character), else `nil`.
    let continuation: Int?

    /// One line of layout.
    private struct Line {
        enum Shape { case key, item, other }
        /// Offsets of its first byte, of its first byte after the indentation, and of its end.
        let start: Int
        let content: Int
        let end: Int
        let shape: Shape
        var indent: Int { content - start }
    }

    /// The slip that explains a libyaml failure at byte `failure`, or `nil` when none of
    /// the rules finds one. `exempt`: byte ranges of scalars and flow collections of
    /// several lines, whose inner lines are not layout.
    static func find(in bytes: [UInt8], bomLength: Int, failure: Int, exempt: [Range<Int>]) -> IndentationSlip? {
        guard let lines = lines(of: bytes, from: bomLength, through: failure, exempt: exempt),
            let failing = lines.last, failing.start <= failure, failure <= failing.end, failing.shape != .other
        else { return nil }
        let column = failing.indent
        let last = lines.count - 1
        let atLineStart = failure == failing.content
        // 1. A line above F indented less than F, between siblings in F's column.
        if atLineStart, let slip = lines[..<last].lastIndex(where: { $0.indent < column }), lines[slip].shape == failing.shape,
            let before = lines[..<slip].lastIndex(where: { $0.indent <= column }), lines[before].indent == column,
            lines[before].shape == failing.shape
        {
            return make(lines[slip], in: bytes, shallower: true, meant: column, parent: parent(of: before, in: lines, bytes: bytes),
                        continuation: failing.content)
        }
        // 2. F indented less than the lines just above it, and deeper than the line above those.
        let above = lines[..<last].lastIndex { $0.indent <= column }
        let deeper = (above.map { $0 + 1 } ?? 0)..<last
        if atLineStart, !deeper.isEmpty, let meant = lines[deeper].map(\.indent).min(),
            let sibling = lines[deeper].last(where: { $0.indent == meant }), sibling.shape == failing.shape,
            above.map({ lines[$0].indent < column || lines[$0].shape != failing.shape }) ?? true
        {
            let holder = above.flatMap { lines[$0].indent < meant ? key(holding: meant, on: lines[$0], in: bytes) : nil }
            return make(failing, in: bytes, shallower: true, meant: meant, parent: holder, continuation: nil)
        }
        // 3. A list item deeper than the item above it.
        if failing.shape == .item, let item = lines[..<last].lastIndex(where: { $0.indent < column }), lines[item].shape == .item,
            !lines[(item + 1)..<last].contains(where: { $0.indent == column })
        {
            return make(failing, in: bytes, shallower: false, meant: lines[item].indent, parent: parent(of: item, in: lines, bytes: bytes),
                        continuation: nil)
        }
        return nil
    }

    /// The slip on `line`, meant at `meant` spaces.
    private static func make(_ line: Line, in bytes: [UInt8], shallower: Bool, meant: Int, parent: String?, continuation: Int?) -> IndentationSlip {
        let kind: Kind
        let end: Int
        if line.shape == .key, let colon = TabIndentation.implicitKeyColon(at: line.content, in: bytes) {
            var keyEnd = colon
            while keyEnd > line.content, bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09 { keyEnd -= 1 }
            kind = .key(IndentationHint.shown(String(decoding: bytes[line.content..<keyEnd], as: UTF8.self)))
            end = keyEnd
        } else {
            kind = .item
            end = line.content + 1
        }
        return IndentationSlip(
            start: line.content, end: end, kind: kind, isShallower: shallower, meantIndent: meant,
            meantLine: IndentationHint.meantLine(in: bytes, textAt: line.content, column: meant + 1), parent: parent,
            continuation: continuation)
    }

    /// The key that holds the line at `index`: the nearest line above it indented less,
    /// when a key holding it starts there.
    private static func parent(of index: Int, in lines: [Line], bytes: [UInt8]) -> String? {
        let indent = lines[index].indent
        guard let holder = lines[..<index].lastIndex(where: { $0.indent < indent }) else { return nil }
        return key(holding: indent, on: lines[holder], in: bytes)
    }

    /// The key on `line` whose value holds lines indented `indent` spaces: the line's key,
    /// or the key after its `- `, when that key starts left of `indent`.
    private static func key(holding indent: Int, on line: Line, in bytes: [UInt8]) -> String? {
        var start = line.content
        if line.shape == .item {
            start += 1
            while start < line.end, bytes[start] == 0x20 { start += 1 }
        } else if line.shape != .key {
            return nil
        }
        guard start - line.start < indent, let colon = TabIndentation.implicitKeyColon(at: start, in: bytes) else { return nil }
        var end = colon
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return IndentationHint.shown(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// The lines of layout from `start` through the line holding `failure`; `nil` when
    /// one is indented with a tab.
    private static func lines(of bytes: [UInt8], from start: Int, through failure: Int, exempt: [Range<Int>]) -> [Line]? {
        let ranges = TabIndentation.union(exempt)
        var rangeIndex = 0
        var lines: [Line] = []
        var position = start
        while position < bytes.count || position == start {
            let lineStart = position
            while position < bytes.count, bytes[position] == 0x20 { position += 1 }
            let content = position
            while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            let end = position
            if content < end, bytes[content] != 0x23 {
                while rangeIndex < ranges.count, ranges[rangeIndex].upperBound <= content { rangeIndex += 1 }
                // The failing line is read whatever libyaml made of it (a plain scalar it
                // was continuing when it stopped there).
                if failure <= end || rangeIndex == ranges.count || ranges[rangeIndex].lowerBound >= content {
                    if bytes[content] == 0x09 { return nil }
                    let shape: Line.Shape =
                        bytes[content] == 0x2D && (content + 1 == end || bytes[content + 1] == 0x20 || bytes[content + 1] == 0x09) ? .item
                        : bytes[content] != 0x3F && bytes[content] != 0x3A && TabIndentation.implicitKeyColon(at: content, in: bytes) != nil
                            ? .key : .other
                    lines.append(Line(start: lineStart, content: content, end: end, shape: shape))
                }
            }
            if failure <= end { break }
            if position < bytes.count, bytes[position] == 0x0D { position += 1 }
            if position < bytes.count, bytes[position] == 0x0A { position += 1 }
            if position >= bytes.count { break }
        }
        return lines
    }
}
