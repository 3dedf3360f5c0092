/// One node of a ``DocumentTree``, stored flat: 28 bytes whatever the node holds.
///
/// A scalar's text is `texts[payload]`; a collection's children are
/// `links[payload ..< payload + count]` for a sequence and
/// `links[payload ..< payload + 2 * count]` for a mapping (key, value, key, value, …).
/// The kind, the style and the count share one word (2, 3 and 27 bits), so a collection
/// has at most ``maximumCount`` children, which the builder's cap on the number of nodes
/// guarantees. The end is kept relative to the start when it is near (``Ends``), as almost
/// every end is; a node's explicit tag, which almost no node has, is kept by the tree beside
/// the records (``DocumentTree/tag(of:)``).
struct NodeRecord: Sendable {
    enum Kind: UInt8, Sendable {
        case scalar
        case sequence
        case mapping
    }

    let start: SourcePosition
    /// The text's index for a scalar, the first child's place in `links` for a collection.
    let payload: Int32
    /// The kind (bits 0–1), the style (bits 2–4) and the count (the 27 bits above).
    private let packed: UInt32
    /// The end (``Ends``), in two words so that a record needs no 8-byte alignment.
    private let endLow: UInt32
    private let endHigh: UInt32

    /// The most items of a sequence or entries of a mapping a record can hold: 2²⁷ − 1.
    static let maximumCount = (1 << 27) - 1

    /// A record; `count` (0 for a scalar) must be within `0...maximumCount`. An end too
    /// far from `start` to be kept in the record is appended to `ends`.
    init(
        start: SourcePosition, end: SourcePosition, payload: Int32, count: Int32, kind: Kind, style: ScalarStyle,
        ends: inout Ends
    ) {
        self.start = start
        self.payload = payload
        packed = UInt32(kind.rawValue) | UInt32(Self.code(of: style)) << 2 | UInt32(truncatingIfNeeded: count) << 5
        let bits = ends.encode(end, from: start)
        endLow = UInt32(truncatingIfNeeded: bits)
        endHigh = UInt32(truncatingIfNeeded: bits >> 32)
    }

    /// This record's content (kind, style, payload, count) spanning `[start, end)`.
    func respanned(start: SourcePosition, end: SourcePosition, ends: inout Ends) -> NodeRecord {
        NodeRecord(start: start, end: end, payload: payload, count: count, kind: kind, style: style, ends: &ends)
    }

    /// The position just after the node, read with the tree's far ends.
    func end(_ ends: Ends) -> SourcePosition {
        ends.decode(UInt64(endHigh) << 32 | UInt64(endLow), from: start)
    }

    /// Items of a sequence or entries of a mapping; 0 for a scalar.
    var count: Int32 { Int32(truncatingIfNeeded: packed >> 5) }

    var kind: Kind {
        switch packed & 0b11 {
        case 1: .sequence
        case 2: .mapping
        default: .scalar
        }
    }

    var style: ScalarStyle {
        switch (packed >> 2) & 0b111 {
        case 1: .singleQuoted
        case 2: .doubleQuoted
        case 3: .literal
        case 4: .folded
        default: .plain
        }
    }

    private static func code(of style: ScalarStyle) -> UInt8 {
        switch style {
        case .plain: 0
        case .singleQuoted: 1
        case .doubleQuoted: 2
        case .literal: 3
        case .folded: 4
        }
    }

    /// The ends of nodes, as 64 bits in each record: an end near its start (fewer than
    /// 2¹² lines below it, at a column below 2²⁴, fewer than 2²⁷ bytes after it) is kept
    /// there (line delta, column, byte delta); any other (bit 63 set) is the index of its
    /// position in `far`, which a document rarely needs (a node of thousands of lines, a
    /// line of 16 million characters).
    struct Ends: Sendable {
        private(set) var far: [SourcePosition] = []

        private static let farFlag: UInt64 = 1 << 63

        mutating func encode(_ end: SourcePosition, from start: SourcePosition) -> UInt64 {
            let lines = end.line - start.line, bytes = end.offset - start.offset
            if (0..<(1 << 12)).contains(lines), (0..<(1 << 24)).contains(end.column), (0..<(1 << 27)).contains(bytes) {
                return UInt64(lines) << 51 | UInt64(end.column) << 27 | UInt64(bytes)
            }
            far.append(end)
            return Self.farFlag | UInt64(far.count - 1)
        }

        func decode(_ bits: UInt64, from start: SourcePosition) -> SourcePosition {
            if bits & Self.farFlag != 0 { return far[Int(truncatingIfNeeded: bits & 0xFFFF_FFFF)] }
            return SourcePosition(
                line: start.line + Int(truncatingIfNeeded: bits >> 51), column: Int(truncatingIfNeeded: (bits >> 27) & 0xFF_FFFF),
                offset: start.offset + Int(truncatingIfNeeded: bits & 0x7FF_FFFF))
        }
    }
}
