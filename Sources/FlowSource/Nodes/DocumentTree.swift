/// The nodes of one loaded document, stored flat in a few arrays rather than as a tree
/// of separately allocated values.
///
/// Each node is a fixed-size record (positions, kind, style, tag and where its text or
/// children are); scalar texts are kept once, in one array; the children of every
/// collection are runs of node indices in one array. A ``Node`` is a view of one
/// record, so walking, copying and dropping a tree allocates nothing per node, and the
/// file's path is held once per document rather than once per span.
///
/// Memory: about 40 bytes per node, plus the scalar texts and four bytes per child.
/// An alias expanded by the YAML loader is stored once and referred to by every use.
/// Immutable once built (by ``DocumentTreeBuilder``), hence `Sendable`.
package final class DocumentTree: Sendable {
    /// The path of the file the document was read from, as given by the user.
    package let file: String
    let records: [NodeRecord]
    let links: [Int32]
    let texts: [String]
    let tags: [String]

    init(file: String, records: [NodeRecord], links: [Int32], texts: [String], tags: [String]) {
        self.file = file
        self.records = records
        self.links = links
        self.texts = texts
        self.tags = tags
    }

    /// The number of node records stored: every scalar and collection written (an alias's
    /// target once, however often it is used), plus one per alias used as a key (it has
    /// its own span); entries dropped as duplicates and `<<` entries still have theirs.
    package var nodeCount: Int { records.count }
}
