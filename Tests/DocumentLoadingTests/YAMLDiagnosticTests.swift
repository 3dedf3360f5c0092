import FeedbackFlow
import FlowSource
import Testing

/// Every loader error is a diagnostic at its exact place; positions counted by hand
/// from the fixtures.
@Suite("YAML diagnostics")
struct YAMLDiagnosticTests {
    @Test("a duplicate key is reported at the repeat with a note at the first; the first value is kept")
    func duplicateKey() throws {
        let document = Fixtures.load("duplicate-key.yaml")
        #expect(document.codes == ["duplicate-key@3:1"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == "duplicate key 'title' (first at 1:1)")
        #expect(diagnostic.span?.end.column == 6)
        #expect(diagnostic.notes.map(\.message) == ["first defined here"])
        #expect(diagnostic.notes.first?.span?.start.line == 1)
        #expect(diagnostic.notes.first?.span?.start.column == 1)
        #expect(document.root?["title"]?.string == "First")
        #expect(document.root?.mapping?.count == 2)
    }

    @Test("duplicate keys are found in nested block and flow mappings")
    func nestedDuplicates() throws {
        let document = Fixtures.load("duplicate-key-nested.yaml")
        #expect(document.codes == ["duplicate-key@3:25", "duplicate-key@4:3"])
        #expect(document.diagnostics.map(\.message) == [
            "duplicate key 'a' (first at 3:13)", "duplicate key 'style' (first at 2:3)",
        ])
        #expect(document.root?["screen"]?["style"]?.string == "success")
        #expect(document.root?["screen"]?["options"]?["a"]?.string == "1")
    }

    @Test("duplicate keys are found in large (hashed) mappings too")
    func largeMappingDuplicate() {
        let document = Fixtures.load("duplicate-key-large.yaml")
        #expect(document.codes == ["duplicate-key@21:1"])
        #expect(document.diagnostics.first?.message == "duplicate key 'k5' (first at 5:1)")
        #expect(document.root?.mapping?.count == 20)
        #expect(document.root?["k5"]?.string == "v5")
    }

    @Test("a second document is an error at its '---'; the first document is kept")
    func multipleDocuments() {
        let explicit = Fixtures.load("multiple-documents.yaml")
        #expect(explicit.codes == ["multiple-documents@2:1"])
        #expect(explicit.root?["a"]?.integer == 1)
        #expect(explicit.root?["b"] == nil)
        // The second document is not parsed, so its tab is not reported.
        let withTab = Fixtures.load("multiple-documents-tab.yaml")
        #expect(withTab.codes == ["multiple-documents@2:1"])
    }

    @Test("an empty file, a file of comments and a lone BOM are empty documents at 1:1", arguments: [
        "empty.yaml", "comments-only.yaml", "bom-only.yaml",
    ])
    func emptyDocument(name: String) {
        let document = Fixtures.load(name)
        #expect(document.codes == ["empty-document@1:1"])
        #expect(document.root == nil)
    }

    @Test("invalid UTF-8 is reported at the bad byte's line and column")
    func invalidUTF8() throws {
        let document = Fixtures.load("invalid-utf8.yaml")
        #expect(document.codes == ["invalid-utf8@2:5"])
        #expect(document.diagnostics.first?.message == "invalid UTF-8 byte 0xFF")
        #expect(document.diagnostics.first?.span?.start.offset == 11)
        #expect(document.root == nil)
    }

    /// Ill-formed sequences per Unicode Table 3-7, each with the position of its first byte.
    @Test("every kind of ill-formed UTF-8 is caught at its first byte", arguments: [
        ([0x61, 0x3A, 0x20, 0xC0, 0xAF], "1:4"),  // overlong '/'
        ([0x61, 0x3A, 0x20, 0xED, 0xA0, 0x80], "1:4"),  // surrogate U+D800
        ([0x61, 0x3A, 0x20, 0xF4, 0x90, 0x80, 0x80], "1:4"),  // above U+10FFFF
        ([0x61, 0x3A, 0x20, 0xE2, 0x82], "1:4"),  // truncated at the end
        ([0xEF, 0xBB, 0xBF, 0x61, 0x3A, 0x20, 0xC3, 0xA9, 0x80], "1:5"),  // BOM, é, stray continuation
        ([0x78, 0x0D, 0x0A, 0x79, 0x0D, 0x7A, 0x0A, 0xFE], "4:1"),  // CRLF, lone CR, LF
    ] as [([UInt8], String)])
    func illFormedUTF8(bytes: [UInt8], at position: String) {
        let document = DocumentLoader.load(SourceFile(path: "bad.yaml", bytes: bytes))
        #expect(document.codes == ["invalid-utf8@\(position)"])
    }

    @Test("a tab indenting a key is tab-indentation at the tab, not a cryptic syntax error")
    func tabIndentation() {
        let document = Fixtures.load("tab-indentation.yaml")
        #expect(document.codes == ["tab-indentation@2:1"])
        #expect(document.diagnostics.first?.message == "tab character used for indentation")
    }

    @Test("a tab libyaml accepts silently (plain scalar continuation) is still reported")
    func silentTab() {
        let document = Fixtures.load("tab-continuation.yaml")
        #expect(document.codes == ["tab-indentation@2:3"])
    }

    @Test("tabs inside quoted scalars, block scalars and flow collections are not indentation")
    func allowedTabs() throws {
        let document = Fixtures.load("tab-allowed.yaml")
        #expect(document.diagnostics.isEmpty)
        let root = try #require(document.root)
        #expect(root["quoted"]?.string == "a b")
        #expect(root["block"]?.string == "x\n\ty\n")
        #expect(root["flow"]?.sequence?.compactMap(\.integer) == [1, 2])
    }

    @Test("a libyaml syntax error is reported at libyaml's problem mark")
    func syntaxError() throws {
        let document = Fixtures.load("syntax-error.yaml")
        #expect(document.codes == ["syntax-error@2:5"])
        #expect(document.root == nil)
        let message = try #require(document.diagnostics.first?.message)
        #expect(message.hasPrefix("mapping values are not allowed"))
    }

    @Test("libyaml's 'mapping values are not allowed' gets a hint about indentation (QA3 #4)")
    func mappingValuesHint() throws {
        // `title` is indented 5 spaces instead of 4, so it continues the plain scalar
        // `success`; libyaml stops at its ':' (line 5: 5 spaces + 'title' → column 11).
        let document = Fixtures.load("indentation-mapping-value.yaml")
        #expect(document.codes == ["syntax-error@5:11"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "mapping values are not allowed in this context")
        #expect(diagnostic.hint == "check the indentation of this line and the one before (keys of one mapping must start in the same column), or quote a value that holds ': '")
    }

    @Test("a syntax error names libyaml's context and points a note at where it started")
    func syntaxErrorContext() throws {
        let document = Fixtures.load("unclosed-flow.yaml")
        #expect(document.codes == ["syntax-error@2:1"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message.hasSuffix("(while parsing a flow sequence at 1:6)"))
        #expect(diagnostic.notes.first?.span?.start.column == 6)
    }

    @Test("an alias without an anchor is unknown-alias at the alias; loading goes on")
    func unknownAlias() {
        let document = Fixtures.load("unknown-alias.yaml")
        #expect(document.codes == ["unknown-alias@1:4"])
        #expect(document.diagnostics.first?.message == "unknown alias '*missing'")
        #expect(document.root?["b"]?.string == "ok")
    }

    @Test("an alias inside its own anchored node is recursive-alias, not expanded forever")
    func recursiveAlias() {
        let document = Fixtures.load("recursive-alias.yaml")
        #expect(document.codes == ["recursive-alias@1:11"])
        #expect(document.diagnostics.first?.message == "alias '*x' refers to the node that contains it")
    }
}

@Suite("YAML diagnostics, combined")
struct YAMLCombinedDiagnosticTests {
    @Test("an unknown alias used as a merge value is reported once, as unknown-alias")
    func unknownAliasInMerge() {
        let document = Fixtures.load("merge-unknown-alias.yaml")
        #expect(document.codes == ["unknown-alias@3:7"])
        #expect(document.root?["m"]?.mapping?.map(\.keyText) == ["x"])
    }

    @Test("a silently accepted tab before a syntax error is reported too, in source order")
    func tabBeforeSyntaxError() {
        let document = Fixtures.load("tab-then-syntax-error.yaml")
        #expect(document.codes == ["tab-indentation@2:3", "syntax-error@4:1"])
    }

    @Test("a %YAML directive and an explicit --- start one document")
    func directive() {
        let document = Fixtures.load("directive.yaml")
        #expect(document.diagnostics.isEmpty)
        #expect(document.root?["a"]?.integer == 1)
        #expect(document.root?.at == "3:1")
    }
}

/// Duplicate keys that are not plain text, and mappings on either side of the size where
/// keys start being looked up through an index (more than 12 entries).
@Suite("Duplicate keys: complex keys and large mappings")
struct DuplicateKeyIndexTests {
    @Test("complex keys are duplicates when their content is the same, whatever the quoting; positions at the repeats")
    func complexKeys() {
        let document = Fixtures.load("duplicate-complex-keys.yaml")
        // `["a", 'b']` repeats `[a, b]` (line 5), `{x: "1"}` repeats `{x: 1}` (line 7); `[a, c]` is new.
        #expect(document.codes == ["duplicate-key@5:3", "duplicate-key@7:3"])
        #expect(document.diagnostics.map(\.message) == ["duplicate key (first at 1:3)", "duplicate key (first at 3:3)"])
        #expect(document.root?.mapping?.count == 3)
    }

    @Test("a duplicate just before and just after the mapping becomes indexed is found, and the first value kept")
    func thresholdDuplicates() {
        let document = Fixtures.load("duplicate-key-threshold.yaml")
        #expect(document.codes == ["duplicate-key@13:1", "duplicate-key@15:1"])
        #expect(document.root?.mapping?.count == 13)
        #expect(document.root?["k12"]?.string == "v12")
        #expect(document.root?["k1"]?.string == "v1")
    }

    @Test("merging into a large mapping keeps its own keys and adds the others where << stands")
    func mergeIntoLargeMapping() {
        let document = Fixtures.load("merge-into-large.yaml")
        #expect(document.diagnostics.isEmpty)
        let keys = document.root?["big"]?.mapping?.map(\.keyText)
        #expect(keys == ["m1", "m3"] + (1...14).map { "k\($0)" } + ["m2"])
        #expect(document.root?["big"]?["m2"]?.string == "own")
    }
}
