/// A parsed expression, stored flat: every node in one array, each after its children
/// (post-order), so that checking and evaluating walk the array forward once with no
/// recursion, and a node's subtree is the contiguous run `first ... index`.
package struct ExpressionTree: Sendable, Hashable {
    /// What a node is.
    package enum Kind: Sendable, Hashable {
        /// A literal number, string, boolean or `null`.
        case literal(ExpressionValue)
        /// A dotted name.
        case name(String)
        /// `!x` (`.not`) or `-x` (`.minus`); one child.
        case prefix(ExpressionSymbol)
        /// `a OP b` for the arithmetic, comparison and logical symbols; two children.
        case infix(ExpressionSymbol)
        /// `x in [a, b, …]`; the first child is `x`, the others the items.
        case membership
        /// A function call; the children are the arguments.
        case call(ExpressionFunction)
    }

    package struct Node: Sendable, Hashable {
        package var kind: Kind
        /// The node's whole text, offsets in Unicode scalars of the expression's text.
        package var range: Range<Int>
        /// The operator's text (`>`, `in`, `!`) or the function's name; the node's range
        /// for literals and names.
        package var operatorRange: Range<Int>
        /// The children's indexes, in order.
        package var children: [Int]
        /// The first index of the node's subtree.
        package var first: Int
    }

    /// The nodes in post-order; the root is last.
    package var nodes: [Node]
    /// For the first node of the right operand of each `&&` and `||`, that `&&`/`||`
    /// (else -1): where evaluation can skip the right operand when the left one decides.
    package var shortCircuitParent: [Int32] = []

    /// The index of the root.
    package var root: Int { nodes.count - 1 }

    /// The names the expression reads, in order of first appearance, each with the range
    /// of its first occurrence.
    package var names: [(name: String, range: Range<Int>)] {
        var seen: Set<String> = []
        var out: [(String, Range<Int>)] = []
        for node in nodes {
            if case .name(let name) = node.kind, seen.insert(name).inserted { out.append((name, node.range)) }
        }
        return out
    }
}
