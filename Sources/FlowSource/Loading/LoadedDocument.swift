/// The result of loading one file: its root node when the text could be parsed, and
/// every problem found on the way.
///
/// `root` is `nil` when the syntax is broken beyond recovery (a parse error) or the
/// file is empty; in that case `diagnostics` holds at least one error. `root` can be
/// present together with errors that do not stop parsing (duplicate keys: the first
/// occurrence is kept).
package struct LoadedDocument: Sendable {
    /// The file as read: its path and raw bytes (no bytes when it could not be read).
    package var source: SourceFile
    /// The syntax the text was parsed as: given by the caller, or from the path's extension.
    package var format: DocumentFormat
    package var root: Node?
    /// Every problem found while loading, in source order, each with a span (an `io-error`
    /// is at 1:1); empty for a clean file.
    package var diagnostics: [Diagnostic]
    /// Errors found past ``LoadingLimits/diagnosticLimit``, counted but not kept in
    /// `diagnostics`.
    package var omittedDiagnostics = 0
    /// Where the first of those was found.
    package var firstOmittedSpan: SourceSpan?
    /// The anchors (`&name`) and aliases (`*name`) of a YAML file, in file order.
    package var anchorPlaces: [AnchorPlace] = []

    package init(source: SourceFile, format: DocumentFormat, root: Node?, diagnostics: [Diagnostic]) {
        self.source = source
        self.format = format
        self.root = root
        self.diagnostics = diagnostics
    }
}
