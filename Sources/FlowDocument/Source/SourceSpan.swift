/// A half-open range `[start, end)` of a source file, with the file's path.
///
/// `end` is the position just after the last character of the spanned text; for a
/// zero-width span (`start == end`) the span marks a point, e.g. the place where a
/// missing key should go.
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    /// The path as given by the user (not made absolute), e.g. `flows/a.yaml`.
    public var file: String
    public var start: SourceLocation
    public var end: SourceLocation

    public init(file: String, start: SourceLocation, end: SourceLocation) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// A zero-width span at `location`.
    public init(file: String, at location: SourceLocation) {
        self.init(file: file, start: location, end: location)
    }

    /// `file:line:column` of the start, the form compilers and editors understand.
    public var description: String { "\(file):\(start.line):\(start.column)" }
}
