import FlowCompile
import FlowSource

/// The lines of a ``SourceFile``, split once so that quoting many lines of one file
/// stays linear.
///
/// Same rules as ``SourceFile/line(_:)``: a leading UTF-8 BOM is skipped; LF, CRLF and
/// CR end a line; bytes are decoded as UTF-8 with invalid sequences shown as U+FFFD.
package struct SourceLines: Sendable {
    private let bytes: [UInt8]
    /// Byte range of each line, without its terminator.
    private let ranges: [Range<Int>]

    /// Splits `source`. O(file size).
    package init(_ source: SourceFile) {
        bytes = source.bytes
        var ranges: [Range<Int>] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                ranges.append(start..<index)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        ranges.append(start..<bytes.count)
        self.ranges = ranges
    }

    /// The number of lines; a file ending with a newline has an empty last line.
    package var count: Int { ranges.count }

    /// The text of 1-based line `number`, or `nil` past the end. O(line length).
    package func line(_ number: Int) -> String? {
        guard number >= 1, number <= ranges.count else { return nil }
        return String(decoding: bytes[ranges[number - 1]], as: UTF8.self)
    }
}
