/// One node of a ``DocumentTree``, stored flat: 24 bytes whatever the node holds.
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
    /// The end, near the start or where it is in the tree's far ends (``Ends``).
    private let endBits: UInt32

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
        endBits = ends.encode(end, from: start)
    }

    /// This record's content (kind, style, payload, count) spanning `[start, end)`.
    func respanned(start: SourcePosition, end: SourcePosition, ends: inout Ends) -> NodeRecord {
        NodeRecord(start: start, end: end, payload: payload, count: count, kind: kind, style: style, ends: &ends)
    }

    /// The position just after the node, read with the tree's far ends.
    func end(_ ends: Ends) -> SourcePosition {
        ends.decode(endBits, from: start)
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

    /// The ends of nodes, as 32 bits in each record. An end near its start is kept there:
    /// on the start's line (bit 30 set), as the columns and bytes after the start (15 bits
    /// each: a scalar or a flow collection of up to 32,767 bytes); on a later line, as the
    /// lines below the start (7 bits), the column (10 bits) and the bytes after the start
    /// (13 bits: a block of up to 127 lines and 8,191 bytes). Any other end (bit 31 set) is
    /// the index of its position in `far`: a few large collections (the document, its
    /// `screens`) and long texts.
    struct Ends: Sendable {
        private(set) var far: [SourcePosition] = []

        private static let farFlag: UInt32 = 1 << 31
        private static let sameLineFlag: UInt32 = 1 << 30

        mutating func encode(_ end: SourcePosition, from start: SourcePosition) -> UInt32 {
            let lines = end.line - start.line, bytes = end.offset - start.offset
            if lines == 0 {
                let columns = end.column - start.column
                if (0..<(1 << 15)).contains(columns), (0..<(1 << 15)).contains(bytes) {
                    return Self.sameLineFlag | UInt32(columns) << 15 | UInt32(bytes)
                }
            } else if (1..<(1 << 7)).contains(lines), (0..<(1 << 10)).contains(end.column), (0..<(1 << 13)).contains(bytes) {
                return UInt32(lines) << 23 | UInt32(end.column) << 13 | UInt32(bytes)
            }
            far.append(end)
            return Self.farFlag | UInt32(truncatingIfNeeded: far.count - 1)
        }

        func decode(_ bits: UInt32, from start: SourcePosition) -> SourcePosition {
            if bits & Self.farFlag != 0 { return far[Int(bits & ~Self.farFlag)] }
            if bits & Self.sameLineFlag != 0 {
                return SourcePosition(
                    line: start.line, column: start.column + Int((bits >> 15) & 0x7FFF), offset: start.offset + Int(bits & 0x7FFF))
            }
            return SourcePosition(
                line: start.line + Int((bits >> 23) & 0x7F), column: Int((bits >> 13) & 0x3FF), offset: start.offset + Int(bits & 0x1FFF))
        }
    }
}
