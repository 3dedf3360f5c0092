#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowSource

/// Finds tabs in the indentation of YAML lines (YAML 1.2 §6.1: "tab characters must
/// not be used in indentation").
///
/// libyaml rejects most of these with a cryptic message and silently accepts others
/// (a tab after the spaces of a plain scalar's continuation line), so the loader checks
/// them itself: a tab within the leading whitespace of a line is an error unless the
/// line lies inside a quoted scalar, a block scalar or a flow collection, where tabs
/// are white space or content. Lines holding only white space or a comment are
/// allowed (§6.6 `l-comment` admits tabs) unless libyaml fails on them.
struct TabIndentation {
    /// One line whose leading whitespace holds a tab.
    struct Line {
        /// Byte offset of the first tab in the leading whitespace.
        let tabOffset: Int
        /// Byte offsets of the line's first byte and of its terminator (or the end).
        let start: Int
        let end: Int
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
            let hasContent =
                position < count && bytes[position] != 0x0A && bytes[position] != 0x0D && bytes[position] != 0x23
            while position < count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            if let firstTab {
                found.append(Line(tabOffset: firstTab, start: start, end: position, hasContent: hasContent))
            }
            if position < count, bytes[position] == 0x0D { position += 1 }
            if position < count, bytes[position] == 0x0A { position += 1 }
        }
        lines = found
    }

    /// The line containing byte `offset`, if it is one of ``lines``. O(log n).
    func line(containing offset: Int) -> Line? {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let line = lines[low - 1]
        return offset <= line.end ? line : nil
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

    /// Whether byte `offset` is a tab that follows only white space and block indicators
    /// (`-`, `?`, `:`, each followed by white space) on its line, as in `-\ttext: hi`:
    /// YAML 1.2 §8.2.1 indents a compact collection after `- ` with spaces
    /// (`s-indent`), and libyaml rejects any tab there with "found character that
    /// cannot start any token". O(length of the line up to `offset`).
    static func isAfterBlockIndicators(_ offset: Int, in bytes: [UInt8]) -> Bool {
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

    /// Whether `offset` lies strictly inside one of `exempt`.
    static func isExempt(_ offset: Int, in exempt: [Range<Int>]) -> Bool {
        exempt.contains { $0.lowerBound < offset && offset < $0.upperBound }
    }

    /// Sorted, disjoint union of `ranges`.
    private static func union(_ ranges: [Range<Int>]) -> [Range<Int>] {
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
