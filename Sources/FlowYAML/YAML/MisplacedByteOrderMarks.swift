import FlowSystem

/// The byte order marks (U+FEFF, bytes EF BB BF) that do not start the file.
///
/// YAML 1.2 §5.2: a BOM may appear at the start of a document; inside one it is allowed
/// only in quoted scalars (for JSON compatibility) — elsewhere it is not even a
/// character (`nb-char` excludes `c-byte-order-mark`, §5.4). libyaml silently skips one
/// at the start of a line, which then shifts the indentation and fails with an
/// unrelated message, and keeps one inside plain scalars; so the loader finds them itself.
struct MisplacedByteOrderMarks {
    /// Byte offsets of each misplaced BOM's first byte, in order. Usually empty.
    let offsets: [Int]

    /// One pass with `memchr` for the lead byte 0xEF, after the leading BOM (`bomLength`).
    init(bytes: [UInt8], bomLength: Int) {
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var position = bomLength
            while position < buffer.count,
                let hit = memchr(base + position, 0xEF, buffer.count - position)
            {
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if offset + 2 < buffer.count, buffer[offset + 1] == 0xBB, buffer[offset + 2] == 0xBF {
                    found.append(offset)
                }
                position = offset + 1
            }
        }
        offsets = found
    }

    /// The misplaced BOMs outside all of `exempt` (quoted scalars) and before `limit`.
    func outside(_ exempt: [Range<Int>], before limit: Int = .max) -> [Int] {
        offsets.filter { offset in offset < limit && !exempt.contains { $0.contains(offset) } }
    }
}
