/// A half-open range `[start, end)` of a source file, with the file's path.
///
/// `end` is the position just after the last character of the spanned text; for a
/// zero-width span (`start == end`) the span marks a point, e.g. the place where a
/// missing key should go. Two spans are equal when their paths are equal strings and
/// their positions equal. A span is a plain value: it holds its path itself (one object
/// the spans of one document share, a word in each), so it needs no table shared by
/// the process.
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    /// The path as given by the user (not made absolute), e.g. `flows/a.yaml`.
    public var file: String {
        get { path.text }
        set { path = SourcePath(newValue) }
    }
    /// The path, as held by every span made from one loaded document.
    package private(set) var path: SourcePath
    /// The position of the first spanned character.
    public var start: SourcePosition
    /// The position just after the last spanned character (exclusive).
    public var end: SourcePosition

    /// The span `[start, end)` of the file at `file`.
    package init(file: String, start: SourcePosition, end: SourcePosition) {
        self.init(path: SourcePath(file), start: start, end: end)
    }

    /// The span `[start, end)` of the file at `path`, sharing it.
    package init(path: SourcePath, start: SourcePosition, end: SourcePosition) {
        self.path = path
        self.start = start
        self.end = end
    }

    /// A zero-width span at `location`.
    package init(file: String, at location: SourcePosition) {
        self.init(file: file, start: location, end: location)
    }

    /// A zero-width span at `location` of the file at `path`, sharing it.
    package init(path: SourcePath, at location: SourcePosition) {
        self.init(path: path, start: location, end: location)
    }

    /// The zero-width span at this span's start, in the same file.
    package var startPoint: SourceSpan {
        SourceSpan(path: path, start: start, end: start)
    }

    /// `file:line:column` of the start, the form compilers and editors understand.
    public var description: String { "\(file):\(start.line):\(start.column)" }

    /// Whether both spans are in files of the same path (as strings) at the same positions.
    public static func == (lhs: SourceSpan, rhs: SourceSpan) -> Bool {
        lhs.start == rhs.start && lhs.end == rhs.end && (lhs.path === rhs.path || lhs.path.text == rhs.path.text)
    }

    /// Hashes the path (as a string) and the positions, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path.text)
        hasher.combine(start)
        hasher.combine(end)
    }
}

/// The path of a source file as the user gave it, held once: every span of a loaded
/// document refers to its document's one (a word in each span, where a copy of the
/// string would take two). Immutable, hence `Sendable`.
package final class SourcePath: Sendable {
    /// The path as given.
    package let text: String

    /// The path `text`.
    package init(_ text: String) {
        self.text = text
    }
}
