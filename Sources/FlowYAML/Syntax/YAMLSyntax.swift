import FlowSource

/// One node of a YAML document as it is written, not as it is read: anchors, aliases,
/// tags, merge keys, scalar styles and flow or block collections are kept as they stand
/// in the text (a ``Node`` tree expands aliases and applies merges). What a formatter
/// needs to write the same document again in another layout.
package struct YAMLSyntax: Sendable {
    /// What the node is.
    package indirect enum Content: Sendable {
        /// A scalar's text after escapes and folding, and how it was written.
        case scalar(String, ScalarStyle)
        /// `*name`: the node anchored `&name` before.
        case alias(String)
        /// A sequence, written in flow style (`[…]`) or as block `- ` items.
        case sequence([YAMLSyntax], isFlow: Bool)
        /// A mapping in written order, in flow style (`{…}`) or as block `key: value` lines.
        case mapping([YAMLSyntaxEntry], isFlow: Bool)
    }

    /// What the node is.
    package var content: Content
    /// The anchor written on the node (`&name`, without the sign), or `nil`.
    package var anchor: String?
    /// The explicit tag as resolved (`!!str` is `tag:yaml.org,2002:str`), or `nil`.
    package var tag: String?
    /// From the node's first character (its properties, when it has any) to just after
    /// its last (a block scalar: the start of the line after its content).
    package var span: SourceSpan
}

extension YAMLSyntax {
    /// Calls `body` with the node and every node under it, keys included (an alias once,
    /// as written). Iterative, so any depth is safe; the order is not document order.
    /// O(nodes).
    package func forEachNode(_ body: (YAMLSyntax) -> Void) {
        var pending = [self]
        while let node = pending.popLast() {
            body(node)
            switch node.content {
            case .scalar, .alias: break
            case .sequence(let items, _): pending.append(contentsOf: items)
            case .mapping(let entries, _):
                for entry in entries { pending.append(contentsOf: [entry.key, entry.value]) }
            }
        }
    }
}

/// One `key: value` of a written mapping.
package struct YAMLSyntaxEntry: Sendable {
    /// The key as written.
    package var key: YAMLSyntax
    /// The value as written.
    package var value: YAMLSyntax
}

/// One YAML document as written: its root node and its markers.
package struct YAMLSyntaxDocument: Sendable {
    /// The root node, `nil` for a document with no content.
    package var root: YAMLSyntax?
    /// Where the document's explicit `---` is (byte offset), `nil` without one.
    package var startMarker: Int?
    /// Where the document's explicit `...` is (byte offset), `nil` without one.
    package var endMarker: Int?
    /// Whether `%YAML` or `%TAG` directives come before the document.
    package var hasDirectives: Bool
}
