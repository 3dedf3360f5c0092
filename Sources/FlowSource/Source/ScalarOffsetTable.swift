/// The byte offset of each Unicode scalar of a valid UTF-8 text, by the scalar's index.
///
/// The text's multi-byte scalars are listed once, each with the extra bytes it and those
/// before it add (RFC 3629 §3: a lead byte `110xxxxx` starts 2 bytes, `1110xxxx` 3,
/// `11110xxx` 4); a scalar's offset is then its index plus the extra bytes of the
/// multi-byte scalars before it. Building is O(length), a run of ASCII read eight bytes
/// at a time; a lookup is O(1) amortized for indexes asked in increasing order (a cursor
/// moves forward) and O(log n) otherwise.
///
/// It also records whether the text holds a line break other than LF and CR — U+0085
/// (NEL), U+2028 (LS) or U+2029 (PS) — which some parsers count as line breaks and
/// ``SourceFile`` does not.
struct ScalarOffsetTable {
    /// For each multi-byte scalar in order, the index of the scalar after it.
    private var nextIndexes: [Int] = []
    /// For each multi-byte scalar in order, the extra bytes of it and every one before it.
    private var extraBytes: [Int] = []
    /// How many entries lie at or before the index asked last.
    private var cursor = 0
    /// Whether the text holds U+0085, U+2028 or U+2029.
    private(set) var hasUnicodeLineBreaks = false

    /// An empty table: every scalar one byte.
    init() {}

    /// The table of `bytes` from `start` (after a BOM) on; `bytes` must be valid UTF-8.
    init(bytes: [UInt8], from start: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var position = start
            var index = 0
            var extra = 0
            while position < buffer.count {
                if let base = buffer.baseAddress {
                    // Eight ASCII bytes at a time: no high bit set.
                    while position &+ 8 <= buffer.count,
                        UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                    {
                        position &+= 8
                        index &+= 8
                    }
                }
                guard position < buffer.count else { break }
                let lead = buffer[position]
                let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                if width > 1 {
                    let next = position &+ 1 < buffer.count ? buffer[position &+ 1] : 0
                    let after = position &+ 2 < buffer.count ? buffer[position &+ 2] : 0
                    if (lead == 0xC2 && next == 0x85) || (lead == 0xE2 && next == 0x80 && (after == 0xA8 || after == 0xA9)) {
                        hasUnicodeLineBreaks = true
                    }
                    extra &+= width &- 1
                    nextIndexes.append(index &+ 1)
                    extraBytes.append(extra)
                }
                position &+= width
                index &+= 1
            }
        }
    }

    /// The offset, from `start`, of the scalar numbered `index` (0-based).
    mutating func offset(ofScalarIndex index: Int) -> Int {
        if cursor > 0, nextIndexes[cursor - 1] > index {
            // Backwards: the entries at or before `index`, by binary search.
            var low = 0
            var high = cursor - 1
            while low < high {
                let middle = (low + high) / 2
                if nextIndexes[middle] <= index { low = middle + 1 } else { high = middle }
            }
            cursor = low
        }
        while cursor < nextIndexes.count, nextIndexes[cursor] <= index { cursor += 1 }
        return index + (cursor > 0 ? extraBytes[cursor - 1] : 0)
    }
}
