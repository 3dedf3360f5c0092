import FlowSource
import Testing

/// Anchors, aliases, merge keys (https://yaml.org/type/merge.html) and the expansion bound.
@Suite("YAML aliases and merge keys")
struct YAMLAliasAndMergeTests {
    @Test("an alias yields its anchor's node with the anchor's spans")
    func aliasKeepsAnchorSpans() throws {
        let document = Fixtures.load("anchors.yaml")
        #expect(document.diagnostics.isEmpty)
        let root = try #require(document.root)
        let defaults = try #require(root["defaults"])
        let copy = try #require(root["copy"])
        #expect(copy == defaults)
        #expect(copy["title"]?.at == "3:10")
        // The root ends at the end of `*defaults`, not at the end of the anchored node.
        #expect(root.range == "1:1-4:16")
    }

    @Test("the anchors and aliases are listed in file order, each spanning its sign and name")
    func anchorPlacesSpanTheirNames() throws {
        let document = Fixtures.load("anchors.yaml")
        let places = document.anchorPlaces.map { ($0.name, $0.isAlias, "\($0.span.start.line):\($0.span.start.column)-\($0.span.end.line):\($0.span.end.column)") }
        // `&defaults` at 1:11 and `*defaults` at 4:7, each 9 characters long.
        #expect(places.map(\.0) == ["defaults", "defaults"])
        #expect(places.map(\.1) == [false, true])
        #expect(places.map(\.2) == ["1:11-1:20", "4:7-4:16"])
        let bytes = document.source.bytes
        #expect(document.anchorPlaces.map { String(decoding: bytes[$0.span.start.offset..<$0.span.end.offset], as: UTF8.self) } == ["&defaults", "*defaults"])
    }

    @Test("written keys win over merged ones; earlier merged mappings win over later ones")
    func mergePrecedence() throws {
        let document = Fixtures.load("merge.yaml")
        #expect(document.diagnostics.isEmpty)
        let screen = try #require(document.root?["screen"])
        #expect(screen.mapping?.map(\.keyText) == ["style", "image", "subtitle", "title"])
        #expect(screen["title"]?.string == "Own title")
        #expect(screen["style"]?.string == "success")
        #expect(screen["style"]?.at == "3:10")
        #expect(screen["subtitle"]?.string == "Extra subtitle")
        #expect(screen["title"]?.at == "10:10")
    }

    @Test("a single merged mapping fills in only the keys not written; no duplicate-key")
    func singleMerge() throws {
        let other = try #require(Fixtures.load("merge.yaml").root?["other"])
        #expect(other.mapping?.map(\.keyText) == ["title", "style", "image"])
        #expect(other["title"]?.string == "Before")
    }

    @Test("a merge of something that is not a mapping is invalid-merge at the << key")
    func invalidMerge() {
        let document = Fixtures.load("invalid-merge.yaml")
        #expect(document.codes == ["invalid-merge@3:3", "invalid-merge@6:3"])
        #expect(document.diagnostics.map(\.message) == [
            "merge key '<<' needs a mapping or a list of mappings, found a string",
            "merge key '<<' needs a mapping or a list of mappings, found a list whose item 1 is a string",
        ])
        #expect(document.root?["screen"]?.mapping?.map(\.keyText) == ["title"])
    }

    @Test("a billion-laughs file fails with alias-expansion-limit at the alias that crosses the bound")
    func billionLaughs() throws {
        // Sizes: a = 10 nodes, b = 91, c = 820, d = 7381, e = 66430. Expansion through line 5
        // adds 90 + 819 + 7380 + 66429 = 74718; the first *e (6:8) brings it to 141148.
        let document = Fixtures.load("billion-laughs.yaml")
        #expect(document.codes == ["alias-expansion-limit@6:8"])
        #expect(document.root == nil)
        let message = try #require(document.diagnostics.first?.message)
        #expect(message.hasPrefix("alias expansion exceeds 100000 nodes"))
    }

    @Test("the expansion bound is the caller's: with 50, the sixth *a (adding 10 each) fails")
    func customLimit() {
        let document = Fixtures.load("billion-laughs.yaml", limits: LoadingLimits(maximumAliasExpansion: 50))
        #expect(document.codes == ["alias-expansion-limit@2:23"])
    }
}

@Suite("YAML merge key edge cases")
struct YAMLMergeEdgeCaseTests {
    @Test("an inline mapping can be merged too; the written key still wins")
    func inlineMerge() throws {
        let document = Fixtures.load("merge-inline.yaml")
        #expect(document.diagnostics.isEmpty)
        let screen = try #require(document.root?["screen"])
        #expect(screen.mapping?.map(\.keyText) == ["title", "style"])
        #expect(screen["style"]?.string == "error")
        #expect(screen["title"]?.string == "Merged")
    }

    @Test("a quoted \"<<\" is an ordinary key, not a merge")
    func quotedMergeKey() throws {
        let a = try #require(Fixtures.load("quoted-merge-key.yaml").root?["a"])
        #expect(a.mapping?.map(\.keyText) == ["<<"])
        #expect(a["<<"]?["title"]?.string == "x")
    }
}

/// Aliases the loader cannot expand, and aliases used as keys (QA findings 4 and 12).
@Suite("YAML alias problems and alias keys")
struct YAMLAliasProblemTests {
    @Test("a merge of its own anchor (`a: &x {<<: *x}`) is recursive-alias, without the unknown-alias hint")
    func recursiveMerge() throws {
        let document = Fixtures.load("recursive-merge.yaml")
        #expect(document.codes == ["recursive-alias@1:12"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "alias '*x' refers to the node that contains it")
        #expect(diagnostic.hint?.contains("define the anchor") == false)
        #expect(document.root?["a"]?.mapping?.isEmpty == true)
    }

    @Test("inside a node that redefines an anchor, its alias refers to that node (YAML 1.2 §7.1)")
    func recursiveRedefinedAnchor() {
        #expect(Fixtures.load("recursive-redefined-anchor.yaml").codes == ["recursive-alias@2:8"])
    }

    @Test("an unknown alias stands for a null spanning the alias")
    func unknownAliasStandIn() throws {
        let document = Fixtures.load("unknown-alias.yaml")
        let value = try #require(document.root?["a"])
        #expect(value.isNull)
        #expect(value.range == "1:4-1:12")
        #expect(document.diagnostics.first?.span?.start == value.span.start)
    }

    @Test("a document that is only an unknown alias has no root")
    func unknownAliasRoot() {
        let document = Fixtures.load("unknown-alias-root.yaml")
        #expect(document.codes == ["unknown-alias@1:1"])
        #expect(document.root == nil)
    }

    @Test("an alias used as a key is located at the alias, and messages still quote the key's text")
    func aliasKey() throws {
        let document = Fixtures.load("alias-key.yaml")
        #expect(document.codes == ["duplicate-key@5:1"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "duplicate key 'version' (first at 1:1)")
        #expect(diagnostic.span?.end.column == 3)
        #expect(diagnostic.notes.first?.span?.start.line == 1)
        #expect(document.root?["version"]?.integer == 1)
    }

    @Test("a mapping used as a key through an alias is located at the alias too")
    func aliasComplexKey() throws {
        let document = Fixtures.load("alias-complex-key.yaml")
        #expect(document.diagnostics.isEmpty)
        let entry = try #require(document.root?["b"]?.mapping?.first)
        #expect(entry.key.range == "3:3-3:5")
        #expect(entry.key["x"]?.integer == 1)
        #expect(entry.value.integer == 2)
    }
}
