import FlowSource

/// The lines of a ``SourceFile``, split once so that quoting many lines of one file
/// stays linear, and the part of a line around a column, found without reading the rest
/// of the line (``window(line:column:endColumn:radius:)``).
///
/// Same rules as ``SourceFile/line(_:)``: a leading UTF-8 BOM is skipped; LF, CRLF and
/// CR end a line; bytes are decoded as UTF-8 with invalid sequences shown as U+FFFD.
package struct SourceLines: Sendable {
    /// A line longer than this many bytes is quoted through a window around the column;
    /// a shorter one is quoted whole.
    package static let wholeLineLimit = 4096
    /// Within a line longer than this many bytes, the column of a scalar is remembered
    /// about every this many bytes, so that finding a column reads at most this many
    /// bytes past a remembered one.
    package static let checkpointSpacing = 1024

    /// The part of a line quoted for a diagnostic, and where the column is in it.
    package struct Window: Sendable, Hashable {
        /// The text, decoded; the whole line unless cut.
        package var text: String
        /// The 1-based column within `text` (Unicode scalars from its start).
        package var column: Int
        /// The 1-based exclusive end column within `text`, when given; may lie past it.
        package var endColumn: Int?
        /// Whether the line goes on before `text`.
        package var clippedStart: Bool
        /// Whether the line goes on after `text`.
        package var clippedEnd: Bool
    }

    /// A remembered scalar: its byte offset and its 1-based column in its line.
    private struct Checkpoint: Sendable {
        var offset: Int
        var column: Int
    }

    private let bytes: [UInt8]
    /// Byte range of each line, without its terminator.
    private let ranges: [Range<Int>]
    /// Checkpoints of the long lines, ascending by offset (so by line, then column).
    private let checkpoints: [Checkpoint]

    /// Splits `source` and remembers columns in long lines. O(file size), once per file.
    package init(_ source: SourceFile) {
        bytes = source.bytes
        var ranges: [Range<Int>] = []
        var checkpoints: [Checkpoint] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        var column = 1
        var lastCheckpoint = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                ranges.append(start..<index)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
                column = 1
                lastCheckpoint = start
            } else if byte & 0xC0 != 0x80 {
                if index - lastCheckpoint >= Self.checkpointSpacing {
                    checkpoints.append(Checkpoint(offset: index, column: column))
                    lastCheckpoint = index
                }
                column += 1
            }
            index += 1
        }
        ranges.append(start..<bytes.count)
        self.ranges = ranges
        self.checkpoints = checkpoints
    }

    /// The number of lines; a file ending with a newline has an empty last line.
    package var count: Int { ranges.count }

    /// The text of 1-based line `number`, or `nil` past the end. O(line length).
    package func line(_ number: Int) -> String? {
        guard number >= 1, number <= ranges.count else { return nil }
        return String(decoding: bytes[ranges[number - 1]], as: UTF8.self)
    }

    /// The part of 1-based line `number` to quote for a span starting at `column` (and
    /// ending at `endColumn`, exclusive, when it ends on that line), or `nil` past the end.
    ///
    /// A line of at most ``wholeLineLimit`` bytes is given whole. From a longer line, the
    /// bytes up to `radius` after the column's byte are taken, and before it `radius` too
    /// when the line ends within `radius` after it, else a third of `radius` (an excerpt
    /// shows a third of its width before the column), cut at scalar boundaries; the
    /// columns are made relative to them. The column's byte is found from the nearest
    /// checkpoint before it. Pass 4 × the excerpt's width as `radius` (a scalar takes at
    /// most 4 bytes) for the window to hold every cell the excerpt shows.
    /// - Complexity: O(log checkpoints + ``checkpointSpacing`` + `radius`) for a long line,
    ///   whatever its length; O(line length) for a short one.
    package func window(line number: Int, column: Int, endColumn: Int?, radius: Int) -> Window? {
        guard number >= 1, number <= ranges.count else { return nil }
        let range = ranges[number - 1]
        guard range.count > Self.wholeLineLimit else {
            return Window(
                text: String(decoding: bytes[range], as: UTF8.self), column: column, endColumn: endColumn,
                clippedStart: false, clippedEnd: false)
        }
        let target = max(1, column)
        // The last checkpoint of this line at or before the column, else the line's start.
        let first = lowerBound(range.lowerBound), end = lowerBound(range.upperBound)
        let low = checkpoints.partitioningIndex(in: first..<end) { $0.column > target }
        var offset = range.lowerBound, at = 1
        if low > first {
            offset = checkpoints[low - 1].offset
            at = checkpoints[low - 1].column
        }
        while at < target, offset < range.upperBound {
            offset = nextScalar(after: offset, before: range.upperBound)
            at += 1
        }
        let caret = offset
        let radius = max(1, radius)
        // An excerpt starts a third of its width before the column, unless the line ends
        // within its width after it (then it is shifted left): a third of the radius
        // before the column is enough when the line goes on past the radius.
        let back = range.upperBound - caret <= radius ? radius : radius / 3 + 4
        var windowStart = max(range.lowerBound, caret - back)
        while windowStart < caret, bytes[windowStart] & 0xC0 == 0x80 { windowStart += 1 }
        var windowEnd = min(range.upperBound, caret + radius)
        while windowEnd > caret, windowEnd < range.upperBound, bytes[windowEnd] & 0xC0 == 0x80 { windowEnd -= 1 }
        var startColumn = at
        for byte in bytes[windowStart..<caret] where byte & 0xC0 != 0x80 { startColumn -= 1 }
        return Window(
            text: String(decoding: bytes[windowStart..<windowEnd], as: UTF8.self),
            column: column - startColumn + 1, endColumn: endColumn.map { $0 - startColumn + 1 },
            clippedStart: windowStart > range.lowerBound, clippedEnd: windowEnd < range.upperBound)
    }

    /// The index of the first checkpoint at or after byte `offset`.
    private func lowerBound(_ offset: Int) -> Int {
        checkpoints.partitioningIndex { $0.offset >= offset }
    }

    /// The start of the scalar after the one at `offset`, at most `limit`.
    private func nextScalar(after offset: Int, before limit: Int) -> Int {
        var next = offset + 1
        while next < limit, bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}
