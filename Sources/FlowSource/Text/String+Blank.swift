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
