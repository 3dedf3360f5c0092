/// The entries of a mapping node, in written order (merged entries where `<<` stood):
/// a view into its ``DocumentTree``. Indices are `0 ..< count`; subscripting is O(1)
/// and allocates nothing.
package struct NodeEntries: RandomAccessCollection, Sendable {
    let tree: DocumentTree
    let start: Int
    package let count: Int

    init(tree: DocumentTree, start: Int, count: Int) {
        self.tree = tree
        self.start = start
        self.count = count
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> MappingEntry {
        // The collection contract (indices are `0 ..< count`): callers iterate the
        // indices or the elements; no count from the input indexes it directly.
        precondition(position >= 0 && position < count, "entry index out of range")
        let link = start + 2 * position
        return MappingEntry(key: Node(tree: tree, index: tree.links[link]), value: Node(tree: tree, index: tree.links[link + 1]))
    }

    /// The position of the first entry whose key is the scalar `text` (any style), or
    /// `nil`. Reads the keys in place. O(count · key length).
    package func position(ofKey text: String) -> Int? {
        for position in 0..<count {
            let record = tree.records[Int(tree.links[start + 2 * position])]
            if record.kind == .scalar, tree.texts[Int(record.payload)] == text { return position }
        }
        return nil
    }
}
