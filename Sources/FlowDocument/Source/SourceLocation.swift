/// A position in a source file.
///
/// `line` and `column` are 1-based. Columns count Unicode scalars from the start of the
/// line (a BOM at the start of the file is not counted; CRLF is one line break), so
/// `"é: x"` puts `x` at column 4 whether `é` is one scalar or written as two UTF-8 bytes.
/// `offset` is the 0-based UTF-8 byte offset into the file as read (including any BOM),
/// used to slice the original text.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    /// 0-based UTF-8 byte offset into the file's bytes.
    public var offset: Int

    public init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, e.g. `3:7`.
    public var description: String { "\(line):\(column)" }
}
