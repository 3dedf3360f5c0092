/// A position in a source file.
///
/// `line` and `column` are 1-based. Columns count Unicode scalars from the start of the
/// line (a BOM at the start of the file is not counted; CRLF is one line break), so
/// `"é: x"` puts `x` at column 4 whether `é` is one scalar or written as two UTF-8 bytes.
/// `offset` is the 0-based UTF-8 byte offset into the file as read (including any BOM),
/// used to slice the original text.
///
/// Representation: the three numbers are stored in 32 bits each (12 bytes instead of
/// 24; every node of a loaded tree holds two locations), so values are clamped to
/// `Int32.min...Int32.max`, i.e. positions in files of up to 2 GiB are exact.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32
    private var storedOffset: Int32

    /// 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// 1-based column, counted in Unicode scalars.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// 0-based UTF-8 byte offset into the file's bytes.
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = Int32(clamping: newValue) }
    }

    /// A position at 1-based `line` and `column` (Unicode scalars), with the 0-based byte
    /// `offset` into the file (default 0, for positions made without the file's bytes).
    /// Each value is clamped to `Int32.min...Int32.max`; nothing is checked against a file.
    package init(line: Int, column: Int, offset: Int = 0) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
        storedOffset = Int32(clamping: offset)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }

    /// `line:column`, e.g. `3:7`.
    public var description: String { "\(line):\(column)" }
}
