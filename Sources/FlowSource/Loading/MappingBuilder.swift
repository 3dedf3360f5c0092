/// Collects the entries of one mapping in source order and rejects duplicate keys, the
/// same way for YAML and JSON (YAML 1.2 §3.2.1.1: keys are unique; RFC 8259 §4: names
/// SHOULD be unique — we require it).
///
/// Scalar keys are the same when their text is the same (whatever their style, as a
/// decoder looks keys up by text); other keys when their content is the same.
/// Lookups are a linear scan for small mappings and hashed beyond
/// ``indexThreshold`` entries, so building a mapping of n entries is O(n).
package struct MappingBuilder {
    private static let indexThreshold = 12

    package private(set) var entries: [MappingEntry] = []
    /// Scalar key text → position in `entries`, once the mapping is large.
    private var index: [String: Int] = [:]
    private var isIndexed = false

    package init() {}

    /// The entry already holding a key equal to `key`, if any.
    package func existing(_ key: borrowing Node) -> MappingEntry? {
        if case .scalar(let text, _) = key.kind {
            if isIndexed { return index[text].map { entries[$0] } }
            for position in entries.indices {
                if case .scalar(let other, _) = entries[position].key.kind, other == text { return entries[position] }
            }
            return nil
        }
        return entries.first { $0.key.hasSameContent(as: key) }
    }

    /// Appends `entry` without checking for duplicates.
    package mutating func append(_ entry: consuming MappingEntry) {
        if isIndexed, case .scalar(let text, _) = entry.key.kind, index[text] == nil {
            index[text] = entries.count
        }
        // Mappings are mostly small: one allocation for the first eight entries
        // instead of growing 1 → 2 → 4 → 8.
        if entries.isEmpty { entries.reserveCapacity(8) }
        entries.append(entry)
        if !isIndexed, entries.count > Self.indexThreshold {
            isIndexed = true
            index.reserveCapacity(entries.count * 2)
            for (position, entry) in entries.enumerated() {
                if case .scalar(let text, _) = entry.key.kind, index[text] == nil { index[text] = position }
            }
        }
    }

    /// Appends `entry`, or — when its key is already there — keeps the first entry and
    /// returns a `duplicate-key` diagnostic at the repeated key, with a note at the first.
    package mutating func add(_ entry: consuming MappingEntry, file: String) -> Diagnostic? {
        if let first = existing(entry.key) {
            return Self.duplicateKey(entry.key, first: first.key, file: file)
        }
        append(entry)
        return nil
    }

    /// Hands over the entries, leaving the builder empty.
    mutating func takeEntries() -> [MappingEntry] {
        var taken: [MappingEntry] = []
        swap(&taken, &entries)
        index = [:]
        isIndexed = false
        return taken
    }

    /// Hands over a copy of the entries with no spare capacity and empties the builder
    /// while keeping its storage, for a builder that is reused for the next mapping:
    /// the tree then holds each mapping in an allocation of its own size, and the
    /// builder's buffers are allocated once per nesting level rather than per mapping.
    package mutating func takeEntriesKeepingStorage() -> [MappingEntry] {
        let taken = Self.exactCopy(of: entries)
        entries.removeAll(keepingCapacity: true)
        if isIndexed {
            index.removeAll(keepingCapacity: true)
            isIndexed = false
        }
        return taken
    }

    /// `elements` in a new array whose capacity is its count (an empty array allocates nothing).
    package static func exactCopy<Element>(of elements: [Element]) -> [Element] {
        guard !elements.isEmpty else { return [] }
        var copy: [Element] = []
        copy.reserveCapacity(elements.count)
        copy.append(contentsOf: elements)
        return copy
    }

    /// `duplicate key 'title' (first at 2:1)` at `key`, noting `first`.
    package static func duplicateKey(_ key: Node, first: Node, file: String) -> Diagnostic {
        let name: String
        if case .scalar(let text, _) = key.kind { name = " '\(text)'" } else { name = "" }
        return .error(
            .duplicateKey, "duplicate key\(name) (first at \(first.span.start))",
            at: key.span,
            notes: [Diagnostic.Note(message: "first defined here", span: first.span)],
            hint: "remove one of the two entries; the first one is used")
    }
}
