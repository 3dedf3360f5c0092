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

    @Test("duplicate keys are still found when their texts are stored once")
    func duplicateKeysWithSharedTexts() {
        let document = DocumentLoader.load(SourceFile(path: "dup.yaml", text: "a: 1\nb: 2\na: 3\n"), format: .yaml)
        #expect(document.diagnostics.map(\.code) == ["duplicate-key"])
        #expect(document.root?["a"]?.string == "1")
    }
}
