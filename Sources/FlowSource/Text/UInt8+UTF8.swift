extension UInt8 {
    /// Whether the byte is ASCII white space: U+0009–U+000D and U+0020, exactly the
    /// characters of ASCII with the Unicode `White_Space` property.
    @inlinable package var isASCIIWhitespace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }

    /// The bytes of the UTF-8 sequence this lead byte starts (RFC 3629 §3): 4, 3 or 2 for
    /// `11110xxx`, `1110xxxx`, `110xxxxx`; 1 for ASCII, and for a stray continuation byte,
    /// so that a walk over any bytes moves on. The one reading of a lead byte's length.
    @inlinable package var utf8SequenceLength: Int {
        self >= 0xF0 ? 4 : self >= 0xE0 ? 3 : self >= 0xC0 ? 2 : 1
    }
}
