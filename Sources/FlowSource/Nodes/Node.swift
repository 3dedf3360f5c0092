/// A located node of a YAML or JSON document.
///
/// Scalars keep their text exactly as the parser produced it (after escapes and
/// folding), together with their ``ScalarStyle``; they are typed only when a decoder
/// asks for a type (see ``Node/string``, ``Node/bool``, ``Node/integer``, ``Node/isNull``),
/// so `NO`, `0755` and `2024-05-01` stay the strings they were written as.
///
/// Aliases are expanded by the loader (their nodes keep the anchor's spans) and merge
/// keys (`<<`) are applied, so a consumer never sees either.
package struct Node: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case scalar(String, ScalarStyle)
        case sequence([Node])
        case mapping([MappingEntry])
    }

    package var kind: Kind
    /// The node's extent in the source: from its first character to just after its last.
    package var span: SourceSpan
    /// An explicit YAML tag (e.g. `!!str`), or `nil`.
    package var tag: String?

    package init(kind: Kind, span: SourceSpan, tag: String? = nil) {
        self.kind = kind
        self.span = span
        self.tag = tag
    }

    /// The start of the node, the place diagnostics point at.
    package var location: SourcePosition { span.start }
}

/// One `key: value` pair of a mapping. `key` is a scalar node with its own span, so a
/// diagnostic about the key (unknown, duplicate) points at the key, not the value.
package struct MappingEntry: Sendable, Hashable {
    package var key: Node
    package var value: Node

    package init(key: Node, value: Node) {
        self.key = key
        self.value = value
    }

    /// The key's text when it is a scalar; `nil` for complex keys.
    package var keyText: String? {
        if case .scalar(let text, _) = key.kind { return text }
        return nil
    }
}
