/// The byte offset of each Unicode scalar of a valid UTF-8 text, by the scalar's index.
///
/// The text's multi-byte scalars are listed once, each with the extra bytes it and those
/// before it add (RFC 3629 §3: a lead byte `110xxxxx` starts 2 bytes, `1110xxxx` 3,
/// `11110xxx` 4); a scalar's offset is then its index plus the extra bytes of the
/// multi-byte scalars before it. Building is O(length), a run of ASCII read eight bytes
/// at a time. A lookup moves a cursor from the entry of the index asked before, by a
/// galloping search (steps of 1, 2, 4, … then halving), so it costs O(log d) for a
/// cursor moved over d entries, either way: O(1) for the nearly increasing indexes a
/// parser asks, O(log n) at worst.
///
/// Memory: 8 bytes per multi-byte scalar (none for ASCII text). Positions are 32-bit,
/// as in ``SourcePosition``.
///
/// It also records whether the text holds a line break other than LF and CR — U+0085
/// (NEL), U+2028 (LS) or U+2029 (PS) — which some parsers count as line breaks and
/// ``SourceFile`` does not.
package struct ScalarOffsetTable {
    /// For each multi-byte scalar in order, the index of the scalar after it.
    private var nextIndexes: [Int32] = []
    /// For each multi-byte scalar in order, the extra bytes of it and every one before it.
    private var extraBytes: [Int32] = []
    /// How many entries lie at or before the index asked last.
    private var cursor = 0
    /// Whether the text holds U+0085, U+2028 or U+2029.
    package private(set) var hasUnicodeLineBreaks = false

    /// An empty table: every scalar one byte.
    package init() {}

    /// The table of `bytes` from `start` (after a BOM) on. `bytes` should be valid UTF-8;
    /// a truncated sequence at the end counts as one scalar.
    package init(bytes: [UInt8], from start: Int) {
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
                let width = lead.utf8SequenceLength
                if width > 1 {
                    let next = position &+ 1 < buffer.count ? buffer[position &+ 1] : 0
                    let after = position &+ 2 < buffer.count ? buffer[position &+ 2] : 0
                    if (lead == 0xC2 && next == 0x85) || (lead == 0xE2 && next == 0x80 && (after == 0xA8 || after == 0xA9)) {
                        hasUnicodeLineBreaks = true
                    }
                    extra &+= width &- 1
                    nextIndexes.append(Int32(truncatingIfNeeded: index &+ 1))
                    extraBytes.append(Int32(truncatingIfNeeded: extra))
                }
                position &+= width
                index &+= 1
            }
        }
    }

    /// The offset, from `start`, of the scalar numbered `index` (0-based, at most
    /// `Int32.max`).
    package mutating func offset(ofScalarIndex index: Int) -> Int {
        let target = Int32(clamping: index)
        // `cursor` becomes the number of entries at or before `target`: the first entry
        // whose next index is past it, found by galloping from where the cursor stands.
        if cursor < nextIndexes.count, nextIndexes[cursor] <= target {
            // Forwards: past `cursor` by 1, 2, 4, … while still at or before `target`.
            var low = cursor + 1  // entries before `low` are at or before `target`
            var step = 1
            while low + step - 1 < nextIndexes.count, nextIndexes[low + step - 1] <= target {
                low += step
                step *= 2
            }
            cursor = Self.firstPast(target, in: nextIndexes, from: low, to: min(low + step - 1, nextIndexes.count))
        } else if cursor > 0, nextIndexes[cursor - 1] > target {
            // Backwards: before `cursor` by 1, 2, 4, … while still past `target`.
            var high = cursor - 1  // entries from `high` on are past `target`
            var step = 1
            while high - step >= 0, nextIndexes[high - step] > target {
                high -= step
                step *= 2
            }
            cursor = Self.firstPast(target, in: nextIndexes, from: max(high - step + 1, 0), to: high)
        }
        return index + (cursor > 0 ? Int(extraBytes[cursor - 1]) : 0)
    }

    /// The first position in `low ..< high` (else `high`) whose value is past `target`,
    /// in ascending `values`: a binary search.
    private static func firstPast(_ target: Int32, in values: [Int32], from low: Int, to high: Int) -> Int {
        values.partitioningIndex(in: low..<high) { $0 > target }
    }
}
