internal import CYAML
import FlowSource

extension SourceLocator {
    /// The one place a libyaml mark becomes a ``SourcePosition``.
    ///
    /// Only `mark.index` is used: libyaml counts it in Unicode scalars from the start of
    /// the text, without a leading BOM, CR and LF counting one each (checked against
    /// libyaml 0.2.5). Its 0-based `line`/`column` are not used because libyaml also
    /// breaks lines at U+0085, U+2028 and U+2029, which ``SourceFile`` does not.
    mutating func location(of mark: yaml_mark_t) -> SourcePosition {
        location(atScalarIndex: Int(mark.index))
    }
}
