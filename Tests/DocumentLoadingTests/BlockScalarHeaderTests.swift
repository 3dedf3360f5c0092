import FlowSource
import Testing

/// Block scalar headers as YAML 1.2 §8.1.1 defines them: `|` or `>`, then a chomping
/// indicator and an indentation indicator (1–9) in either order, each at most once.
@Suite("Block scalar headers")
struct BlockScalarHeaderTests {
    static func header(_ text: String, at start: Int = 0) -> BlockScalarHeader? {
        let bytes = Array(text.utf8)
        return BlockScalarHeader.read(bytes, at: start, end: bytes.count)
    }

    @Test(
        "the indicators in either order; what follows them is not read",
        arguments: [
            ("|", true, BlockScalarHeader.Chomping.clip, nil, 1),
            (">-", false, .strip, nil, 2),
            ("|+2", true, .keep, 2, 3),
            (">9+ # c", false, .keep, 9, 3),
            ("|--", true, .strip, nil, 2),  // a second chomping indicator is not part of the header
            ("|0", true, .clip, nil, 1),  // 0 is no indentation indicator
            ("|22", true, .clip, 2, 2),
        ] as [(String, Bool, BlockScalarHeader.Chomping, Int?, Int)])
    func indicators(_ text: String, literal: Bool, chomping: BlockScalarHeader.Chomping, indentation: Int?, end: Int) throws {
        let header = try #require(Self.header(text))
        #expect(header.isLiteral == literal)
        #expect(header.chomping == chomping)
        #expect(header.indentation == indentation)
        #expect(header.indicatorsEnd == end)
    }

    @Test("no header where there is no | or >")
    func noHeader() {
        #expect(Self.header("text") == nil)
        #expect(Self.header("") == nil)
        #expect(Self.header("|", at: 1) == nil)
    }

    @Test(
        "a node's content starts after its anchor and tags, and the blanks, line breaks and comments after them",
        arguments: [
            ("&a !!str # why | not\n  ", "|+\n"),
            ("&a\t!<tag:yaml.org,2002:str>\r\n  ", ">-\r\n"),
            ("!local &b\t# c\r\n\t ", "|2\n"),
        ])
    func contentAfterProperties(properties: String, header: String) {
        let bytes = Array((properties + header).utf8)
        let start = YAMLNodeProperties.contentOffset(in: bytes, from: 0, end: bytes.count)
        #expect(start == properties.utf8.count)
        #expect(BlockScalarHeader.read(bytes, at: start, end: bytes.count) != nil)
    }

    @Test("a node without properties starts where its span does; properties alone end at the span's end")
    func noProperties() {
        #expect(YAMLNodeProperties.contentOffset(in: Array("plain".utf8), from: 0, end: 5) == 0)
        #expect(YAMLNodeProperties.contentOffset(in: Array("|-".utf8), from: 0, end: 2) == 0)
        #expect(YAMLNodeProperties.contentOffset(in: Array("&a # c".utf8), from: 0, end: 6) == 6)
    }
}
