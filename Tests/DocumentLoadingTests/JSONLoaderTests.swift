import FlowSource
import Testing

/// Strict RFC 8259 loading into the same located tree as YAML. Positions counted by hand
/// from the fixtures in `Fixtures/json/` (offsets with Python's `bytes.index`).
@Suite("JSON loader")
struct JSONLoaderTests {
    @Test("JSON values: strings are double-quoted scalars, numbers and literals plain, numbers exact")
    func values() throws {
        let document = Fixtures.load("json/values.json")
        #expect(document.format == .json)
        #expect(document.diagnostics.isEmpty)
        let root = try #require(document.root)
        #expect(root["int"]?.integer == 42)
        #expect(root["neg"]?.number == "-0")
        #expect(root["float"]?.number == "3.14159265358979323846264338327950288")
        #expect(root["exp"]?.number == "1E+2")
        #expect(root["big"]?.integer == nil)
        #expect(root["big"]?.number == "123456789012345678901234567890")
        #expect(root["yes"]?.bool == true)
        #expect(root["no"]?.bool == false)
        #expect(root["nothing"]?.isNull == true)
        #expect(root["quotedNull"]?.isNull == false)
        #expect(root["quotedNull"]?.string == "null")
        #expect(root["list"]?.sequence?.map(\.kindDescription) == ["an integer", "a string", "a list", "a mapping"])
        #expect(root["numbers"]?.sequence?.compactMap(\.number) == ["1.5e+10", "-0.0", "0", "0e0", "10", "-12.5E-3"])
        guard case .scalar(_, let style)? = root["title"]?.kind, case .scalar(_, let plain)? = root["int"]?.kind
        else {
            Issue.record("scalars expected")
            return
        }
        #expect(style == .doubleQuoted)
        #expect(plain == .plain)
    }

    @Test("every escape is decoded; a \\uD83D\\uDE00 surrogate pair combines into one scalar")
    func escapes() throws {
        let root = try #require(Fixtures.load("json/values.json").root)
        #expect(root["title"]?.string == "caf\u{E9} \u{1F600}")
        #expect(root["plain"]?.string == "\u{E9}\u{1F600}")
        #expect(root["escapes"]?.string == "\"\\/\u{08}\u{0C}\n\r\t")
        #expect(root["nul"]?.string == "a\u{0}b")
    }

    func checkPositions(_ name: String, offsets: [Int]) throws {
        let document = Fixtures.load(name)
        #expect(document.diagnostics.isEmpty)
        let root = try #require(document.root)
        #expect(root.range == "1:1-7:2")
        let entries = try #require(root.mapping)
        #expect(entries.map(\.keyText) == ["café", "list", "end"])
        #expect(entries[0].key.range == "2:3-2:9")
        #expect(entries[0].value.range == "2:11-2:14")
        #expect(entries[1].key.range == "3:3-3:9")
        let list = try #require(root["list"])
        #expect(list.range == "3:11-5:4")
        let item = try #require(list.sequence?.first)
        #expect(item.range == "4:5-4:35")
        let itemEntries = try #require(item.mapping)
        #expect(itemEntries[0].key.range == "4:6-4:14")
        #expect(itemEntries[0].value.range == "4:16-4:19")
        #expect(itemEntries[1].key.range == "4:21-4:26")
        #expect(itemEntries[1].value.range == "4:28-4:34")
        #expect(itemEntries[1].value.sequence?.map(\.range) == ["4:29-4:30", "4:32-4:33"])
        #expect(entries[2].key.at == "6:3")
        #expect(entries[2].value.range == "6:10-6:14")
        let measured = [
            entries[0].value.span.start.offset, entries[1].key.span.start.offset,
            itemEntries[0].key.span.start.offset, itemEntries[1].value.span.start.offset,
            entries[2].value.span.start.offset,
        ]
        #expect(measured == offsets)
    }

    @Test("positions: lines, columns in Unicode scalars, byte offsets")
    func positions() throws {
        try checkPositions("json/positions-lf.json", offsets: [13, 21, 36, 59, 81])
    }

    @Test("a leading BOM (RFC 8259 §8.1) and CRLF do not shift lines or columns")
    func bomAndCRLF() throws {
        try checkPositions("json/positions-bom-crlf.json", offsets: [17, 26, 42, 65, 89])
    }

    @Test("a duplicate name is duplicate-key like YAML, the first value kept")
    func duplicateKey() {
        let document = Fixtures.load("json/duplicate-key.json")
        #expect(document.codes == ["duplicate-key@3:3"])
        #expect(document.diagnostics.first?.message == "duplicate key 'title' (first at 2:3)")
        #expect(document.diagnostics.first?.notes.first?.message == "first defined here")
        #expect(document.root?["title"]?.string == "First")
    }

    @Test("an empty or blank file is empty-document at 1:1", arguments: ["json/empty.json", "json/whitespace-only.json"])
    func empty(name: String) {
        let document = Fixtures.load(name)
        #expect(document.codes == ["empty-document@1:1"])
        #expect(document.root == nil)
    }

    @Test("invalid UTF-8 is invalid-utf8 at the bad byte")
    func invalidUTF8() {
        #expect(Fixtures.load("json/invalid-utf8.json").codes == ["invalid-utf8@1:9"])
    }

    @Test("syntax errors are reported at their exact place", arguments: [
        // A trailing comma is reported at the comma itself, not at the closer.
        ("trailing-comma-array", "1:6", "a trailing comma is not allowed in JSON"),
        ("trailing-comma-object", "1:8", "a trailing comma is not allowed in JSON"),
        ("comment", "2:3", "expected a member name in double quotes, found a comment (JSON has no comments)"),
        ("leading-zero", "1:10", "leading zeros are not allowed in JSON numbers"),
        ("after-value", "2:1", "unexpected '{' after the JSON value"),
        ("comment-after-value", "1:10", "unexpected comment after the JSON value (JSON has no comments)"),
        ("lone-high-surrogate", "1:10", "lone high surrogate '\\uD800'; surrogates must come in high-low pairs"),
        ("lone-low-surrogate", "1:8", "lone low surrogate '\\uDC00'; surrogates must come in high-low pairs"),
        ("high-then-not-low", "1:2", "lone high surrogate '\\uD83D'; surrogates must come in high-low pairs"),
        ("control-character", "1:9", "a control character must be escaped inside a JSON string"),
        ("line-break-in-string", "1:4", "a line break must be escaped inside a JSON string"),
        ("single-quotes", "1:2", "strings must use double quotes in JSON"),
        ("capital-true", "1:2", "unexpected 'True'; JSON values are objects, arrays, strings, numbers, true, false and null"),
        ("missing-fraction", "1:4", "expected a digit after the decimal point, found ']'"),
        ("lone-minus", "1:3", "expected a digit, found ']'"),
        ("missing-exponent", "1:4", "expected a digit in the exponent, found ']'"),
        ("leading-dot", "1:2", "expected a value, found '.'"),
        ("leading-plus", "1:2", "expected a value, found '+'"),
        ("unterminated-string", "1:2", "string is not closed"),
        ("invalid-escape", "1:3", "invalid escape '\\x' in a JSON string"),
        ("short-unicode-escape", "1:3", "'\\u' needs four hex digits"),
        ("unclosed-object", "2:1", "expected ',' or '}' after an object member, found the end of the file"),
        ("missing-colon", "1:6", "expected ':' after a member name, found '1'"),
        ("bare-word", "1:7", "unexpected 'nul'; JSON values are objects, arrays, strings, numbers, true, false and null"),
    ])
    func syntaxErrors(name: String, position: String, message: String) {
        let document = Fixtures.load("json/error-\(name).json")
        #expect(document.codes == ["syntax-error@\(position)"])
        #expect(document.diagnostics.first?.message == message)
        #expect(document.root == nil)
    }
}
