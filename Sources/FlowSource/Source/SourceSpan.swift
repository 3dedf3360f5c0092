/// A half-open range `[start, end)` of a source file, with the file's path.
///
/// `end` is the position just after the last character of the spanned text; for a
/// zero-width span (`start == end`) the span marks a point, e.g. the place where a
/// missing key should go.
///
/// Representation: the path is kept as a number in a process-wide table of paths
/// (``file`` reads and writes it as a `String`), so that copying a span involves no
/// reference counting and a span takes 32 bytes; reading or setting ``file`` takes a lock.
/// Two spans are equal when their paths are equal strings and their locations equal.
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    /// The number of the path in ``SourcePathTable/shared``.
    private(set) var fileID: Int
    public var start: SourcePosition
    public var end: SourcePosition

    /// The path as given by the user (not made absolute), e.g. `flows/a.yaml`.
    public var file: String {
        get { SourcePathTable.shared.path(for: fileID) }
        set { fileID = SourcePathTable.shared.id(for: newValue) }
    }

    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.init(fileID: SourcePathTable.shared.id(for: file), start: start, end: end)
    }

    /// A zero-width span at `location`.
    public init(file: String, at location: SourcePosition) {
        self.init(file: file, start: location, end: location)
    }

    /// A span of the file numbered `fileID` (see ``SourceFile/pathID``): what loaders
    /// use, so that making a span takes no lock.
    package init(fileID: Int, start: SourcePosition, end: SourcePosition) {
        self.fileID = fileID
        self.start = start
        self.end = end
    }

    /// The zero-width span at this span's start, in the same file.
    public var startPoint: SourceSpan {
        SourceSpan(fileID: fileID, start: start, end: start)
    }

    /// `file:line:column` of the start, the form compilers and editors understand.
    public var description: String { "\(file):\(start.line):\(start.column)" }
}
