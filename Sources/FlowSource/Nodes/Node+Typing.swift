/// Typing of a node driven by the expected type; scalars are typed by ``Scalar``
/// (YAML 1.2 core schema, §10.3.2; JSON per RFC 8259 §3, §6, §7).
extension Node {
    /// What a node is, as a word for messages: `expected a string, found a mapping`.
    package var kindDescription: String {
        switch record.kind {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar: return scalar?.kindDescription ?? "a string"
        }
    }

    /// `true` for a null scalar (``Scalar/isNull``); `false` for collections.
    package var isNull: Bool {
        let record = record
        guard record.kind == .scalar else { return false }
        // Most scalars are untagged: read the text in place rather than building a Scalar.
        guard tree.tags.isEmpty || tree.tags[index] == nil else { return scalar?.isNull ?? false }
        return record.style == .plain && Scalar.isNullText(tree.texts[Int(record.payload)])
    }

    /// A scalar's text for a string-typed field (``Scalar/string``); `nil` for null,
    /// sequences and mappings.
    package var string: String? { scalar?.string }

    /// A plain `true` or `false` (``Scalar/bool``), or `nil`.
    package var bool: Bool? { scalar?.bool }

    /// A plain integer that fits `Int` (``Scalar/integer``), or `nil`.
    package var integer: Int? { scalar?.integer }

    /// A plain number's exact decimal text (``Scalar/number``), or `nil`.
    package var number: String? { scalar?.number }

    /// The entries of a mapping, or `nil`.
    package var mapping: NodeEntries? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    /// The items of a sequence, or `nil`.
    package var sequence: NodeItems? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// The value for scalar key `key` in a mapping (the first one, should there be
    /// duplicates), or `nil`. O(n) in the number of entries.
    package subscript(key: String) -> Node? {
        guard let entries = mapping, let position = entries.position(ofKey: key) else { return nil }
        return entries[position].value
    }
}
