import Foundation
import FlowSource
import Testing

/// Positions: 1-based lines, columns in Unicode scalars, byte offsets into the file as
/// read. Expected values counted by hand from the fixture (offsets with Python's
/// `bytes.index`).
@Suite("YAML positions")
struct YAMLPositionTests {
    /// `café: "é"` / `list:` / `  - ümlaut: x` / `    key: [a, b]` / `text: |` /
    /// `  one` / `  two` / `end: z`
    func check(_ name: String, offsets: [Int]) throws {
        let document = Fixtures.load(name)
        #expect(document.diagnostics.isEmpty)
        let root = try #require(document.root)
        let entries = try #require(root.mapping)
        #expect(entries.map(\.keyText) == ["café", "list", "text", "end"])

        #expect(entries[0].key.range == "1:1-1:5")
        #expect(entries[0].value.range == "1:7-1:10")
        #expect(entries[0].value.string == "é")
        #expect(entries[1].key.range == "2:1-2:5")

        let list = try #require(root["list"])
        #expect(list.range == "3:3-4:16")
        let item = try #require(list.sequence?.first)
        #expect(item.at == "3:5")
        let itemEntries = try #require(item.mapping)
        #expect(itemEntries[0].key.range == "3:5-3:11")
        #expect(itemEntries[0].value.range == "3:13-3:14")
        #expect(itemEntries[1].key.range == "4:5-4:8")
        #expect(itemEntries[1].value.range == "4:10-4:16")
        #expect(itemEntries[1].value.sequence?.map(\.at) == ["4:11", "4:14"])

        let text = try #require(root["text"])
        #expect(text.at == "5:7")
        #expect(text.string == "one\ntwo\n")
        #expect(entries[3].key.at == "8:1")
        #expect(entries[3].value.range == "8:6-8:7")
        #expect(root.range == "1:1-8:7")

        let measured = [
            entries[0].value.span.start.offset, entries[1].key.span.start.offset,
            itemEntries[0].key.span.start.offset, itemEntries[1].value.span.start.offset,
            text.span.start.offset, entries[3].key.span.start.offset, entries[3].value.span.start.offset,
        ]
        #expect(measured == offsets)
    }

    /// `a: "€😀…"` / `b: [x, 😀y]` / `# 😀 a comment with … in it` / `c: z`: characters of
    /// three and four bytes before and between nodes, and in a comment.
    @Test("characters of three and four UTF-8 bytes are one column each, and offsets count their bytes")
    func wideCharacters() throws {
        let document = Fixtures.load("positions-wide.yaml")
        #expect(document.diagnostics.isEmpty)
        let root = try #require(document.root)
        let a = try #require(root["a"]), b = try #require(root["b"]?.sequence), c = try #require(root.mapping?.last)
        #expect(a.range == "1:4-1:9")
        #expect(b.map(\.range) == ["2:5-2:6", "2:8-2:10"])
        #expect(c.key.range == "4:1-4:2")
        #expect(c.value.range == "4:4-4:5")
        // Byte offsets from Python's `bytes.index` on the file.
        let offsets: [Int] = [
            a.span.start.offset, b[1].span.start.offset, b[1].span.end.offset, c.key.span.start.offset, c.value.span.start.offset,
        ]
        #expect(offsets == [3, 23, 28, 62, 65])
    }

    @Test("columns count Unicode scalars: é is one column, offsets count its two bytes")
    func lineFeedFile() throws {
        try check("positions-lf.yaml", offsets: [7, 12, 22, 42, 55, 69, 74])
    }

    @Test("a leading BOM and CRLF line ends do not shift lines or columns")
    func bomAndCRLF() throws {
        try check("positions-bom-crlf.yaml", offsets: [10, 16, 27, 48, 62, 79, 84])
    }

    @Test("every node of the CRLF+BOM file is at the same line:column as in the LF file")
    func sameLinesAndColumns() throws {
        func positions(_ node: Node) -> [String] {
            switch node.kind {
            case .scalar: return [node.range]
            case .sequence(let items): return [node.range] + items.flatMap(positions)
            case .mapping(let entries):
                return [node.range] + entries.flatMap { [$0.key.range] + positions($0.value) }
            }
        }
        let lf = try #require(Fixtures.load("positions-lf.yaml").root)
        let crlf = try #require(Fixtures.load("positions-bom-crlf.yaml").root)
        #expect(positions(lf) == positions(crlf))
        #expect(positions(lf).count == 16)
    }

    @Test("spans name the file path as given")
    func filePath() throws {
        let root = try #require(Fixtures.load("positions-lf.yaml").root)
        #expect(root.span.file == "positions-lf.yaml")
        #expect(root["end"]?.span.description == "positions-lf.yaml:8:6")
    }
}

@Suite("YAML collection spans")
struct YAMLCollectionSpanTests {
    @Test("a block collection ends after its last value, not at the comments that follow")
    func blockEnd() throws {
        let root = try #require(Fixtures.load("trailing-comment.yaml").root)
        #expect(root.range == "1:1-4:6")
        #expect(root["b"]?.range == "3:3-4:6")
    }
}

@Suite("YAML line breaks")
struct YAMLLineBreakTests {
    /// `a: x<U+2028>y` / `b: 1`. libyaml (YAML 1.1) breaks the line at U+2028 and fails
    /// at `b`, which by its own count is line 3, column 1; by ours (LF, CRLF, CR, as
    /// `SourceFile` splits lines) `b` is at 2:1 and the `y` that started the key at 1:6.
    @Test("U+2028 does not start a new line for positions, even where libyaml breaks there")
    func lineSeparator() throws {
        let document = Fixtures.load("line-separator.yaml")
        #expect(document.codes == ["syntax-error@2:1"])
        let message = try #require(document.diagnostics.first?.message)
        #expect(message.hasSuffix("(while scanning a simple key at 1:6)"))
        #expect(document.source.line(2) == "b: 1")
    }
}

/// Where the text holds no U+0085, U+2028 or U+2029, the loader reads lines and columns
/// from libyaml's marks (ASCII or not); every position must be the one its byte offset
/// gives by the definition of ``SourcePosition`` (lines end at LF, CRLF or a lone CR, not
/// at U+0085, U+2028 or U+2029; columns count Unicode scalars from 1, after the BOM),
/// counted here from the bytes themselves.
@Suite("YAML positions against their byte offsets")
struct YAMLASCIIPositionTests {
    /// `line:column` of byte `offset`, counted from the start of `bytes`.
    static func expectedPosition(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var column = 1
        var position = bom
        while position < min(offset, bytes.count) {
            let byte = bytes[position]
            if byte == 0x0A || (byte == 0x0D && (position + 1 >= bytes.count || bytes[position + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // a UTF-8 continuation byte is part of the scalar before it
            }
            position += 1
        }
        return (line, column)
    }

    static func nodes(_ root: Node) -> [Node] {
        var all: [Node] = []
        var pending = [root]
        while let node = pending.popLast() {
            all.append(node)
            switch node.kind {
            case .scalar: break
            case .sequence(let items): pending.append(contentsOf: items)
            case .mapping(let entries): for entry in entries { pending.append(entry.key); pending.append(entry.value) }
            }
        }
        return all
    }

    static let fixtures: [String] = {
        let folder = Fixtures.url("")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    @Test("every node of every YAML fixture, ASCII or not, starts and ends at the line:column its byte offset gives")
    func linesAndColumnsMatchOffsets() throws {
        let nonASCII = Self.fixtures.filter { name in
            Fixtures.bytes(name).dropFirst(Fixtures.bytes(name).starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0).contains { $0 >= 0x80 }
        }
        #expect(Self.fixtures.count > 40)
        #expect(nonASCII.count > 5)
        for name in Self.fixtures {
            let bytes = Fixtures.bytes(name)
            guard let root = Fixtures.load(name).root else { continue }
            for node in Self.nodes(root) {
                for position in [node.span.start, node.span.end] {
                    let expected = Self.expectedPosition(of: position.offset, in: bytes)
                    #expect(
                        position.line == expected.line && position.column == expected.column,
                        "\(name): \(position) at offset \(position.offset), expected \(expected.line):\(expected.column)")
                }
            }
        }
    }
}
