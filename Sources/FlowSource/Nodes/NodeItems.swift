/// The items of a sequence node, in written order: a view into its ``DocumentTree``.
/// Indices are `0 ..< count`; subscripting is O(1) and allocates nothing.
package struct NodeItems: RandomAccessCollection, Sendable {
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

    package subscript(position: Int) -> Node {
        // The collection contract (indices are `0 ..< count`): callers iterate the
        // indices or the elements; no count from the input indexes it directly.
        precondition(position >= 0 && position < count, "item index out of range")
        return Node(tree: tree, index: tree.links[start + position])
    }
}
