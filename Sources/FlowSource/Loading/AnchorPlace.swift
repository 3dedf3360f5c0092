/// Where a YAML file writes an anchor (`&name`, on the node it names) or an alias
/// (`*name`, standing for that node): what an editor's go to definition and find
/// references of anchors read. The span covers `&name` or `*name`, the sign included.
package struct AnchorPlace: Sendable, Hashable {
    /// The name, without `&` or `*`.
    package var name: String
    /// `&name` or `*name` in the file.
    package var span: SourceSpan
    /// Whether this is an alias (`*name`) rather than the anchor.
    package var isAlias: Bool

    package init(name: String, span: SourceSpan, isAlias: Bool) {
        self.name = name
        self.span = span
        self.isAlias = isAlias
    }
}
