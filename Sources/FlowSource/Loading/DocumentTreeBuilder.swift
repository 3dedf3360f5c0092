import FlowSystem

/// Builds a ``DocumentTree`` from the bottom up, the same way for YAML and JSON: a
/// loader adds scalars, opens a collection, hands it its children in written order
/// and closes it; each call returns the new node's ``NodeID``.
///
/// Mapping keys must be unique (YAML 1.2 §3.2.1.1; RFC 8259 §4 says names SHOULD be
/// unique — we require it): ``addEntry(key:value:)`` keeps the first entry and returns a
/// `duplicate-key` diagnostic for a repeated key. Scalar keys are the same when their
/// text is the same (whatever their style, as a decoder looks keys up by text); other
/// keys when their content is the same (shape, texts and tags, not positions).
///
/// Cost: every call is amortized O(1) except that a complex key costs O(its size) to
/// compare, so building a document of n nodes is O(n) (keys are found by a linear scan
/// in mappings of up to 12 entries and hashed beyond). The children of the open
/// collections wait on one shared stack, so no collection allocates storage of its own.
package struct DocumentTreeBuilder {
    /// A node added to the builder (and, after ``finish(root:)``, to the tree).
    package struct NodeID: Hashable, Sendable {
        fileprivate let index: Int32
    }

    /// Mappings of more entries than this index their scalar keys in a dictionary.
    private static let indexThreshold = 12

    /// The keys of one open mapping (or of the entries merged into it), for finding
    /// duplicates.
    private struct KeyIndex {
        /// Scalar key text → the first key node with that text, once indexed.
        var byText: [String: Int32] = [:]
        var isIndexed = false
        /// Content hash → complex key nodes with that hash.
        var complex: [Int: [Int32]] = [:]

        mutating func reset() {
            if isIndexed { byText.removeAll(keepingCapacity: true) }
            isIndexed = false
            if !complex.isEmpty { complex.removeAll() }
        }
    }

    private struct OpenCollection {
        let isMapping: Bool
        /// Where the collection's children start in `pending`.
        let first: Int
        var keys: KeyIndex
    }

    /// The document's path, which every span the builder makes shares.
    package let path: SourcePath
    /// The bounds checked while building (nodes, scalar length, entries per mapping).
    package let limits: LoadingLimits
    private var records: [NodeRecord] = []
    private var ends = NodeRecord.Ends()
    private var links: [Int32] = []
    private var texts: [String] = []
    /// The position in `texts` of recent texts, by a hash of their bits (short texts) or
    /// their bytes (longer ones) (``textIndex(_:)``): direct-mapped caches, so a text
    /// written again and again (a key, `true`, a short value, a URL) is stored once.
    private var recentTexts = [Int32](repeating: -1, count: 1 << recentTextBits)
    private var recentLongTexts = [Int32](repeating: -1, count: 1 << recentTextBits)
    private static let recentTextBits = 12
    /// The longest text looked for among the recent ones, in UTF-8 bytes: hashing a text
    /// costs its length.
    private static let longestRecentText = 256
    private var tags: [Int32: String] = [:]
    /// The children of every open collection, innermost last (a mapping's as key, value).
    private var pending: [Int32] = []
    private var open: [OpenCollection] = []
    private var spareKeyIndexes: [KeyIndex] = []

    /// A builder for the document at `file` within `limits`, with room for `expectedNodes` nodes.
    package init(file: String, limits: LoadingLimits = LoadingLimits(), expectedNodes: Int = 0) {
        path = SourcePath(file)
        var limits = limits
        // A record holds a collection's count in 27 bits (``NodeRecord/maximumCount``); a
        // collection has fewer children than the document has nodes.
        limits.maximumNodes = min(limits.maximumNodes, NodeRecord.maximumCount)
        self.limits = limits
        if expectedNodes > 0 {
            records.reserveCapacity(expectedNodes)
            links.reserveCapacity(expectedNodes)
            texts.reserveCapacity(expectedNodes)
        }
    }

    /// The number of collections opened and not yet closed.
    package var depth: Int { open.count }

    // MARK: Adding nodes

    /// Adds a scalar spanning `[start, end)`.
    /// - Throws: `document-limit` past ``LoadingLimits/maximumScalarBytes`` or
    ///   ``LoadingLimits/maximumNodes``.
    package mutating func addScalar(
        _ text: String, style: ScalarStyle, tag: String? = nil, start: SourcePosition, end: SourcePosition
    ) throws(Diagnostic) -> NodeID {
        let byteCount = text.utf8.count
        if byteCount > limits.maximumScalarBytes {
            throw limits.scalarTooLong(byteCount, at: SourceSpan(path: path, start: start, end: end))
        }
        try checkNodeCount(start: start, end: end)
        return append(
            NodeRecord(start: start, end: end, payload: textIndex(text), count: 0, kind: .scalar, style: style, ends: &ends),
            tag: tag)
    }

    /// Opens a sequence or a mapping; its children are the nodes appended until the
    /// matching ``closeCollection(tag:start:end:)``.
    package mutating func openCollection(isMapping: Bool) {
        var keys = spareKeyIndexes.popLast() ?? KeyIndex()
        keys.reset()
        open.append(OpenCollection(isMapping: isMapping, first: pending.count, keys: keys))
    }

    /// Appends `item` to the open sequence.
    package mutating func appendItem(_ item: NodeID) {
        pending.append(item.index)
    }

    /// Appends `key: value` to the open mapping, or — when `key` is already there —
    /// keeps the first entry and returns a `duplicate-key` diagnostic at the repeated
    /// key, with a note at the first.
    /// - Throws: `document-limit` at the key past ``LoadingLimits/maximumMappingEntries``.
    package mutating func addEntry(key: NodeID, value: NodeID) throws(Diagnostic) -> Diagnostic? {
        guard let top = open.indices.last else { preconditionFailure("addEntry with no open mapping") }
        // Both loaders call this only for a container their own stack marks as a mapping
        // (YAML: `stack[top].isMapping`; JSON: `stack[top].isObject`), so no input reaches it.
        precondition(open[top].isMapping, "addEntry on an open sequence")
        if (pending.count - open[top].first) / 2 >= limits.maximumMappingEntries {
            throw limits.tooManyEntries(at: span(of: key))
        }
        let hash = isScalar(key.index) ? 0 : contentHash(key.index)
        if let first = existingKey(key.index, hash: hash, in: top) {
            return Self.duplicateKey(at: span(of: key), text: scalarText(key.index), first: span(of: NodeID(index: first)))
        }
        pending.append(key.index)
        pending.append(value.index)
        register(key.index, hash: hash, entryCount: (pending.count - open[top].first) / 2, in: top)
        return nil
    }

    /// Closes the innermost open collection, spanning `[start, end)`.
    /// - Throws: `document-limit` past ``LoadingLimits/maximumNodes``.
    package mutating func closeCollection(
        tag: String? = nil, start: SourcePosition, end: SourcePosition
    ) throws(Diagnostic) -> NodeID {
        try checkNodeCount(start: start, end: end)
        guard let collection = open.popLast() else { preconditionFailure("closeCollection with nothing open") }
        if links.count + (pending.count - collection.first) > Int(Int32.max) {
            throw limits.tooManyNodes(at: SourceSpan(path: path, start: start, end: end))
        }
        let linkStart = links.count
        links.append(contentsOf: pending[collection.first...])
        let childCount = pending.count - collection.first
        pending.removeSubrange(collection.first...)
        spareKeyIndexes.append(collection.keys)
        return append(
            NodeRecord(
                start: start, end: end, payload: Self.index(linkStart),
                count: Self.index(collection.isMapping ? childCount / 2 : childCount),
                kind: collection.isMapping ? .mapping : .sequence, style: .plain, ends: &ends),
            tag: tag)
    }

    /// Closes the innermost open mapping after putting, at entry `position`, the entries
    /// of the mappings `sources` whose keys it does not already have — earlier sources
    /// win over later ones (YAML merge keys, https://yaml.org/type/merge.html).
    /// O(entries merged + entries of the mapping).
    /// - Throws: `document-limit` past ``LoadingLimits/maximumNodes`` or, with the merged
    ///   entries, ``LoadingLimits/maximumMappingEntries``.
    package mutating func closeMapping(
        merging sources: [NodeID], at position: Int, tag: String? = nil, start: SourcePosition, end: SourcePosition
    ) throws(Diagnostic) -> NodeID {
        guard let top = open.indices.last, open[top].isMapping, !sources.isEmpty else {
            return try closeCollection(tag: tag, start: start, end: end)
        }
        let first = open[top].first
        indexAllKeys(of: top)
        var merged = KeyIndex()
        merged.isIndexed = true
        var mergedPairs: [Int32] = []
        for source in sources {
            let record = records[Int(source.index)]
            guard record.kind == .mapping else { continue }
            for entry in 0..<Int(record.count) {
                let key = links[Int(record.payload) + 2 * entry]
                let hash = isScalar(key) ? 0 : contentHash(key)
                guard existingKey(key, hash: hash, indexed: open[top].keys, pairsFrom: first) == nil,
                    existingKey(key, hash: hash, indexed: merged, pairsFrom: nil) == nil
                else { continue }
                mergedPairs.append(key)
                mergedPairs.append(links[Int(record.payload) + 2 * entry + 1])
                Self.register(key, text: scalarText(key), hash: hash, in: &merged)
            }
        }
        if (pending.count - first + mergedPairs.count) / 2 > limits.maximumMappingEntries {
            throw limits.tooManyEntries(at: SourceSpan(path: path, start: start, end: start))
        }
        let insertAt = min(first + 2 * max(position, 0), pending.count)
        pending.insert(contentsOf: mergedPairs, at: insertAt)
        return try closeCollection(tag: tag, start: start, end: end)
    }

    /// A node with the content of `node` and the span `[start, end)`: an alias used as a
    /// mapping key, which points where the alias is written. O(1): the content is shared.
    /// - Throws: `document-limit` past ``LoadingLimits/maximumNodes``.
    package mutating func respanned(
        _ node: NodeID, start: SourcePosition, end: SourcePosition
    ) throws(Diagnostic) -> NodeID {
        try checkNodeCount(start: start, end: end)
        let record = records[Int(node.index)].respanned(start: start, end: end, ends: &ends)
        return append(record, tag: tag(of: node.index))
    }

    /// The finished tree and its root, or `nil` when there is no root.
    package consuming func finish(root: NodeID?) -> Node? {
        guard let root else { return nil }
        let tree = DocumentTree(path: path, records: records, ends: ends, links: links, texts: texts, tags: tags)
        return Node(tree: tree, index: root.index)
    }

    // MARK: Reading what was built

    /// The span of a node already added.
    package func span(of node: NodeID) -> SourceSpan {
        let record = records[Int(node.index)]
        return SourceSpan(path: path, start: record.start, end: record.end(ends))
    }

    /// A node's text, style and tag when it is a scalar.
    package func scalar(_ node: NodeID) -> Scalar? {
        let record = records[Int(node.index)]
        guard record.kind == .scalar else { return nil }
        return Scalar(text: texts[Int(record.payload)], style: record.style, tag: tag(of: node.index))
    }

    /// Whether a node is a scalar whose text is `text` (any style or tag).
    package func isScalar(_ node: NodeID, withText text: String) -> Bool {
        scalarText(node.index) == text
    }

    /// Whether a node is a mapping.
    package func isMapping(_ node: NodeID) -> Bool {
        records[Int(node.index)].kind == .mapping
    }

    /// The items of a sequence node (empty for other nodes), in written order.
    package func items(of node: NodeID) -> [NodeID] {
        let record = records[Int(node.index)]
        guard record.kind == .sequence else { return [] }
        return links[Int(record.payload)..<Int(record.payload) + Int(record.count)].map { NodeID(index: $0) }
    }

    /// What a node is, as a word for messages (``Node/kindDescription``).
    package func kindDescription(of node: NodeID) -> String {
        switch records[Int(node.index)].kind {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar: return scalar(node)?.kindDescription ?? "a string"
        }
    }

    // MARK: Messages

    /// `duplicate key 'title' (first at 2:1)` at `span`, noting the first key.
    private static func duplicateKey(at span: SourceSpan, text: String?, first: SourceSpan) -> Diagnostic {
        let name = text.map { " '\($0)'" } ?? ""
        return .error(
            .duplicateKey, "duplicate key\(name) (first at \(first.start))", at: span,
            notes: [Diagnostic.Note(message: "first defined here", span: first)],
            hint: "remove one of the two entries; the first one is used")
    }

    /// The `duplicate-key` diagnostic for a second `key` where `first` stands (a YAML
    /// merge key written twice).
    package func duplicateKey(_ key: NodeID, first: NodeID) -> Diagnostic {
        Self.duplicateKey(at: span(of: key), text: scalarText(key.index), first: span(of: first))
    }

    // MARK: Storage

    /// `document-limit` when one more node would pass ``LoadingLimits/maximumNodes``.
    private func checkNodeCount(start: SourcePosition, end: SourcePosition) throws(Diagnostic) {
        if records.count >= limits.maximumNodes {
            throw limits.tooManyNodes(at: SourceSpan(path: path, start: start, end: end))
        }
    }

    private mutating func append(_ record: NodeRecord, tag: String?) -> NodeID {
        records.append(record)
        let index = Self.index(records.count - 1)
        if let tag { tags[index] = tag }
        return NodeID(index: index)
    }

    private func tag(of node: Int32) -> String? {
        tags.isEmpty ? nil : tags[node]
    }

    /// The position of `text` in `texts`, appended unless it is the text of a recent
    /// scalar (byte for byte: canonically equivalent texts written differently are kept
    /// apart). A text of up to 15 UTF-8 bytes is found by its bits: a 64-bit String holds
    /// it in its own two words, whose bits are the same for the same text (equal bits are
    /// always the same text; a text that misses is only stored again). A longer one, up to
    /// ``longestRecentText`` bytes, by a hash of its bytes, compared byte for byte.
    /// O(1) for a short text, O(length) for a longer one.
    private mutating func textIndex(_ text: String) -> Int32 {
        let length = text.utf8.count
        if MemoryLayout<String>.size == 16, length <= 15 {
            let (low, high) = Self.bits(of: text)
            let slot = Self.slot((low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F))
            let recent = recentTexts[slot]
            if recent >= 0, Self.bits(of: texts[Int(recent)]) == (low, high) { return recent }
            recentTexts[slot] = appendText(text)
            return recentTexts[slot]
        }
        guard length <= Self.longestRecentText,
            let slot = text.utf8.withContiguousStorageIfAvailable({ Self.slot(Self.hash($0)) })
        else { return appendText(text) }
        let recent = recentLongTexts[slot]
        if recent >= 0, Self.sameBytes(texts[Int(recent)], text) { return recent }
        recentLongTexts[slot] = appendText(text)
        return recentLongTexts[slot]
    }

    private mutating func appendText(_ text: String) -> Int32 {
        texts.append(text)
        return Self.index(texts.count - 1)
    }

    /// A cache slot from the high bits of a hash.
    private static func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> (64 - recentTextBits))
    }

    /// FNV-1a over `bytes`, mixed so that its high bits depend on every byte.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash &* 0x9E37_79B9_7F4A_7C15
    }

    /// Whether two texts have the same UTF-8 bytes, compared in their contiguous storage
    /// when both have it (native strings do).
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let inPlace = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                guard let l = left.baseAddress, let r = right.baseAddress else { return left.count == right.count }
                return memcmp(l, r, left.count) == 0
            }
        }
        return inPlace.flatMap { $0 } ?? a.utf8.elementsEqual(b.utf8)
    }

    /// The two words a String is made of.
    private static func bits(of text: String) -> (UInt64, UInt64) {
        withUnsafeBytes(of: text) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
    }

    /// An array position as stored. Every position fits: nodes are checked against
    /// ``LoadingLimits/maximumNodes`` (which the builder caps at ``NodeRecord/maximumCount``)
    /// before one is added, texts are at most one per scalar node, and links against
    /// `Int32.max` when a collection closes.
    private static func index(_ position: Int) -> Int32 { Int32(truncatingIfNeeded: position) }
}

// MARK: Keys

extension DocumentTreeBuilder {
    private func isScalar(_ node: Int32) -> Bool { records[Int(node)].kind == .scalar }

    private func scalarText(_ node: Int32) -> String? {
        let record = records[Int(node)]
        return record.kind == .scalar ? texts[Int(record.payload)] : nil
    }

    /// The first key of open mapping `top` equal to `key`.
    private func existingKey(_ key: Int32, hash: Int, in top: Int) -> Int32? {
        existingKey(key, hash: hash, indexed: open[top].keys, pairsFrom: open[top].first)
    }

    /// The first key equal to `key` among `keys` (when it is indexed, or for a complex
    /// key) or else among the pairs in `pending` from `pairsFrom` on.
    private func existingKey(_ key: Int32, hash: Int, indexed keys: KeyIndex, pairsFrom first: Int?) -> Int32? {
        guard let text = scalarText(key) else {
            return keys.complex[hash]?.first { sameContent($0, key) }
        }
        if keys.isIndexed { return keys.byText[text] }
        guard let first else { return nil }
        var position = first
        while position < pending.count {
            let candidate = pending[position]
            if let other = scalarText(candidate), other == text { return candidate }
            position += 2
        }
        return nil
    }

    /// Records `key`, just appended to open mapping `top`, which now has `entryCount` entries.
    private mutating func register(_ key: Int32, hash: Int, entryCount: Int, in top: Int) {
        let text = scalarText(key)
        if text == nil || open[top].keys.isIndexed {
            Self.register(key, text: text, hash: hash, in: &open[top].keys)
        } else if entryCount > Self.indexThreshold {
            indexAllKeys(of: top)
        }
    }

    private static func register(_ key: Int32, text: String?, hash: Int, in keys: inout KeyIndex) {
        if let text {
            if keys.byText[text] == nil { keys.byText[text] = key }
        } else {
            keys.complex[hash, default: []].append(key)
        }
    }

    /// Indexes the scalar keys of open mapping `top` by text (complex keys always are).
    private mutating func indexAllKeys(of top: Int) {
        guard !open[top].keys.isIndexed else { return }
        var keys = open[top].keys
        keys.isIndexed = true
        keys.byText.reserveCapacity((pending.count - open[top].first))
        var position = open[top].first
        while position < pending.count {
            let key = pending[position]
            if let text = scalarText(key), keys.byText[text] == nil { keys.byText[text] = key }
            position += 2
        }
        open[top].keys = keys
    }

    /// A hash of a node's content — kinds, texts, tags and shape in pre-order, not
    /// positions — equal for nodes that ``sameContent(_:_:)`` calls the same. Iterative,
    /// O(size of the node).
    private func contentHash(_ node: Int32) -> Int {
        var hasher = Hasher()
        var stack: [Int32] = [node]
        while let next = stack.popLast() {
            let record = records[Int(next)]
            hasher.combine(record.kind.rawValue)
            hasher.combine(tag(of: next))
            switch record.kind {
            case .scalar:
                hasher.combine(texts[Int(record.payload)])
            case .sequence, .mapping:
                hasher.combine(record.count)
                let children = Int(record.count) * (record.kind == .mapping ? 2 : 1)
                for child in stride(from: children - 1, through: 0, by: -1) {
                    stack.append(links[Int(record.payload) + child])
                }
            }
        }
        return hasher.finalize()
    }

    /// Whether two nodes have the same shape, scalar texts (whatever their style) and
    /// tags, wherever they are. Iterative, O(size of the smaller node).
    private func sameContent(_ a: Int32, _ b: Int32) -> Bool {
        var stack: [(Int32, Int32)] = [(a, b)]
        while let (left, right) = stack.popLast() {
            guard left != right else { continue }
            let l = records[Int(left)]
            let r = records[Int(right)]
            guard l.kind == r.kind, l.count == r.count, tag(of: left) == tag(of: right) else { return false }
            switch l.kind {
            case .scalar:
                guard texts[Int(l.payload)] == texts[Int(r.payload)] else { return false }
            case .sequence, .mapping:
                let children = Int(l.count) * (l.kind == .mapping ? 2 : 1)
                for child in 0..<children {
                    stack.append((links[Int(l.payload) + child], links[Int(r.payload) + child]))
                }
            }
        }
        return true
    }
}
