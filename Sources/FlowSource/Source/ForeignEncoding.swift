/// A UTF-16 or UTF-32 encoding recognised from the first bytes of a file, so that such
/// a file is reported as what it is rather than as invalid UTF-8 at its first byte.
///
/// Detection follows the table of YAML 1.2 §5.2 ("Character Encodings"): a byte order
/// mark (`00 00 FE FF`, `FF FE 00 00`, `FE FF`, `FF FE`), else the NULs around an ASCII
/// first character (`00 00 00 x`, `x 00 00 00`, `00 x`, `x 00`). Without a mark, one
/// ASCII-looking code unit is not enough (binary junk such as `00 'E' 'L' 'F'` has one):
/// each of the first ``textUnitsChecked`` code units (all of a shorter file) must be
/// ASCII text — tab, line feed, carriage return or `20`…`7E` — with zero bytes in the
/// other positions. Anything else is left to the UTF-8 check and the parsers, which
/// report a NUL as a control character at its place. UTF-32 is checked before UTF-16
/// because `FF FE 00 00` starts with the UTF-16 mark. We read UTF-8 only (so does JSON,
/// RFC 8259 §8.1).
enum ForeignEncoding: Equatable {
    case utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian

    /// How many code units of a file without a byte order mark must be ASCII text with
    /// zero bytes around them for the file to be called UTF-16 or UTF-32.
    static let textUnitsChecked = 4

    /// The encoding `bytes` start in, or `nil` for UTF-8 (or anything else). O(1).
    init?(_ bytes: [UInt8]) {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || Self.isASCIIText(bytes, unitSize: 4, textAt: 3) {
            self = .utf32BigEndian
        } else if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || Self.isASCIIText(bytes, unitSize: 4, textAt: 0) {
            self = .utf32LittleEndian
        } else if bytes.starts(with: [0xFE, 0xFF]) || Self.isASCIIText(bytes, unitSize: 2, textAt: 1) {
            self = .utf16BigEndian
        } else if bytes.starts(with: [0xFF, 0xFE]) || Self.isASCIIText(bytes, unitSize: 2, textAt: 0) {
            self = .utf16LittleEndian
        } else {
            return nil
        }
    }

    /// Whether the first ``textUnitsChecked`` whole code units of `unitSize` bytes (at
    /// least one; fewer when the file is shorter) each hold an ASCII text byte at
    /// position `textAt` and zero bytes elsewhere.
    private static func isASCIIText(_ bytes: [UInt8], unitSize: Int, textAt: Int) -> Bool {
        let units = min(textUnitsChecked, bytes.count / unitSize)
        guard units > 0 else { return false }
        for unit in 0..<units {
            for position in 0..<unitSize {
                let byte = bytes[unit * unitSize + position]
                if position == textAt {
                    guard byte == 0x09 || byte == 0x0A || byte == 0x0D || (0x20...0x7E).contains(byte) else { return false }
                } else if byte != 0 {
                    return false
                }
            }
        }
        return true
    }

    /// `UTF-16 (little-endian)`, as messages name it.
    var name: String {
        switch self {
        case .utf16LittleEndian: "UTF-16 (little-endian)"
        case .utf16BigEndian: "UTF-16 (big-endian)"
        case .utf32LittleEndian: "UTF-32 (little-endian)"
        case .utf32BigEndian: "UTF-32 (big-endian)"
        }
    }

    /// `invalid-utf8`: `file is UTF-16 (little-endian); save it as UTF-8`, at 1:1.
    package func diagnostic(for source: SourceFile) -> Diagnostic {
        let start = SourcePosition(line: 1, column: 1, offset: 0)
        return .error(
            .invalidUTF8, "file is \(name); save it as UTF-8",
            at: SourceSpan(file: source.path, at: start),
            hint: "most editors can change a file's encoding when saving it")
    }
}
