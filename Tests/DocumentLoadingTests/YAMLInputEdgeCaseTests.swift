import FeedbackFlow
import FlowSource
import Testing

/// Inputs libyaml reports unhelpfully (QA finding 15): files with markers but no
/// document, tabs after a sequence dash, UTF-16/32 text, a byte order mark inside the
/// file, and the width of syntax error spans. Positions counted by hand.
@Suite("YAML input edge cases")
struct YAMLInputEdgeCaseTests {
    @Test("only document markers and comments (`...`, `---`, `--- # c`) are an empty document at 1:1", arguments: [
        "only-document-end.yaml", "only-document-start.yaml", "document-start-comments.yaml",
    ])
    func markersOnly(name: String) {
        let document = Fixtures.load(name)
        #expect(document.codes == ["empty-document@1:1"])
        #expect(document.root == nil)
    }

    @Test("`--- ~` is a document holding null, not an empty one")
    func explicitNull() throws {
        let document = Fixtures.load("document-start-null.yaml")
        #expect(document.diagnostics.isEmpty)
        #expect(try #require(document.root).isNull)
    }

    @Test("a tab after a sequence dash used as indentation is tab-indentation at the tab", arguments: [
        ("tab-after-dash.yaml", "1:2"), ("tab-after-nested-dash.yaml", "2:4"),
    ])
    func tabAfterDash(name: String, position: String) throws {
        let document = Fixtures.load(name)
        #expect(document.codes == ["tab-indentation@\(position)"])
        #expect(document.diagnostics.first?.message == "tab character used for indentation")
        #expect(document.diagnostics.first?.notes.isEmpty == true)
    }

    /// Python's codecs wrote the fixtures: `'version: 1\ntitle: Hi\n'.encode('utf-16')`
    /// (BOM FF FE, little-endian), `.encode('utf-16-be')` (no BOM), `.encode('utf-32')`.
    @Test("a UTF-16 or UTF-32 file is invalid-utf8 naming its encoding", arguments: [
        ("utf16le-bom.yaml", "UTF-16 (little-endian)"), ("utf16be.yaml", "UTF-16 (big-endian)"),
        ("utf32le-bom.yaml", "UTF-32 (little-endian)"),
    ])
    func foreignEncodingFile(name: String, encoding: String) {
        let document = Fixtures.load(name)
        #expect(document.codes == ["invalid-utf8@1:1"])
        #expect(document.diagnostics.first?.message == "file is \(encoding); save it as UTF-8")
        #expect(document.root == nil)
    }

    /// The detection table of YAML 1.2 §5.2, byte by byte.
    @Test("the encoding is recognised from a BOM or from NULs around an ASCII first character", arguments: [
        ([0xFF, 0xFE, 0x61, 0x00], "UTF-16 (little-endian)"),
        ([0xFE, 0xFF, 0x00, 0x61], "UTF-16 (big-endian)"),
        ([0x61, 0x00, 0x3A, 0x00], "UTF-16 (little-endian)"),
        ([0x00, 0x61, 0x00, 0x3A], "UTF-16 (big-endian)"),
        ([0xFF, 0xFE, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00], "UTF-32 (little-endian)"),
        ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x61], "UTF-32 (big-endian)"),
        ([0x61, 0x00, 0x00, 0x00], "UTF-32 (little-endian)"),
        ([0x00, 0x00, 0x00, 0x61], "UTF-32 (big-endian)"),
    ] as [([UInt8], String)])
    func encodingTable(bytes: [UInt8], encoding: String) {
        for path in ["a.yaml", "a.json"] {
            let document = DocumentLoader.load(SourceFile(path: path, bytes: bytes))
            #expect(document.diagnostics.map(\.message) == ["file is \(encoding); save it as UTF-8"], "\(path)")
        }
    }

    /// `binary-nuls.yaml` is 64 NUL bytes; `binary-nul-elf.yaml` starts `00 'E' 'L' 'F' 02 01 01 00`.
    @Test("binary that starts with a NUL is not called UTF-16 or UTF-32: the NUL is a control character at 1:1", arguments: [
        "binary-nuls.yaml", "binary-nul-elf.yaml",
    ])
    func binaryStartingWithNUL(name: String) {
        let document = Fixtures.load(name)
        #expect(document.codes == ["syntax-error@1:1"])
        #expect(document.diagnostics.map(\.message) == ["control character U+0000 is not allowed"])
        let json = DocumentLoader.load(SourceFile(path: name, bytes: Fixtures.bytes(name)), format: .json)
        #expect(json.codes == ["syntax-error@1:1"])
        #expect(!json.diagnostics.contains { $0.message.contains("UTF-16") || $0.message.contains("UTF-32") })
    }

    /// Without a BOM, a file is UTF-16/32 only when its first characters (up to four) are
    /// ASCII text (tab, line feed, carriage return, space to `~`) with zero bytes in the
    /// other positions of each code unit; NULs in any other pattern are not an encoding.
    @Test("NULs that are not ASCII text in alternate positions are no encoding; the first NUL is reported where it is", arguments: [
        ([0x00, 0x61, 0x62, 0x63], "1:1"),  // one UTF-16BE-looking unit, then 'b' 'c'
        ([0x61, 0x00, 0x62, 0x63], "1:2"),  // one UTF-16LE-looking unit, then 'b' 'c'
        ([0x00, 0x01, 0x00, 0x02], "1:1"),  // zeros in alternate positions, but not text
        ([0x00, 0x00, 0x00, 0x61, 0x62, 0x00, 0x00, 0x00], "1:1"),  // a UTF-32BE unit, then a LE one
    ] as [([UInt8], String)])
    func nulsThatAreNoEncoding(bytes: [UInt8], place: String) {
        let document = DocumentLoader.load(SourceFile(path: "a.yaml", bytes: bytes))
        #expect(document.codes == ["syntax-error@\(place)"])
        #expect(document.diagnostics.first?.message == "control character U+0000 is not allowed")
    }

    @Test("a byte order mark starting a line inside the file is a syntax error at it, not libyaml's 'did not find expected key'")
    func byteOrderMarkAtLineStart() throws {
        let document = Fixtures.load("bom-mid-file.yaml")
        #expect(document.codes == ["syntax-error@2:1"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "byte order mark (U+FEFF) in the middle of the file")
        #expect(diagnostic.span?.end.column == 2)
        #expect(diagnostic.span?.start.offset == 5)
        #expect(diagnostic.span?.end.offset == 8)
    }

    @Test("a byte order mark libyaml keeps in a plain scalar is reported too")
    func byteOrderMarkInPlainScalar() {
        let document = Fixtures.load("bom-in-plain-scalar.yaml")
        #expect(document.codes == ["syntax-error@2:5"])
        #expect(document.root?["a"]?.string == "x")
    }

    @Test("inside quoted scalars a byte order mark is content (YAML 1.2 §5.2)")
    func byteOrderMarkInQuotes() {
        let document = Fixtures.load("bom-in-quotes.yaml")
        #expect(document.diagnostics.isEmpty)
        #expect(document.root?["a"]?.string == "x\u{FEFF}y")
        #expect(document.root?["b"]?.string == "p\u{FEFF}q")
    }

    @Test("a syntax error spans the one character it points at (column to column + 1, bytes of that character)")
    func syntaxErrorWidth() throws {
        // `c: d: e`: the second ':' is at 2:5, byte 9.
        let yaml = try #require(Fixtures.load("syntax-error.yaml").diagnostics.first?.span)
        #expect([yaml.start.column, yaml.end.line, yaml.end.column, yaml.end.offset] == [5, 2, 6, 10])
        // `[1, 2,]`: the trailing ',' at 1:6, byte 5.
        let json = try #require(Fixtures.load("json/error-trailing-comma-array.json").diagnostics.first?.span)
        #expect([json.start.column, json.end.column, json.end.offset] == [6, 7, 6])
        // `[é]`: 'é' is two bytes.
        let wide = try #require(
            DocumentLoader.load(SourceFile(path: "a.json", text: "[é]")).diagnostics.first?.span)
        #expect([wide.start.column, wide.end.column, wide.start.offset, wide.end.offset] == [2, 3, 1, 3])
    }

    @Test("a syntax error at the end of the file stays zero-width", arguments: [
        "unclosed-flow.yaml", "json/error-unclosed-object.json",
    ])
    func syntaxErrorAtEnd(name: String) throws {
        let document = Fixtures.load(name)
        let span = try #require(document.diagnostics.first?.span)
        #expect(document.diagnostics.first?.code == "syntax-error")
        #expect(span.start.description == "2:1")
        #expect(span.end == span.start)
    }
}
