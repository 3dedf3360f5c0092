internal import CYAML
import FlowSource

extension SourceLocator {
    /// The one place a libyaml mark becomes a ``SourcePosition``.
    ///
    /// libyaml counts `mark.index` in Unicode scalars from the start of the text, without
    /// a leading BOM, CR and LF counting one each, and `line`/`column` from 0, the column
    /// in scalars (checked against libyaml 0.2.5). Its lines also break at U+0085, U+2028
    /// and U+2029, which ``SourceFile`` does not, so its `line`/`column` are used only
    /// when the text holds none of them and the mark is before the end of the text (at
    /// the end libyaml adds a line break the text may not have), the byte offset found
    /// from the index (``SourceLocator/position(ofScalarIndex:line:column:)``); otherwise
    /// the index is walked to.
    mutating func location(of mark: yaml_mark_t) -> SourcePosition {
        position(ofScalarIndex: Int(mark.index), line: Int(mark.line) + 1, column: Int(mark.column) + 1)
            ?? location(atScalarIndex: Int(mark.index))
    }
}
