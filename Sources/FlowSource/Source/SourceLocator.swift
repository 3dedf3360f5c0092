/// Turns the positions parsers know — a UTF-8 byte offset, or libyaml's count of
/// Unicode scalars — into 1-based ``SourcePosition``s with the meaning ``SourcePosition``
/// documents: lines end at LF, CRLF or CR (as ``SourceFile/line(_:)`` splits them),
/// columns count Unicode scalars, a leading BOM is not counted.
///
/// A cursor walks the bytes from the last position asked for, so a parser asking for
/// positions in (roughly) increasing order pays O(file size) in total. Checkpoints every
/// 1024 scalars make a step backwards cost at most 1024 steps, whatever the input. A
/// parser that knows the line and column itself (libyaml) needs no walk when the text
/// holds no line break but LF and CR: ``position(ofScalarIndex:line:column:)`` finds only
/// the byte offset, from a ``ScalarOffsetTable``.
package struct SourceLocator {
    private struct Cursor {
        /// Scalars since the start of the text (after any BOM); CR and LF count one each.
        var scalarIndex: Int
        var offset: Int
        var line: Int
        var column: Int
    }

    private static let stride = 1024

    private let bytes: [UInt8]
    /// Bytes of a leading BOM (0 or 3).
    package let bomLength: Int
    /// Whether the text after the BOM is all ASCII, as the caller checked (then the
    /// scalar numbered `i` is byte `bomLength + i`).
    package let isASCII: Bool
    private var cursor: Cursor
    /// The length of the text in bytes, BOM included.
    package var byteCount: Int { bytes.count }
    /// `checkpoints[k]` is the cursor at scalar index `k * stride`.
    private var checkpoints: [Cursor]
    /// Where the multi-byte scalars are, for text that is not ASCII; made at the first
    /// ``position(ofScalarIndex:line:column:)`` (empty until then).
    private var scalarOffsets = ScalarOffsetTable()
    /// Whether `scalarOffsets` is made, and whether the text then holds a line break
    /// other than LF and CR.
    private var scalarOffsetsState = ScalarOffsetsState.unmade
    private enum ScalarOffsetsState { case unmade, usable, unusable }

    /// - Parameters:
    ///   - bomLength: bytes of a leading BOM to skip (0 or 3).
    ///   - isASCII: whether every byte after the BOM is ASCII (``UTF8Validation/isASCII``).
    package init(bytes: [UInt8], bomLength: Int, isASCII: Bool = false) {
        self.bytes = bytes
        self.bomLength = bomLength
        self.isASCII = isASCII
        let start = Cursor(scalarIndex: 0, offset: min(bomLength, bytes.count), line: 1, column: 1)
        cursor = start
        checkpoints = [start]
    }

    /// The location of the scalar numbered `index` (0-based, BOM excluded, each of CR and
    /// LF counted), clamped to the end of the text.
    package mutating func location(atScalarIndex index: Int) -> SourcePosition {
        let target = max(index, 0)
        if target < cursor.scalarIndex {
            cursor = checkpoints[min(target / Self.stride, checkpoints.count - 1)]
        }
        walk(toScalarIndex: target, orOffset: .max)
        return current
    }

    /// The location of the scalar numbered `index` (0-based, BOM excluded) when a parser
    /// that counts lines at LF, CRLF and CR, and also at U+0085, U+2028 and U+2029 (as
    /// libyaml does), puts it at 1-based `line` and `column` (in scalars): those are
    /// taken as they are when the text holds none of the three, and only the byte offset
    /// is found (``ScalarOffsetTable``, no walk over the text). `nil` when the text holds
    /// one of them, or for a place at or past the end of the text (where such a parser
    /// may count a line break the text does not have): ask
    /// ``location(atScalarIndex:)`` then. O(1) amortized in increasing order.
    package mutating func position(ofScalarIndex index: Int, line: Int, column: Int) -> SourcePosition? {
        let offset: Int
        if isASCII {
            offset = bomLength + index
        } else {
            if scalarOffsetsState == .unmade {
                scalarOffsets = ScalarOffsetTable(bytes: bytes, from: min(bomLength, bytes.count))
                scalarOffsetsState = scalarOffsets.hasUnicodeLineBreaks ? .unusable : .usable
            }
            guard scalarOffsetsState == .usable else { return nil }
            offset = bomLength + scalarOffsets.offset(ofScalarIndex: max(index, 0))
        }
        guard index >= 0, offset < bytes.count else { return nil }
        return SourcePosition(line: line, column: column, offset: offset)
    }

    /// The location of byte `offset` (0-based, BOM included), clamped to the end of the
    /// text. An offset inside a multi-byte sequence gives the location of the next scalar.
    package mutating func location(atByteOffset offset: Int) -> SourcePosition {
        let target = min(max(offset, 0), bytes.count)
        if target < cursor.offset {
            // The last checkpoint at or before the target (the first is at the text's start).
            cursor = checkpoints[max(0, checkpoints.partitioningIndex { $0.offset > target } - 1)]
        }
        walk(toScalarIndex: .max, orOffset: target)
        return current
    }

    /// Moves the cursor forward until it reaches scalar `targetIndex`, byte `targetOffset`
    /// or the end, recording a checkpoint at each multiple of ``stride`` on the way.
    /// CR followed by LF is one line break (the CR stays on its line); a lone CR or an
    /// LF ends the line.
    private mutating func walk(toScalarIndex targetIndex: Int, orOffset targetOffset: Int) {
        let end = min(targetOffset, bytes.count)
        guard cursor.scalarIndex < targetIndex, cursor.offset < end else { return }
        var cursor = self.cursor
        var checkpoints = self.checkpoints
        self.checkpoints = []  // keep the array uniquely referenced while appending
        bytes.withUnsafeBufferPointer { buffer in
            var nextCheckpoint = checkpoints.count &* Self.stride
            while cursor.scalarIndex < targetIndex, cursor.offset < end {
                if cursor.scalarIndex == nextCheckpoint {
                    checkpoints.append(cursor)
                    nextCheckpoint &+= Self.stride
                }
                // A run of printable ASCII moves offset, scalar index and column together.
                let runEnd = min(end, cursor.offset &+ (min(targetIndex, nextCheckpoint) &- cursor.scalarIndex))
                var position = cursor.offset
                // Eight bytes at a time while all are printable ASCII (0x20...0x7F): no high
                // bit set, and no byte below 0x20 (the classic "has a byte less than n" test).
                if let base = buffer.baseAddress {
                    while position &+ 8 <= runEnd {
                        let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                        let high: UInt64 = 0x8080_8080_8080_8080
                        guard word & high == 0, (word &- 0x2020_2020_2020_2020) & ~word & high == 0 else { break }
                        position &+= 8
                    }
                }
                while position < runEnd, buffer[position] &- 0x20 < 0x60 { position &+= 1 }
                if position > cursor.offset {
                    let run = position &- cursor.offset
                    cursor.offset = position
                    cursor.scalarIndex &+= run
                    cursor.column &+= run
                    continue
                }
                let byte = buffer[cursor.offset]
                cursor.scalarIndex &+= 1
                if byte == 0x0A
                    || (byte == 0x0D && (cursor.offset &+ 1 >= buffer.count || buffer[cursor.offset &+ 1] != 0x0A))
                {
                    cursor.offset &+= 1
                    cursor.line &+= 1
                    cursor.column = 1
                } else {
                    let width = byte.utf8SequenceLength
                    cursor.offset = min(cursor.offset &+ width, buffer.count)
                    cursor.column &+= 1
                }
            }
        }
        self.cursor = cursor
        self.checkpoints = checkpoints
    }

    private var current: SourcePosition {
        SourcePosition(line: cursor.line, column: cursor.column, offset: cursor.offset)
    }
}
