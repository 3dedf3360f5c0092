/// A UTF-16 or UTF-32 encoding recognised from the first bytes of a file, so that such
/// a file is reported as what it is rather than as invalid UTF-8 at its first byte.
///
/// Detection follows the table of YAML 1.2 §5.2 ("Character Encodings"): a byte order
/// mark (`00 00 FE FF`, `FF FE 00 00`, `FE FF`, `FF FE`), else the NULs around an ASCII
/// first character (`00 00 00 x`, `x 00 00 00`, `00 x`, `x 00`). UTF-32 is checked
/// before UTF-16 because `FF FE 00 00` starts with the UTF-16 mark. We read UTF-8 only
/// (so does JSON, RFC 8259 §8.1).
enum ForeignEncoding: Equatable {
    case utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian

    /// The encoding `bytes` start in, or `nil` for UTF-8 (or anything else). O(1).
    init?(_ bytes: [UInt8]) {
        func starts(_ pattern: [UInt8?]) -> Bool {
            guard bytes.count >= pattern.count else { return false }
            for (index, expected) in pattern.enumerated() {
                if let expected {
                    if bytes[index] != expected { return false }
                } else if bytes[index] == 0 {
                    return false  // the ASCII first character is not NUL
                }
            }
            return true
        }
        if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0x00, 0x00, 0x00, nil]) {
            self = .utf32BigEndian
        } else if starts([0xFF, 0xFE, 0x00, 0x00]) || starts([nil, 0x00, 0x00, 0x00]) {
            self = .utf32LittleEndian
        } else if starts([0xFE, 0xFF]) || starts([0x00, nil]) {
            self = .utf16BigEndian
        } else if starts([0xFF, 0xFE]) || starts([nil, 0x00]) {
            self = .utf16LittleEndian
        } else {
            return nil
        }
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
            "invalid-utf8", "file is \(name); save it as UTF-8",
            at: SourceSpan(file: source.path, at: start),
            hint: "most editors can change a file's encoding when saving it")
    }
}
