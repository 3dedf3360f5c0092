extension UInt8 {
    /// Whether the byte is ASCII white space: U+0009–U+000D and U+0020, exactly the
    /// characters of ASCII with the Unicode `White_Space` property.
    @inlinable package var isASCIIWhitespace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
}

extension StringProtocol {
    /// Whether the text is empty or only white space (`Character.isWhitespace`). ASCII
    /// text is decided from its bytes (``Swift/UInt8/isASCIIWhitespace``), without the
    /// Unicode property tables. O(length). Inlinable, so that it is specialized for the
    /// caller's string type (generic iteration over a protocol is many times slower).
    @inlinable package var isBlank: Bool {
        let utf8 = self.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.allSatisfy(\.isASCIIWhitespace) }
        return allSatisfy(\.isWhitespace)
    }
}
