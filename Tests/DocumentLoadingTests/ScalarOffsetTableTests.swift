import FlowSource
import Testing

/// ``ScalarOffsetTable`` against the standard library's own count: the offset of scalar
/// `i` is the UTF-8 length of the scalars before it, whatever order indexes are asked in.
@Suite("Scalar offsets")
struct ScalarOffsetTableTests {
    /// Two-, three- and four-byte scalars (é, …, 😀), runs of ASCII longer than eight
    /// bytes between them, a CRLF, and a multi-byte scalar first and last.
    static let text = "éa😀bcdefghijklmnop…\r\nq€😀😀rstuvwxyz0123456789é"

    /// The offset of every scalar index, and of the index just past the end.
    static var expected: [Int] {
        var offsets: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            offsets.append(offset)
            offset += String(scalar).utf8.count
        }
        return offsets + [offset]
    }

    @Test("every index, asked in increasing order, gives the bytes of the scalars before it")
    func increasing() {
        var table = ScalarOffsetTable(bytes: Array(Self.text.utf8), from: 0)
        #expect(!table.hasUnicodeLineBreaks)
        #expect(Self.expected.indices.map { table.offset(ofScalarIndex: $0) } == Self.expected)
    }

    @Test("indexes asked backwards, and in an order that jumps both ways, give the same offsets")
    func anyOrder() {
        var table = ScalarOffsetTable(bytes: Array(Self.text.utf8), from: 0)
        let backwards = Array(Self.expected.indices.reversed())
        #expect(backwards.map { table.offset(ofScalarIndex: $0) } == backwards.map { Self.expected[$0] })
        // A fixed permutation (multiplying by 7 modulo a prime above the count) jumps far.
        let count = Self.expected.count
        let jumping = (0..<count).map { ($0 * 7) % 53 }.filter { $0 < count }
        #expect(jumping.count > count / 2)
        #expect(jumping.map { table.offset(ofScalarIndex: $0) } == jumping.map { Self.expected[$0] })
    }

    @Test("a BOM is skipped: offsets count from where the table starts")
    func fromStart() {
        var table = ScalarOffsetTable(bytes: [0xEF, 0xBB, 0xBF] + Array(Self.text.utf8), from: 3)
        #expect(Self.expected.indices.map { table.offset(ofScalarIndex: $0) } == Self.expected)
    }

    @Test("U+0085, U+2028 and U+2029 are noticed, and no other character is",
          arguments: [("a\u{85}b", true), ("a\u{2028}b", true), ("a\u{2029}b", true), ("a\u{2027}\u{202A}\u{84}b", false)])
    func unicodeLineBreaks(text: String, noticed: Bool) {
        #expect(ScalarOffsetTable(bytes: Array(text.utf8), from: 0).hasUnicodeLineBreaks == noticed)
    }

    @Test("a sequence cut short at the end of the bytes is one scalar, and the table stays in bounds")
    func truncated() {
        var table = ScalarOffsetTable(bytes: [0x61, 0xF0, 0x9F], from: 0)
        #expect([0, 1, 2].map { table.offset(ofScalarIndex: $0) } == [0, 1, 5])
    }
}
