import FeedbackFlow
import FlowSource
import FlowYAML
import Testing

/// ``ScalarSourceMap``: offsets in a scalar's decoded text → places in the file.
///
/// The fixtures in `Fixtures/scalar-map/` are loaded with the real loader, and every
/// scalar node's text, style and span is mapped. Each mapped span is checked against the
/// file's own bytes (a character maps to itself, an escape to its escape sequence, a fold
/// to a line break, and nothing but white space, line breaks and escaped line breaks lies
/// between two mapped spans) and its line and column against ``SourceLocator`` (which
/// counts them from the start of the file). The exact `line:column` expectations are
/// counted by hand from the fixture text.
@Suite("Scalar source map")
struct ScalarSourceMapTests {
    static let fixtures = [
        "scalar-map/plain.yaml", "scalar-map/single-quoted.yaml", "scalar-map/double-quoted.yaml",
        "scalar-map/block.yaml", "scalar-map/bom-crlf.yaml", "scalar-map/strings.json",
    ]

    /// One scalar node as the loader made it.
    struct ScalarNode {
        let text: String
        let style: ScalarStyle
        let span: SourceSpan
    }

    /// Every scalar node of fixture `name` (keys and values, in document order), and the file.
    static func scalars(in name: String) throws -> (SourceFile, [ScalarNode]) {
        let document = Fixtures.load(name)
        // The anchors there mark scalars for the map, not for aliases: only their notes.
        #expect(document.diagnostics.allSatisfy { $0.code == "unused-anchor" }, "\(name): \(document.codes)")
        var found: [ScalarNode] = []
        var pending = [try #require(document.root)]
        while let node = pending.popLast() {
            switch node.kind {
            case .scalar(let text, let style):
                found.append(ScalarNode(text: text, style: style, span: node.span))
            case .sequence(let items):
                pending.append(contentsOf: items.reversed())
            case .mapping(let entries):
                for entry in entries.reversed() { pending.append(contentsOf: [entry.value, entry.key]) }
            }
        }
        return (document.source, found)
    }

    /// The map of the value at `path` (mapping keys, or list indices as text) in fixture `name`.
    static func map(_ name: String, _ path: String...) throws -> ScalarSourceMap {
        let document = Fixtures.load(name)
        var node = try #require(document.root)
        for step in path {
            if let index = Int(step) {
                let items = try #require(node.sequence)
                node = items[index]
            } else {
                node = try #require(node[step])
            }
        }
        let scalar = try #require(node.scalar)
        return try #require(
            ScalarSourceMap(decoded: scalar.text, style: scalar.style, span: node.span, source: document.source),
            "no map for \(path) of \(name)")
    }

    /// `line:column-line:column` of the decoded scalars `offset ..< offset + length`.
    static func place(_ map: ScalarSourceMap, _ offset: Int, _ length: Int = 1) -> String {
        let span = map.span(offset: offset, length: length)
        return "\(span.start.line):\(span.start.column)-\(span.end.line):\(span.end.column)"
    }

    /// The text of `bytes[range]` (with invalid sequences replaced).
    static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The test's own reading of a double-quoted escape sequence (YAML 1.2 §5.7, JSON
    /// surrogate pairs): the scalar it stands for, or `nil`.
    static func escapeValue(_ escape: String) -> Unicode.Scalar? {
        let simple: [String: UInt32] = [
            "\\0": 0, "\\a": 7, "\\b": 8, "\\t": 9, "\\\t": 9, "\\n": 10, "\\v": 11, "\\f": 12, "\\r": 13,
            "\\e": 0x1B, "\\ ": 0x20, "\\\"": 0x22, "\\/": 0x2F, "\\\\": 0x5C, "\\N": 0x85, "\\_": 0xA0,
            "\\L": 0x2028, "\\P": 0x2029,
        ]
        if let value = simple[escape] { return Unicode.Scalar(value) }
        let units = escape.split(separator: "\\", omittingEmptySubsequences: true).compactMap { part -> UInt32? in
            guard let kind = part.first, "xuU".contains(kind) else { return nil }
            return UInt32(part.dropFirst(), radix: 16)
        }
        if units.count == 2, (0xD800...0xDBFF).contains(units[0]), (0xDC00...0xDFFF).contains(units[1]) {
            return Unicode.Scalar(0x10000 + ((units[0] - 0xD800) << 10) + (units[1] - 0xDC00))
        }
        return units.count == 1 ? Unicode.Scalar(units[0]) : nil
    }

    /// Whether `bytes[range]` is only what decoding drops between two pieces of content:
    /// spaces, tabs, line breaks and (double-quoted) a backslash escaping a line break.
    static func isDropped(_ bytes: [UInt8], _ range: Range<Int>, style: ScalarStyle) -> Bool {
        range.allSatisfy { index in
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: true
            case 0x5C:
                style == .doubleQuoted && index + 1 < range.upperBound
                    && (bytes[index + 1] == 0x0A || bytes[index + 1] == 0x0D)
            default: false
            }
        }
    }

    // MARK: Every scalar of every fixture

    @Test("every scalar node of the fixtures has a map with one entry per decoded Unicode scalar")
    func everyScalarMaps() throws {
        var total = 0
        for name in Self.fixtures {
            let (source, nodes) = try Self.scalars(in: name)
            #expect(nodes.count > 5)
            for node in nodes {
                let map = ScalarSourceMap(decoded: node.text, style: node.style, span: node.span, source: source)
                #expect(map != nil, "\(name): \(node.span) \(node.style) \(node.text.debugDescription)")
                #expect(map?.count == node.text.unicodeScalars.count)
                total += 1
            }
        }
        #expect(total == 77)
    }

    @Test("each decoded scalar maps to itself in the file, or to its escape, or a fold to a line break")
    func sourceTextOfEachScalar() throws {
        let lineBreaks: Set<String> = ["\n", "\r\n", "\r"]
        for name in Self.fixtures {
            let (source, nodes) = try Self.scalars(in: name)
            var locator = SourceLocator(
                bytes: source.bytes, bomLength: source.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
            for node in nodes {
                let map = try #require(
                    ScalarSourceMap(decoded: node.text, style: node.style, span: node.span, source: source))
                let what = "\(name) \(node.span) \(node.text.debugDescription)"
                var previousEnd = node.span.start.offset
                for (offset, scalar) in node.text.unicodeScalars.enumerated() {
                    let span = map.span(offset: offset, length: 1)
                    // Line and column as the file's own locator counts them from byte 0.
                    #expect(locator.location(atByteOffset: span.start.offset) == span.start, "\(what) @\(offset)")
                    #expect(locator.location(atByteOffset: span.end.offset) == span.end, "\(what) @\(offset)")
                    #expect(span.start.offset >= previousEnd, "\(what) @\(offset): overlaps the one before")
                    #expect(span.end.offset <= node.span.end.offset, "\(what) @\(offset): past the node")
                    let written = Self.text(source.bytes, span.start.offset..<span.end.offset)
                    let gap = Self.text(source.bytes, previousEnd..<span.start.offset)
                    previousEnd = span.end.offset
                    if written == String(scalar) { continue }
                    if lineBreaks.contains(written), scalar == "\n" || scalar == " " { continue }
                    if node.style == .singleQuoted, scalar == "'", written == "''" { continue }
                    if node.style == .doubleQuoted, written.hasPrefix("\\"), Self.escapeValue(written) == scalar {
                        continue
                    }
                    let found = "\(written.debugDescription) after \(gap.debugDescription)"
                    Issue.record("\(what) @\(offset): \(String(scalar).debugDescription) maps to \(found)")
                }
                // Between two mapped spans: only what decoding drops.
                for offset in 1..<max(1, map.count) {
                    let previous = map.span(offset: offset - 1, length: 1)
                    let gap = previous.end.offset..<map.span(offset: offset, length: 1).start.offset
                    let dropped = Self.isDropped(source.bytes, gap, style: node.style)
                    #expect(dropped, "\(what) @\(offset): skips \(Self.text(source.bytes, gap).debugDescription)")
                }
                // Quoted scalars: the quotes around the content, nothing else.
                if map.count > 0, node.style == .singleQuoted || node.style == .doubleQuoted {
                    let quote = node.style == .singleQuoted ? "'" : "\""
                    let before = Self.text(
                        source.bytes, node.span.start.offset..<map.span(offset: 0, length: 1).start.offset)
                    let after = Self.text(
                        source.bytes, map.span(offset: map.count - 1, length: 1).end.offset..<node.span.end.offset)
                    #expect(before.hasSuffix(quote) && after.hasSuffix(quote), "\(what)")
                    #expect(
                        after.unicodeScalars.dropLast().allSatisfy { " \t\r\n".unicodeScalars.contains($0) }, "\(what)")
                }
            }
        }
    }

    // MARK: Hand-counted places

    @Test("plain scalars: characters after non-ASCII, a fold's space at its line break, a feed at the empty line")
    func plainPlaces() throws {
        let first = try Self.map("scalar-map/plain.yaml", "café")
        #expect(Self.place(first, 6) == "1:13-1:14")  // 😀
        #expect(Self.place(first, 8, 4) == "1:15-1:19")  // text
        let multi = try Self.map("scalar-map/plain.yaml", "multi")
        #expect(Self.place(multi, 10) == "2:18-3:1")  // the space of the fold, at line 2's break
        #expect(Self.place(multi, 11, 6) == "3:3-3:9")  // second
        #expect(Self.place(multi, 24) == "3:16-3:17")  // the tab inside the line
        #expect(Self.place(multi, 33) == "4:1-5:1")  // the line feed: the empty line's break
        #expect(Self.place(multi, 34) == "5:3-5:4")  // after
        #expect(Self.place(multi, 45) == "5:14-6:1")
        #expect(Self.place(multi, 46) == "6:5-6:6")  // more (more indented: still folded)
        #expect(Self.place(multi, 0, multi.count) == "2:8-6:18")
        let flow = try Self.map("scalar-map/plain.yaml", "flow", "0")
        #expect(Self.place(flow, 3) == "7:11-8:1")
        #expect(Self.place(flow, 4) == "8:3-8:4")
        let tagged = try Self.map("scalar-map/plain.yaml", "tagged")
        #expect(Self.place(tagged, 0, 12) == "10:3-10:15")  // after `!!str &anchor` and a line break
        let tabbed = try Self.map("scalar-map/plain.yaml", "tabbed")
        #expect(Self.place(tabbed, 1) == "12:10-12:11")
    }

    @Test("single-quoted: '' is two columns for one quote; folds as in plain scalars, trailing space kept")
    func singleQuotedPlaces() throws {
        let simple = try Self.map("scalar-map/single-quoted.yaml", "simple")
        #expect(Self.place(simple, 2) == "1:12-1:14")
        #expect(Self.place(simple, 3) == "1:14-1:15")
        let folded = try Self.map("scalar-map/single-quoted.yaml", "folded")
        #expect(folded.count == 31)
        #expect(Self.place(folded, 5) == "2:17-3:1")  // the trailing spaces before it are dropped
        #expect(Self.place(folded, 6) == "3:3-3:4")
        #expect(Self.place(folded, 12) == "4:1-5:1")
        #expect(Self.place(folded, 24) == "5:14-5:16")
        #expect(Self.place(folded, 25) == "5:16-5:17")
        #expect(Self.place(folded, 30) == "5:21-6:1")  // a last line break folds to a space too
        let unicode = try Self.map("scalar-map/single-quoted.yaml", "unicode")
        #expect(
            (0..<5).map { Self.place(unicode, $0) } == [
                "7:11-7:12", "7:12-7:13", "7:13-7:15", "7:15-7:16", "7:16-7:18",
            ])
    }

    @Test("double-quoted: each escape maps to its whole sequence, the 7th character of an expression is found")
    func doubleQuotedPlaces() throws {
        let document = Fixtures.load("scalar-map/double-quoted.yaml")
        let node = try #require(document.root?["escapes"])
        let scalar = try #require(node.scalar)
        let map = try #require(
            ScalarSourceMap(decoded: scalar.text, style: .doubleQuoted, span: node.span, source: document.source))
        #expect(map.count == 41)
        let escapes = (0..<21).map { index -> String in
            let span = map.span(offset: 2 * index, length: 1)
            return Self.text(document.source.bytes, span.start.offset..<span.end.offset)
        }
        #expect(
            escapes == [
                "\\0", "\\a", "\\b", "\\t", "\\\t", "\\n", "\\v", "\\f", "\\r", "\\e", "\\ ", "\\\"", "\\/", "\\\\",
                "\\N", "\\_", "\\L", "\\P", "\\x41", "\\u00e9", "\\U0001F600",
            ])
        #expect(Self.place(map, 8) == "1:23-1:25")  // backslash and tab
        #expect(Self.place(map, 36) == "1:65-1:69")
        #expect(Self.place(map, 38) == "1:70-1:76")
        #expect(Self.place(map, 40) == "1:77-1:87")

        let when = try Self.map("scalar-map/double-quoted.yaml", "when")
        #expect(Self.place(when, 6) == "9:16-9:17")  // `>` of `a "b" > 1`
        #expect(Self.place(when, 2, 3) == "9:10-9:15")  // `\"b\"`
        let umlaut = try Self.map("scalar-map/double-quoted.yaml", "ümlaut")
        #expect((0..<4).map { Self.place(umlaut, $0) } == ["10:10-10:11", "10:11-10:12", "10:12-10:13", "10:13-10:19"])
    }

    @Test("double-quoted: an escaped line break gives nothing, the empty line after it a line feed")
    func escapedLineBreak() throws {
        let broken = try Self.map("scalar-map/double-quoted.yaml", "broken")
        #expect(broken.count == 38)
        #expect(Self.place(broken, 8) == "2:18-2:19")  // the space before `\` is kept
        #expect(Self.place(broken, 9) == "3:3-3:4")  // continued
        #expect(Self.place(broken, 18) == "4:5-5:1")
        #expect(Self.place(broken, 19) == "5:3-5:4")
        #expect(Self.place(broken, 29) == "5:13-6:1")
        #expect(Self.place(broken, 34) == "7:1-8:1")
        #expect(Self.place(broken, 35, 3) == "8:3-8:6")
    }

    @Test("literal blocks: indentation skipped, line breaks to themselves, chomping keeps or drops the last ones")
    func literalPlaces() throws {
        let literal = try Self.map("scalar-map/block.yaml", "literal")
        #expect(literal.count == 34)
        #expect(Self.place(literal, 0) == "2:3-2:4")
        #expect(Self.place(literal, 8) == "2:11-3:1")
        #expect(Self.place(literal, 9) == "3:3-3:4")  // indentation beyond the block's is content
        #expect(Self.place(literal, 11) == "3:5-3:6")
        #expect(Self.place(literal, 29) == "4:7-4:8")
        #expect(Self.place(literal, 33) == "4:11-5:1")  // clip: the last content line's break
        let strip = try Self.map("scalar-map/block.yaml", "strip")
        #expect(Self.place(strip, 0, 4) == "7:3-7:7")
        let keep = try Self.map("scalar-map/block.yaml", "keep")
        #expect((4..<7).map { Self.place(keep, $0) } == ["10:7-11:1", "11:1-12:1", "12:1-13:1"])
        let indented = try Self.map("scalar-map/block.yaml", "indented")
        #expect(Self.place(indented, 0) == "14:3-14:4")
        #expect(Self.place(indented, 2) == "14:5-14:6")
        #expect(Self.place(indented, 12) == "15:3-15:4")
        #expect(Self.place(indented, 13) == "15:4-15:5")
        let nested = try Self.map("scalar-map/block.yaml", "list", "0")  // `|+2` under `- `: indentation 4
        #expect((0..<4).map { Self.place(nested, $0) } == ["32:5-32:6", "32:6-32:7", "32:7-32:8", "32:8-33:1"])
    }

    @Test("an indentation indicator under a nested parent: lines of spaces are empty up to it, content past it")
    func indentationIndicatorWithOnlySpaces() throws {
        let empty = try Self.map("scalar-map/block.yaml", "spaces", "0")  // `|+2` under `  - `: indentation 4
        #expect((0..<3).map { Self.place(empty, $0) } == ["39:5-40:1", "40:4-41:1", "41:1-42:1"])
        let spaces = try Self.map("scalar-map/block.yaml", "spaces", "1")  // 6 spaces: 2 of content
        #expect(spaces.count == 2)
        #expect(Self.place(spaces, 0, 2) == "43:5-43:7")
    }

    @Test("folded blocks: a fold's space at the folded break, more-indented lines keep their breaks")
    func foldedPlaces() throws {
        let folded = try Self.map("scalar-map/block.yaml", "folded")
        #expect(folded.count == 38)
        #expect(Self.place(folded, 6) == "17:9-18:1")
        #expect(Self.place(folded, 7) == "18:3-18:4")
        #expect(Self.place(folded, 11) == "19:1-20:1")  // the empty line's break; line 18's is folded away
        #expect(Self.place(folded, 12) == "20:3-20:4")
        #expect(Self.place(folded, 16) == "20:7-21:1")  // kept before a more-indented line
        #expect(Self.place(folded, 17) == "21:3-21:4")
        #expect(Self.place(folded, 19) == "21:5-21:6")
        #expect(Self.place(folded, 32) == "21:18-22:1")
        #expect(Self.place(folded, 37) == "22:7-23:1")
        let strip = try Self.map("scalar-map/block.yaml", "folded-strip")
        #expect(
            (0..<10).map { Self.place(strip, $0) } == [
                "24:3-24:4", "24:4-25:1", "25:3-25:4", "26:1-27:1", "27:3-27:4", "27:4-28:1", "28:3-28:4", "28:4-28:5",
                "28:5-29:1", "29:3-29:4",
            ])
        let leadingEmpty = try Self.map("scalar-map/block.yaml", "list", "1")
        #expect(Self.place(leadingEmpty, 0) == "34:1-35:1")
        #expect(Self.place(leadingEmpty, 1) == "35:5-35:6")
        #expect(Self.place(leadingEmpty, leadingEmpty.count - 1) == "35:24-36:1")
    }

    @Test("a BOM is not counted and CRLF is one line break of two bytes")
    func bomAndCRLF() throws {
        let name = try Self.map("scalar-map/bom-crlf.yaml", "name")
        #expect(Self.place(name, 0) == "1:7-1:8")
        #expect(name.span(offset: 0, length: 1).start.offset == 9)
        let fold = name.span(offset: 7, length: 1)
        #expect(Self.place(name, 7) == "1:14-2:1")
        #expect(fold.end.offset - fold.start.offset == 2)
        #expect(Self.place(name, 8) == "2:3-2:4")
        let quoted = try Self.map("scalar-map/bom-crlf.yaml", "quoted")
        #expect((0..<4).map { Self.place(quoted, $0) } == ["3:10-3:11", "3:11-4:1", "4:3-4:4", "5:3-5:4"])
        let single = try Self.map("scalar-map/bom-crlf.yaml", "single")
        #expect((0..<3).map { Self.place(single, $0) } == ["6:10-6:11", "7:1-8:1", "8:3-8:4"])
        let block = try Self.map("scalar-map/bom-crlf.yaml", "block")
        #expect(Self.place(block, 3) == "10:6-11:1")
        let folded = try Self.map("scalar-map/bom-crlf.yaml", "folded")
        #expect((0..<4).map { Self.place(folded, $0) } == ["13:3-13:4", "13:4-14:1", "14:3-14:4", "14:4-15:1"])
    }

    @Test("JSON strings: escapes, \\u escapes, and a surrogate pair that is one decoded scalar")
    func jsonPlaces() throws {
        let name = try Self.map("scalar-map/strings.json", "café")
        #expect(Self.place(name, 2) == "2:14-2:15")
        let escapes = try Self.map("scalar-map/strings.json", "escapes")
        #expect(escapes.count == 19)
        #expect(Self.place(escapes, 0) == "3:15-3:17")
        #expect(Self.place(escapes, 2) == "3:18-3:20")
        #expect(Self.place(escapes, 16) == "3:39-3:45")
        #expect(Self.place(escapes, 18) == "3:46-3:52")
        let pair = try Self.map("scalar-map/strings.json", "pair")
        #expect(pair.count == 3)
        #expect((0..<3).map { Self.place(pair, $0) } == ["4:12-4:13", "4:13-4:25", "4:25-4:26"])
        let raw = try Self.map("scalar-map/strings.json", "raw")
        #expect((0..<4).map { Self.place(raw, $0) } == ["5:11-5:12", "5:12-5:13", "5:13-5:14", "5:14-5:15"])
        let number = try Self.map("scalar-map/strings.json", "number")
        #expect(Self.place(number, 0, 7) == "6:13-6:20")
    }

    // MARK: Edges

    @Test("zero-length spans: at the scalar asked for, after the last, at the content start of an empty text")
    func zeroLength() throws {
        let map = try Self.map("scalar-map/plain.yaml", "café")
        #expect(Self.place(map, 6, 0) == "1:13-1:13")
        #expect(Self.place(map, map.count, 0) == "1:19-1:19")
        #expect(Self.place(map, 100, 5) == "1:19-1:19")  // clamped
        #expect(Self.place(map, -3, 1) == "1:7-1:8")
        #expect(Self.place(map, 8, 100) == "1:15-1:19")
        let empty = try Self.map("scalar-map/single-quoted.yaml", "nothing")
        #expect(empty.count == 0)
        #expect(Self.place(empty, 0, 0) == "8:11-8:11")  // inside the quotes
        let null = try Self.map("scalar-map/plain.yaml", "empty")
        #expect(null.count == 0)
        #expect(Self.place(null, 0, 0) == "13:7-13:7")
        let emptyString = try Self.map("scalar-map/strings.json", "list", "2")
        #expect(emptyString.count == 0)
        #expect(Self.place(emptyString, 0, 0) == "7:25-7:25")  // inside the quotes
    }

    @Test("a decoded text that is not what the source decodes to gives no map")
    func mismatch() throws {
        let document = Fixtures.load("scalar-map/plain.yaml")
        let source = document.source
        let span = try #require(document.root?["café"]?.span)
        #expect(ScalarSourceMap(decoded: "naïve 😀 text", style: .plain, span: span, source: source) != nil)
        for wrong in ["naive 😀 text", "naïve 😀 tex", "naïve 😀 text!", "", "naïve  😀 text"] {
            #expect(ScalarSourceMap(decoded: wrong, style: .plain, span: span, source: source) == nil, "\(wrong)")
        }
        for style in [ScalarStyle.singleQuoted, .doubleQuoted, .literal, .folded] {
            #expect(ScalarSourceMap(decoded: "naïve 😀 text", style: style, span: span, source: source) == nil)
        }
        var outside = span
        outside.end.offset = source.bytes.count + 1
        #expect(ScalarSourceMap(decoded: "naïve 😀 text", style: .plain, span: outside, source: source) == nil)

        let quoted = Fixtures.load("scalar-map/double-quoted.yaml")
        let when = try #require(quoted.root?["when"]?.span)
        #expect(ScalarSourceMap(decoded: "a \"b\" > 1", style: .doubleQuoted, span: when, source: quoted.source) != nil)
        #expect(
            ScalarSourceMap(decoded: "a \\\"b\\\" > 1", style: .doubleQuoted, span: when, source: quoted.source) == nil)

        let blocks = Fixtures.load("scalar-map/block.yaml")
        let folded = try #require(blocks.root?["folded"]?.span)
        let literalText = "folded\ntext\n\npara\n  more indented\nback\n"
        #expect(ScalarSourceMap(decoded: literalText, style: .literal, span: folded, source: blocks.source) == nil)
        #expect(ScalarSourceMap(decoded: literalText, style: .folded, span: folded, source: blocks.source) == nil)
        #expect(
            ScalarSourceMap(
                decoded: "folded text\npara\n  more indented\nback", style: .folded, span: folded, source: blocks.source
            ) == nil)
    }

    @Test("a 1 MiB literal block and a 1 MiB double-quoted scalar map in one pass")
    func large() throws {
        let line = "  " + String(repeating: "abcdefgh", count: 8) + "é\n"
        let lines = 1024 * 1024 / line.utf8.count + 1
        var yaml = "text: |\n" + String(repeating: line, count: lines)
        yaml += "quoted: \"" + String(repeating: "a\\u00e9\\n b", count: 1024 * 1024 / 11) + "\"\n"
        let source = SourceFile(path: "large.yaml", text: yaml)
        let document = YAMLLoader(source: source, limits: LoadingLimits(maximumScalarBytes: 4 * 1024 * 1024)).load()
        #expect(document.diagnostics.isEmpty)
        let text = try #require(document.root?["text"])
        let block = try #require(
            ScalarSourceMap(decoded: text.scalar?.text ?? "", style: .literal, span: text.span, source: source))
        #expect(block.count == lines * 66)
        #expect(Self.place(block, block.count - 2) == "\(lines + 1):67-\(lines + 1):68")
        let quoted = try #require(document.root?["quoted"])
        let escapes = try #require(
            ScalarSourceMap(decoded: quoted.scalar?.text ?? "", style: .doubleQuoted, span: quoted.span, source: source)
        )
        #expect(escapes.count == 1024 * 1024 / 11 * 5)
        #expect(Self.place(escapes, 6) == "\(lines + 2):22-\(lines + 2):28")
    }
}
