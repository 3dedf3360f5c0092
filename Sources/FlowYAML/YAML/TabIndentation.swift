import FlowSystem

/// Finds tabs in the indentation of YAML lines (YAML 1.2 §6.1: "tab characters must
/// not be used in indentation").
///
/// libyaml rejects most of these with a cryptic message and silently accepts others
/// (a tab after the spaces of a plain scalar's continuation line), so the loader checks
/// them itself, without looking at libyaml's messages: a tab within the leading white
/// space of a line with content is indentation unless the line lies inside a quoted
/// scalar, a block scalar or a flow collection, where tabs are white space or content;
/// so is a tab between block indicators and a compact collection
/// (``indentsCompactCollection(at:in:)``). A tab on a line holding only white space or
/// a comment is not indentation (§6.6 `l-comment` admits tabs), nor is one separating a
/// block indicator from a scalar (`-\tfoo`, §6.1 example 6.2), even where libyaml
/// fails on it: that failure is libyaml's syntax error.
struct TabIndentation {
    /// One line whose leading whitespace holds a tab.
    struct Line {
        /// Byte offset of the first tab in the leading whitespace.
        let tabOffset: Int
        /// Byte offsets of the line's first byte and of its terminator (or the end).
        let start: Int
        let end: Int
        /// Byte offset just after the leading white space.
        let indentationEnd: Int
        /// Whether something other than white space or a comment follows.
        let hasContent: Bool
    }

    /// The lines with a tab in their indentation, in source order. Usually empty.
    let lines: [Line]

    /// One pass over `bytes`; O(n), and a single `memchr` when there is no tab at all.
    init(bytes: [UInt8], bomLength: Int) {
        let hasTab = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, 0x09, buffer.count) != nil } ?? false
        }
        guard hasTab else {
            lines = []
            return
        }
        var found: [Line] = []
        let count = bytes.count
        var position = bomLength
        while position < count {
            let start = position
            var firstTab: Int?
            while position < count, bytes[position] == 0x20 || bytes[position] == 0x09 {
                if bytes[position] == 0x09, firstTab == nil { firstTab = position }
                position += 1
            }
            let indentationEnd = position
            let hasContent =
                position < count && bytes[position] != 0x0A && bytes[position] != 0x0D && bytes[position] != 0x23
            while position < count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            if let firstTab {
                found.append(
                    Line(
                        tabOffset: firstTab, start: start, end: position, indentationEnd: indentationEnd,
                        hasContent: hasContent))
            }
            if position < count, bytes[position] == 0x0D { position += 1 }
            if position < count, bytes[position] == 0x0A { position += 1 }
        }
        lines = found
    }

    /// The lines not covered by any of `exempt` (byte ranges where a tab is white space:
    /// quoted and block scalars, flow collections). O((lines + ranges) log ranges).
    func offendingLines(exempt: [Range<Int>], contentOnly: Bool = true, before limit: Int = .max) -> [Line] {
        let merged = Self.union(exempt)
        var result: [Line] = []
        var rangeIndex = 0
        for line in lines where line.tabOffset < limit && (line.hasContent || !contentOnly) {
            while rangeIndex < merged.count, merged[rangeIndex].upperBound <= line.tabOffset { rangeIndex += 1 }
            if rangeIndex < merged.count, merged[rangeIndex].lowerBound < line.tabOffset { continue }
            result.append(line)
        }
        return result
    }

    /// Whether byte `offset` is a tab used as the indentation of a compact collection, as
    /// in `-\ttext: hi`: it follows only white space and block indicators (`-`, `?`, `:`,
    /// each followed by white space) on its line, and the white space it starts is
    /// followed by a compact sequence or mapping (``startsCompactCollection(at:in:)``).
    /// YAML 1.2 §8.2.1 indents such a collection with spaces (`s-indent`); before a
    /// scalar (`-\tfoo`) the tab only separates (§6.1 example 6.2). O(length of the line).
    static func indentsCompactCollection(at offset: Int, in bytes: [UInt8]) -> Bool {
        guard isAfterBlockIndicators(offset, in: bytes) else { return false }
        var position = offset
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return startsCompactCollection(at: position, in: bytes)
    }

    /// Whether the text at `position` starts a block collection on its own line: a block
    /// indicator (`-`, `?`, `:` followed by white space or the line's end), or an implicit
    /// mapping key (``implicitKeyColon(at:in:)``). Other starts (flow collections,
    /// anchors, tags, aliases, block scalars) count as not a collection. O(length of the line).
    static func startsCompactCollection(at start: Int, in bytes: [UInt8]) -> Bool {
        guard start < bytes.count, bytes[start] != 0x0A, bytes[start] != 0x0D else { return false }
        // - ? : are indicators before white space, else start a plain scalar.
        if bytes[start] == 0x2D || bytes[start] == 0x3F || bytes[start] == 0x3A, isBlankOrBreak(start + 1, in: bytes) { return true }
        return implicitKeyColon(at: start, in: bytes) != nil
    }

    /// The offset of the `:` that ends an implicit mapping key starting at `start`: a
    /// plain scalar, or a quoted one closed on the line, followed by `:` and white space
    /// or the line's end, before any comment (YAML 1.2 §8.2.2); `nil` when no such key
    /// starts there (a flow collection, an anchor, a tag, an alias, a block scalar, a
    /// comment, or text without `: `). O(length of the line).
    static func implicitKeyColon(at start: Int, in bytes: [UInt8]) -> Int? {
        func isBreak(_ index: Int) -> Bool { index >= bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D }
        guard !isBreak(start) else { return nil }
        var position = start
        switch bytes[position] {
        case 0x22, 0x27:  // " '
            let quote = bytes[position]
            position += 1
            scan: while true {
                guard !isBreak(position) else { return nil }
                if quote == 0x22, bytes[position] == 0x5C {  // \ escapes the next character
                    position += 2
                    continue
                }
                if bytes[position] == quote {
                    guard quote == 0x27, position + 1 < bytes.count, bytes[position + 1] == 0x27 else { break scan }
                    position += 2  // '' is one quote
                    continue
                }
                position += 1
            }
            position += 1
            while !isBreak(position), bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
            return !isBreak(position) && bytes[position] == 0x3A && isBlankOrBreak(position + 1, in: bytes) ? position : nil
        case 0x5B, 0x7B, 0x23, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x25, 0x40, 0x60:  // [ { # & * ! | > % @ `
            return nil
        default:
            break
        }
        while !isBreak(position) {
            if bytes[position] == 0x3A, isBlankOrBreak(position + 1, in: bytes) { return position }
            if bytes[position] == 0x23, position > start, bytes[position - 1] == 0x20 || bytes[position - 1] == 0x09 {
                return nil  // a comment
            }
            position += 1
        }
        return nil
    }

    /// Whether `index` is past the end, a line break, a space or a tab.
    private static func isBlankOrBreak(_ index: Int, in bytes: [UInt8]) -> Bool {
        index >= bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x20 || bytes[index] == 0x09
    }

    /// Whether byte `offset` is a tab that follows only white space and block indicators
    /// (`-`, `?`, `:`, each followed by white space) on its line. O(length of the line
    /// up to `offset`).
    private static func isAfterBlockIndicators(_ offset: Int, in bytes: [UInt8]) -> Bool {
        guard offset >= 0, offset < bytes.count, bytes[offset] == 0x09 else { return false }
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        var sawIndicator = false
        var position = start
        while position < offset {
            switch bytes[position] {
            case 0x20, 0x09:
                position += 1
            case 0x2D, 0x3F, 0x3A:  // - ? :
                guard bytes[position + 1] == 0x20 || bytes[position + 1] == 0x09 else { return false }
                sawIndicator = true
                position += 1
            case 0xEF where position == 0 && offset > 2 && bytes[1] == 0xBB && bytes[2] == 0xBF:  // leading BOM
                position += 3
            default:
                return false
            }
        }
        return sawIndicator
    }

    /// Sorted, disjoint union of `ranges`.
    static func union(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
