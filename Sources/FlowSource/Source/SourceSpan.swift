/// A half-open range `[start, end)` of a source file, with the file's path.
///
/// `end` is the position just after the last character of the spanned text; for a
/// zero-width span (`start == end`) the span marks a point, e.g. the place where a
/// missing key should go. Two spans are equal when their paths are equal strings and
/// their positions equal. A span is a plain value: it holds its path itself, so it needs
/// no table shared by the process.
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    /// The path as given by the user (not made absolute), e.g. `flows/a.yaml`.
    public var file: String
    /// The position of the first spanned character.
    public var start: SourcePosition
    /// The position just after the last spanned character (exclusive).
    public var end: SourcePosition

    /// The span `[start, end)` of the file at `file`.
    package init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// A zero-width span at `location`.
    package init(file: String, at location: SourcePosition) {
        self.init(file: file, start: location, end: location)
    }

    /// The zero-width span at this span's start, in the same file.
    package var startPoint: SourceSpan {
        SourceSpan(file: file, start: start, end: start)
    }

    /// `file:line:column` of the start, the form compilers and editors understand.
    public var description: String { "\(file):\(start.line):\(start.column)" }
}
