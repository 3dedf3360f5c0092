import FeedbackFlow
import FlowSource
import Testing

/// How a libyaml failure is labelled. It is a `syntax-error` with libyaml's problem text
/// unless one of the loader's own rules finds its own problem at that place:
/// `tab-indentation` only where a tab really is indentation (YAML 1.2 §6.1: the leading
/// white space of a line with content, outside quoted and block scalars and flow
/// collections; §8.2.1: between a block indicator and a compact collection), and
/// `multiple-documents` only where a second document starts with `---`. Positions are
/// the 1-based line and column of each fixture's place, counted by hand.
@Suite("YAML: a libyaml failure is a syntax error unless our own rule finds its own problem there")
struct YAMLFailureLabelTests {
    @Test("content after a flow-collection root is a syntax error, not a second document")
    func contentAfterFlowRoot() {
        // `{…}` is the whole first document; `screens:` on line 2 cannot continue it and
        // no `---` starts another one.
        let document = Fixtures.load("flow-root-then-more.yaml")
        #expect(document.codes == ["syntax-error@2:1"])
        #expect(document.diagnostics.first?.message.hasPrefix("did not find expected <document start>") == true)
        #expect(document.diagnostics.first?.hint?.hasPrefix("the file's one document has already ended here") == true)
        #expect(document.root == nil)
    }

    @Test("content after '...' without '---' is a syntax error with libyaml's problem, not a second document")
    func contentAfterDocumentEnd() {
        let document = Fixtures.load("content-after-document-end.yaml")
        #expect(document.codes == ["syntax-error@3:1"])
        #expect(document.diagnostics.first?.message.hasPrefix("did not find expected <document start>") == true)
    }

    @Test("a tab before a comment is not indentation: libyaml's failure there is a syntax error")
    func tabBeforeComment() {
        // YAML 1.2 §6.6 allows tabs before a comment; libyaml 0.2.5 still fails there with
        // a message about a tab, which stays a syntax error.
        let document = Fixtures.load("tab-before-comment.yaml")
        #expect(document.codes == ["syntax-error@2:1"])
        #expect(document.diagnostics.first?.message.hasPrefix("found a tab character that violates indentation") == true)
        #expect(document.diagnostics.first?.hint == "libyaml does not accept a tab here; write spaces instead")
    }

    @Test("a tab on a line holding only white space is not indentation: libyaml's failure there is a syntax error")
    func tabOnBlankLine() {
        let document = Fixtures.load("tab-blank-line.yaml")
        #expect(document.codes == ["syntax-error@2:1"])
        #expect(document.diagnostics.first?.message.hasPrefix("found character that cannot start any token") == true)
    }

    @Test("a tab between a dash and a scalar separates, it does not indent: libyaml's failure there is a syntax error")
    func tabAfterDashBeforeScalar() {
        // YAML 1.2 §6.1 example 6.2 (`-→b`): white space after `-` before a scalar may be a tab.
        let document = Fixtures.load("tab-after-dash-scalar.yaml")
        #expect(document.codes == ["syntax-error@1:3"])
        #expect(document.diagnostics.first?.message.hasPrefix("found character that cannot start any token") == true)
    }

    @Test("a tab indenting a line that libyaml rejects for another reason is reported beside that syntax error")
    func tabAndAnotherFailureOnOneLine() {
        // The tab at 2:3 is indentation (our own finding); libyaml fails at the ': ' at 2:10,
        // which would fail with a space in place of the tab too.
        let document = Fixtures.load("tab-then-other-error.yaml")
        #expect(document.codes == ["tab-indentation@2:3", "syntax-error@2:10"])
        #expect(document.diagnostics.last?.message == "mapping values are not allowed in this context")
    }
}
