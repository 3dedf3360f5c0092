/// One node of a ``DocumentTree``, stored flat: 40 bytes whatever the node holds.
///
/// A scalar's text is `texts[payload]`; a collection's children are
/// `links[payload ..< payload + count]` for a sequence and
/// `links[payload ..< payload + 2 * count]` for a mapping (key, value, key, value, …).
struct NodeRecord: Sendable {
    enum Kind: UInt8, Sendable {
        case scalar
        case sequence
        case mapping
    }

    var start: SourcePosition
    var end: SourcePosition
    /// The text's index for a scalar, the first child's place in `links` for a collection.
    var payload: Int32
    /// Items of a sequence or entries of a mapping; 0 for a scalar.
    var count: Int32
    /// The index of the explicit tag in the tree's tag table, or -1 for none.
    var tag: Int32
    var kind: Kind
    var style: ScalarStyle
}
