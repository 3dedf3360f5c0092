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
        package var children: Children
        /// The first index of the node's subtree.
        package var first: Int
    }

    /// A node's children's indexes, in order: up to two held inline (every operator and
    /// most calls), more in an array (lists, and calls of three or more), so that
    /// building a tree allocates once per tree rather than once per node. Indexes are
    /// held in 32 bits: a tree has fewer nodes than its text has characters, and the
    /// parser refuses a text longer than ``ExpressionParser/maximumLength``.
    package struct Children: RandomAccessCollection, Sendable, Hashable {
        private var inline: (Int32, Int32) = (0, 0)
        private var more: [Int] = []
        package private(set) var count: Int

        package init(_ indexes: [Int]) {
            count = indexes.count
            switch indexes.count {
            case 0: break
            case 1: inline = (Int32(truncatingIfNeeded: indexes[0]), 0)
            case 2: inline = (Int32(truncatingIfNeeded: indexes[0]), Int32(truncatingIfNeeded: indexes[1]))
            default: more = indexes
            }
        }

        /// The one child of a prefix operator or call.
        package init(_ only: Int) {
            count = 1
            inline = (Int32(truncatingIfNeeded: only), 0)
        }

        /// The two children of an operator.
        package init(_ lhs: Int, _ rhs: Int) {
            count = 2
            inline = (Int32(truncatingIfNeeded: lhs), Int32(truncatingIfNeeded: rhs))
        }

        package var startIndex: Int { 0 }
        package var endIndex: Int { count }

        package subscript(position: Int) -> Int {
            // The collection contract (indices are `0 ..< count`): the parser gives every
            // prefix node one child and every infix node two, and calls and lists are
            // read by their count (the checker and evaluator check a call's arity before
            // reading its arguments), so no input indexes past the children.
            precondition(position >= 0 && position < count, "child index out of range")
            if count > 2 { return more[position] }
            return Int(position == 0 ? inline.0 : inline.1)
        }

        package static func == (lhs: Children, rhs: Children) -> Bool { lhs.elementsEqual(rhs) }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for child in self { hasher.combine(child) }
        }
    }

    /// The nodes in post-order; the root is last.
    package var nodes: [Node]
    /// Syntax problems the lexer recovered from, in order (a string in double quotes,
    /// read as if it were in single quotes): `validate` reports them and checks the rest
    /// of the expression as written; evaluating the expression fails while there is one.
    package var recovered: [ExpressionProblem] = []
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
