/// A located node of a YAML or JSON document: a view of one record of a
/// ``DocumentTree``.
///
/// Scalars keep their text exactly as the parser produced it (after escapes and
/// folding), together with their ``ScalarStyle``; they are typed only when a decoder
/// asks for a type (see ``Node/string``, ``Node/bool``, ``Node/integer``, ``Node/isNull``),
/// so `NO`, `0755` and `2024-05-01` stay the strings they were written as.
///
/// Aliases are expanded by the loader (their nodes keep the anchor's spans) and merge
/// keys (`<<`) are applied, so a consumer never sees either.
///
/// A node is two words (the tree and an index); reading its kind, span or tag is O(1)
/// and allocates nothing.
package struct Node: Sendable {
    /// What a node holds. Collections are views into the tree, so taking them apart
    /// copies nothing.
    package enum Kind: Sendable {
        case scalar(String, ScalarStyle)
        case sequence(NodeItems)
        case mapping(NodeEntries)
    }

    /// The document the node belongs to.
    package let tree: DocumentTree
    let index: Int32

    init(tree: DocumentTree, index: Int32) {
        self.tree = tree
        self.index = index
    }

    var record: NodeRecord { tree.records[Int(index)] }

    /// What the node holds: a scalar's text and style, or a view of its items or entries.
    package var kind: Kind {
        let record = record
        switch record.kind {
        case .scalar:
            return .scalar(tree.texts[Int(record.payload)], record.style)
        case .sequence:
            return .sequence(NodeItems(tree: tree, start: Int(record.payload), count: Int(record.count)))
        case .mapping:
            return .mapping(NodeEntries(tree: tree, start: Int(record.payload), count: Int(record.count)))
        }
    }

    /// The node's extent in the source: from its first character to just after its last.
    package var span: SourceSpan {
        let record = record
        return SourceSpan(path: tree.path, start: record.start, end: record.end(tree.ends))
    }

    /// An explicit YAML tag (e.g. `tag:yaml.org,2002:str` for `!!str`), or `nil`.
    package var tag: String? { tree.tag(of: index) }

    /// The start of the node, the place diagnostics point at.
    package var location: SourcePosition { record.start }

    /// The text and style of a scalar with its tag, or `nil` for a collection.
    package var scalar: Scalar? {
        let record = record
        guard record.kind == .scalar else { return nil }
        return Scalar(text: tree.texts[Int(record.payload)], style: record.style, tag: tree.tag(of: index))
    }

    /// Whether the node is a scalar whose text is exactly `text` (any style). O(length).
    package func isScalar(_ text: String) -> Bool {
        let record = record
        return record.kind == .scalar && tree.texts[Int(record.payload)] == text
    }
}

/// One `key: value` pair of a mapping. `key` is a node with its own span, so a
/// diagnostic about the key (unknown, duplicate) points at the key, not the value.
package struct MappingEntry: Sendable {
    /// The key node (a scalar, or a collection for a complex YAML key).
    package let key: Node
    /// The value node.
    package let value: Node

    /// The key's text when it is a scalar; `nil` for complex keys.
    package var keyText: String? {
        let record = key.record
        return record.kind == .scalar ? key.tree.texts[Int(record.payload)] : nil
    }
}
