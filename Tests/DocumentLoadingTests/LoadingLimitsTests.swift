import FeedbackFlow
import FlowSource
import Testing

/// Every limit of ``LoadingLimits`` stops loading with one error at the place that
/// crossed it and no tree. The fixtures are small and the limits lowered to fit them;
/// positions counted by hand.
@Suite("Loading limits")
struct LoadingLimitsTests {
    @Test("the defaults are the documented ones")
    func defaults() {
        let limits = LoadingLimits()
        #expect(limits.maximumBytes == 32 * 1024 * 1024)
        #expect(limits.maximumNestingDepth == 512)
        #expect(limits.maximumNodes == 4_000_000)
        #expect(limits.maximumAliasExpansion == 100_000)
        #expect(limits.maximumScalarBytes == 1024 * 1024)
        #expect(limits.maximumMappingEntries == 100_000)
        #expect(LoadingLimits.settings.map(\.name) == ["bytes", "depth", "nodes", "aliases", "scalar-bytes", "mapping-entries"])
    }

    @Test("more nodes than maximumNodes: document-limit at the first node past it, no tree",
          arguments: [(5, "3:4"), (6, "1:1")])
    func nodes(limit: Int, at position: String) {
        // a, 1, b, 2, c, 3 are nodes 1–6 in order; the mapping closes as node 7, at 1:1.
        let document = Fixtures.load("limits/nodes.yaml", limits: LoadingLimits(maximumNodes: limit))
        #expect(document.codes == ["document-limit@\(position)"])
        #expect(document.diagnostics.first?.message == "the document has more than \(limit) nodes")
        #expect(document.root == nil)
        #expect(Fixtures.load("limits/nodes.yaml", limits: LoadingLimits(maximumNodes: 7)).diagnostics.isEmpty)
    }

    @Test("a scalar longer than maximumScalarBytes: document-limit at the scalar")
    func scalar() {
        let document = Fixtures.load("limits/scalar.yaml", limits: LoadingLimits(maximumScalarBytes: 9))
        #expect(document.codes == ["document-limit@1:8"])
        #expect(document.diagnostics.first?.message == "a scalar of 10 bytes is longer than the limit of 9 bytes")
        #expect(Fixtures.load("limits/scalar.yaml", limits: LoadingLimits(maximumScalarBytes: 10)).diagnostics.isEmpty)
    }

    @Test("a mapping with more than maximumMappingEntries entries: document-limit at the key past it (JSON and merged YAML)")
    func entries() {
        let json = Fixtures.load("limits/entries.json", limits: LoadingLimits(maximumMappingEntries: 2))
        #expect(json.codes == ["document-limit@1:18"])
        #expect(json.diagnostics.first?.message == "a mapping has more than 2 entries")
        #expect(Fixtures.load("limits/entries.json", limits: LoadingLimits(maximumMappingEntries: 3)).diagnostics.isEmpty)
        // `merged` writes one entry and merges two: three entries, at the mapping's start (3:3).
        let merged = Fixtures.load("limits/merged-entries.yaml", limits: LoadingLimits(maximumMappingEntries: 2))
        #expect(merged.codes == ["document-limit@3:3"])
    }

    @Test("nesting deeper than maximumNestingDepth: nesting-depth-limit at the first collection too deep",
          arguments: ["limits/depth.json", "limits/depth.yaml"])
    func depth(name: String) {
        let document = Fixtures.load(name, limits: LoadingLimits(maximumNestingDepth: 3))
        // JSON: the fourth `[` at 1:4; YAML: the mapping is level 1, so the third `[` at 1:6.
        #expect(document.codes == [name.hasSuffix(".json") ? "nesting-depth-limit@1:4" : "nesting-depth-limit@1:6"])
        #expect(document.diagnostics.first?.message == "nesting exceeds 3 levels")
        #expect(document.root == nil)
    }

    @Test("an alias cannot nest deeper than maximumNestingDepth by repeating a deep anchor inside another")
    func aliasDepth() {
        // The root mapping is level 1; `*a` (3 levels) sits at level 4 inside b (b: 6 levels),
        // `*b` at level 4 inside c: 4 + 6 = 10 levels. `*b` is at 3:10.
        let tooDeep = Fixtures.load("limits/alias-depth.yaml", limits: LoadingLimits(maximumNestingDepth: 9))
        #expect(tooDeep.codes == ["nesting-depth-limit@3:10"])
        #expect(tooDeep.root == nil)
        // The last anchor of the chain is not aliased: only its note.
        #expect(Fixtures.load("limits/alias-depth.yaml", limits: LoadingLimits(maximumNestingDepth: 10)).codes == ["unused-anchor@3:4"])
    }

    @Test("aliases of a long string count its length: one node more per 64 bytes of text")
    func aliasOfLongScalar() {
        // A 6,400-byte anchored string weighs 1 + 100 = 101 nodes: the first alias fits a
        // budget of 150, the second (`b: [*s, *s]`, at 2:9) passes it.
        let text = "a: &s \"" + String(repeating: "x", count: 6_400) + "\"\nb: [*s, *s]\n"
        let document = DocumentLoader.load(
            SourceFile(path: "long.yaml", text: text), limits: LoadingLimits(maximumAliasExpansion: 150))
        #expect(document.codes == ["alias-expansion-limit@2:9"])
        #expect(document.diagnostics.first?.message == "alias expansion exceeds 150 nodes ('*s' adds 101 more)")
        let fits = DocumentLoader.load(
            SourceFile(path: "long.yaml", text: text), limits: LoadingLimits(maximumAliasExpansion: 202))
        #expect(fits.diagnostics.isEmpty)
    }
}
