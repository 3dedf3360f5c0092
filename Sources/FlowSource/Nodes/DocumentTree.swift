/// The nodes of one loaded document, stored flat in a few arrays rather than as a tree
/// of separately allocated values.
///
/// Each node is a fixed-size record (positions, kind, style, count and where its text or
/// children are); scalar texts are kept in one array, a text written many times (a key,
/// `true`, a short value) once; the children of every collection are runs of node indices
/// in one array. A ``Node`` is a view of one record, so walking, copying and dropping a
/// tree allocates nothing per node, and the file's path is held once per document rather
/// than once per span.
///
/// Memory: 24 bytes per node, plus the scalar texts (16 bytes each, and the storage of
/// those longer than 15 UTF-8 bytes) and four bytes per child. An alias expanded by the
/// YAML loader is stored once and referred to by every use.
/// Immutable once built (by ``DocumentTreeBuilder``), hence `Sendable`.
package final class DocumentTree: Sendable {
    /// The path of the file the document was read from, as given by the user.
    package var file: String { path.text }
    /// The same path, as every span of the document holds it.
    package let path: SourcePath
    let records: [NodeRecord]
    /// The ends the records do not hold themselves (``NodeRecord/Ends``).
    let ends: NodeRecord.Ends
    let links: [Int32]
    let texts: [String]
    /// The explicit tags, by node index: few nodes have one.
    let tags: [Int32: String]

    init(path: SourcePath, records: [NodeRecord], ends: NodeRecord.Ends, links: [Int32], texts: [String], tags: [Int32: String]) {
        self.path = path
        self.records = records
        self.ends = ends
        self.links = links
        self.texts = texts
        self.tags = tags
    }

    /// The number of node records stored: every scalar and collection written (an alias's
    /// target once, however often it is used), plus one per alias used as a key (it has
    /// its own span); entries dropped as duplicates and `<<` entries still have theirs.
    package var nodeCount: Int { records.count }

    /// The explicit tag of the node at `index`, or `nil`. O(1).
    func tag(of index: Int32) -> String? {
        tags.isEmpty ? nil : tags[index]
    }
}
