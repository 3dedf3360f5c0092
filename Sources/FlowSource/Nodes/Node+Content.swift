extension Node {
    /// Whether two nodes have the same shape, scalar texts (whatever their style) and
    /// tags, ignoring where they are (spans). Used to compare complex mapping keys.
    /// O(size of the smaller node); recursion depth is bounded by the loaders' nesting limit.
    func hasSameContent(as other: Node) -> Bool {
        guard tag == other.tag else { return false }
        switch (kind, other.kind) {
        case let (.scalar(a, _), .scalar(b, _)):
            return a == b
        case let (.sequence(a), .sequence(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameContent(as: $1) }
        case let (.mapping(a), .mapping(b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key.hasSameContent(as: $1.key) && $0.value.hasSameContent(as: $1.value) }
        default:
            return false
        }
    }
}
