/// The outcome of checking a file's bytes before parsing: whether they are well-formed
/// UTF-8, where the first bad byte is, and whether a UTF-8 BOM leads the file.
///
/// Well-formedness follows the Unicode Standard, Table 3-7 (no overlong forms, no
/// surrogates U+D800–U+DFFF, nothing above U+10FFFF). One pass, O(n); ASCII runs are
/// checked eight bytes at a time.
package struct UTF8Validation {
    /// 3 when the file starts with EF BB BF, else 0.
    package let bomLength: Int
    /// The byte offset of the first byte that does not start a well-formed sequence.
    let firstInvalidOffset: Int?
    /// Whether every byte after the BOM is ASCII (then byte offsets, scalar counts and
    /// columns move together).
    package let isASCII: Bool

    package init(_ bytes: [UInt8]) {
        bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var invalid: Int?
        var sawNonASCII = false
        let bomLength = bomLength
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var index = 0
            while index < count {
                // Fast path: skip whole words of ASCII.
                if index + 8 <= count,
                    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                        & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                    continue
                }
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                if index >= bomLength { sawNonASCII = true }
                let width = UTF8Validation.sequenceWidth(buffer, at: index)
                if width == 0 {
                    invalid = index
                    return
                }
                index += width
            }
        }
        firstInvalidOffset = invalid
        isASCII = !sawNonASCII
    }

    /// The length of the well-formed sequence starting at `index` with a non-ASCII lead
    /// byte, or 0 when it is ill-formed (Unicode Table 3-7).
    private static func sequenceWidth(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = buffer[index]
        let count = buffer.count
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            index + offset < count && (low...high).contains(buffer[index + offset])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// The diagnostic for a UTF-16 or UTF-32 file (``ForeignEncoding``: well-formed
    /// UTF-8 too when it is NUL-interleaved ASCII), else for the first bad byte, or `nil`
    /// when the bytes are well-formed UTF-8.
    package func diagnostic(for source: SourceFile) -> Diagnostic? {
        if bomLength == 0, let encoding = ForeignEncoding(source.bytes) { return encoding.diagnostic(for: source) }
        guard let offset = firstInvalidOffset else { return nil }
        var locator = SourceLocator(bytes: source.bytes, bomLength: bomLength)
        let start = locator.location(atByteOffset: offset)
        var end = start
        end.offset += 1
        end.column += 1
        let hex = String(source.bytes[offset], radix: 16, uppercase: true)
        return .error(
            .invalidUTF8, "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" : "")\(hex)",
            at: SourceSpan(file: source.path, start: start, end: end),
            hint: "save the file as UTF-8")
    }
}
