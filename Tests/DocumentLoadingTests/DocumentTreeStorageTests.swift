import FeedbackFlow
import FlowSource
import Testing

/// The tree's compact storage reads back what was written: kinds, styles and counts
/// packed in one word per record, explicit tags kept beside the records (a collection's
/// and an alias key's too), and texts written many times stored once.
@Suite("Document tree storage")
struct DocumentTreeStorageTests {
    private static func load(_ text: String, format: DocumentFormat = .yaml) throws -> Node {
        let document = DocumentLoader.load(SourceFile(path: "storage.yaml", text: text), format: format)
        #expect(document.diagnostics.isEmpty)
        return try #require(document.root)
    }

    @Test("every scalar style and every collection kind and count reads back")
    func stylesKindsAndCounts() throws {
        let root = try Self.load(
            """
            plain: a
            single: 'b'
            double: "c"
            literal: |
              d
            folded: >
              e
            list: [1, 2, 3]
            empty: {}
            """)
        let styles = root.mapping?.compactMap { $0.value.scalar?.style }
        #expect(styles == [.plain, .singleQuoted, .doubleQuoted, .literal, .folded])
        guard case .sequence(let items)? = root["list"]?.kind else {
            Issue.record("list is not a sequence")
            return
        }
        #expect(items.map(\.string) == ["1", "2", "3"])
        #expect(root["empty"]?.mapping?.count == 0)
        #expect(root.mapping?.count == 7)
    }

    @Test("tags of scalars, of collections and of an alias used as a key are kept; others have none")
    func tags() throws {
        let root = try Self.load(
            """
            anchor: &k !!str key
            list: !things [a, !!str 1]
            map: !!map {x: y}
            *k : aliased
            plain: none
            """)
        #expect(root["anchor"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["list"]?.tag == "!things")
        #expect(root["list"]?.sequence?.map(\.tag) == [nil, "tag:yaml.org,2002:str"])
        #expect(root["map"]?.tag == "tag:yaml.org,2002:map")
        #expect(root["map"]?["x"]?.tag == nil)
        let aliasKey = try #require(root.mapping?.first { $0.value.string == "aliased" }?.key)
        #expect(aliasKey.tag == "tag:yaml.org,2002:str")
        #expect(aliasKey.string == "key")
        #expect(aliasKey.span.start.line == 4)
        #expect(root["plain"]?.tag == nil)
    }

    @Test("a text written many times reads back everywhere, short or long, as YAML and as JSON")
    func repeatedTexts() throws {
        let long = "a text longer than fifteen bytes"
        let screens = (0..<200).map { "  s\($0): {title: Submit, body: \"\(long)\", on: true, n: \($0 % 7)}" }
        let root = try Self.load("screens:\n" + screens.joined(separator: "\n") + "\n")
        let entries = try #require(root["screens"]?.mapping)
        #expect(entries.count == 200)
        for (index, entry) in entries.enumerated() {
            #expect(entry.keyText == "s\(index)")
            #expect(entry.value.mapping?.compactMap(\.keyText) == ["title", "body", "on", "n"])
            #expect(entry.value["title"]?.string == "Submit")
            #expect(entry.value["body"]?.string == long)
            #expect(entry.value["on"]?.bool == true)
            #expect(entry.value["n"]?.integer == index % 7)
        }
        let json = try Self.load(#"{"a": ["x", "x", "y", "x"], "b": "x", "x": "a"}"#, format: .json)
        #expect(json["a"]?.sequence?.map(\.string) == ["x", "x", "y", "x"])
        #expect(json["b"]?.string == "x")
        #expect(json["x"]?.string == "a")
    }

    @Test("ends near their start and far from it read back: long lines, long blocks, large collections")
    func ends() throws {
        let long = String(repeating: "x", count: 40_000)
        let entries = (0..<200).map { "    k\($0): v\($0)" }.joined(separator: "\n")
        let text = "short: ab\nlong: \(long)\nbig:\n\(entries)\nblock: |\n" + String(repeating: "  line\n", count: 150) + "last: é\n"
        let root = try Self.load(text)
        // The figures the loader gave when every record held its whole end.
        func place(_ node: Node?) -> [[Int]] {
            guard let span = node?.span else { return [] }
            return [[span.start.line, span.start.column, span.start.offset], [span.end.line, span.end.column, span.end.offset]]
        }
        #expect(place(root["short"]) == [[1, 8, 7], [1, 10, 9]])
        #expect(place(root["long"]) == [[2, 7, 16], [2, 40_007, 40_016]])
        #expect(place(root["big"]) == [[4, 5, 40_026], [203, 15, 42_801]])
        #expect(root["big"]?.mapping?.last?.key.span.start == SourcePosition(line: 203, column: 5, offset: 42_791))
        #expect(place(root["block"]) == [[204, 8, 42_809], [355, 1, 43_861]])
        #expect(place(root["last"]) == [[355, 7, 43_867], [355, 8, 43_869]])
        #expect(place(root) == [[1, 1, 0], [355, 8, 43_869]])
    }

    @Test("the spans of one document share one path object, and equal a span made from the path's text")
    func sharedPath() throws {
        let root = try Self.load("a: [1, {b: c}]\n")
        let inner = try #require(root["a"]?.sequence?.last?["b"])
        #expect(inner.span.path === root.span.path)
        #expect(inner.span.file == "storage.yaml")
        #expect(inner.span == SourceSpan(file: "storage.yaml", start: inner.span.start, end: inner.span.end))
    }

    @Test("duplicate keys are still found when their texts are stored once")
    func duplicateKeysWithSharedTexts() {
        let document = DocumentLoader.load(SourceFile(path: "dup.yaml", text: "a: 1\nb: 2\na: 3\n"), format: .yaml)
        #expect(document.diagnostics.map(\.code) == ["duplicate-key"])
        #expect(document.root?["a"]?.string == "1")
    }
}
