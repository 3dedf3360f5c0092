extension Node: Equatable {
    /// Whether two nodes, in the same tree or not, have the same spans (file and
    /// positions), kinds, styles, tags and texts, all the way down. Iterative,
    /// O(size of the smaller node); the same node of one tree is equal to itself in O(1).
    package static func == (lhs: Node, rhs: Node) -> Bool {
        guard lhs.tree.file == rhs.tree.file else { return false }
        var pending: [(Int32, Int32)] = [(lhs.index, rhs.index)]
        while let (left, right) = pending.popLast() {
            if lhs.tree === rhs.tree, left == right { continue }
            let l = lhs.tree.records[Int(left)]
            let r = rhs.tree.records[Int(right)]
            guard l.kind == r.kind, l.style == r.style, l.count == r.count, l.start == r.start,
                l.end(lhs.tree.ends) == r.end(rhs.tree.ends),
                Node(tree: lhs.tree, index: left).tag == Node(tree: rhs.tree, index: right).tag
            else { return false }
            switch l.kind {
            case .scalar:
                guard lhs.tree.texts[Int(l.payload)] == rhs.tree.texts[Int(r.payload)] else { return false }
            case .sequence, .mapping:
                let children = Int(l.count) * (l.kind == .mapping ? 2 : 1)
                for child in 0..<children {
                    pending.append((lhs.tree.links[Int(l.payload) + child], rhs.tree.links[Int(r.payload) + child]))
                }
            }
        }
        return true
    }
}
