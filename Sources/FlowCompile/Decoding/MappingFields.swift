import FlowSource

/// A mapping node seen as a set of named fields, for the decoder.
///
/// The loader has already reported duplicate keys and kept the first occurrence, so a
/// key is looked up by its first entry. Complex (non-scalar) keys have no name and are
/// reported by ``DecodingSession/checkKeys(_:allowed:what:)``.
package struct MappingFields {
    /// The mapping node.
    package let node: Node
    /// Its entries, in written order.
    package let entries: NodeEntries

    /// `nil` when `node` is not a mapping.
    package init?(_ node: Node) {
        guard let entries = node.mapping else { return nil }
        self.node = node
        self.entries = entries
    }

    /// The first entry whose key is `key`. O(number of entries).
    package func entry(_ key: String) -> MappingEntry? {
        position(of: key).map { entries[$0] }
    }

    /// The position in `entries` of the first entry whose key is `key`. Reads the keys in
    /// place. O(number of entries).
    package func position(of key: String) -> Int? {
        entries.position(ofKey: key)
    }

    /// The value of `key` when it is present and not null (null on an optional key is
    /// the same as leaving the key out).
    package func value(_ key: String) -> Node? {
        guard let position = position(of: key), !entries[position].value.isNull else { return nil }
        return entries[position].value
    }

    /// The names of the scalar keys, in written order.
    package var keys: [String] { entries.compactMap(\.keyText) }

    /// A zero-width span at the start of the mapping: where `missing-key` points.
    package var startSpan: SourceSpan { node.span.startPoint }
}
