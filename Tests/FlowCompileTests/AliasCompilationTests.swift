import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Testing

/// An alias problem is reported once, by the loader, and an alias key is located where
/// it is written (QA findings 12 and 4). Positions counted by hand from the fixtures.
@Suite("Compiling flows with alias problems")
struct AliasCompilationTests {
    @Test("`title: *nope` is only unknown-alias, not also 'expected a string, found null'")
    func unknownAliasValue() {
        let compilation = DecodingFixture.compile("decoding/unknown-alias-title.yaml")
        #expect(DecodingFixture.places(compilation.diagnostics) == ["3:8 unknown-alias"])
    }

    @Test("an unknown alias in an action list is only unknown-alias, not also a null step")
    func unknownAliasStep() {
        let compilation = DecodingFixture.compile("decoding/unknown-alias-step.yaml")
        #expect(DecodingFixture.places(compilation.diagnostics) == ["7:23 unknown-alias"])
    }

    @Test("an alias used as an unknown key is reported at the alias, quoting the key's text")
    func aliasKeyUnknown() throws {
        let compilation = DecodingFixture.compile("decoding/alias-key-unknown.yaml")
        #expect(DecodingFixture.places(compilation.diagnostics) == ["8:1 unknown-key"])
        #expect(compilation.diagnostics.first?.message == "unknown key 'action'")
    }
}
