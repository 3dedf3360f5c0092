import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// Where template diagnostics point when the scalar is folded, escaped or a block scalar
/// (QA finding 4), and the order of diagnostics at one place. Expected `line:column`s
/// were counted by hand and cross-checked with Python's `str.find` on each line.
@Suite("Template positions in every scalar style")
struct TemplatePositionTests {
    typealias F = DecodingFixture

    @Test("a reference in a block, folded, multi-line plain, escaped or quoted scalar points at its '$'")
    func everyScalarStyle() {
        let d = F.compile("validation/template-positions.yaml").diagnostics
        #expect(F.places(d) == [
            "8:16 unknown-reference",  // `|-`, second line
            "10:14 unknown-reference",  // `>`
            "14:17 unknown-reference",  // plain scalar continued on the next line
            "15:23 unknown-reference",  // "\u00e9 ${esc} ${esc}": the first ${esc}
            "15:30 unknown-reference",  // … and the second
            "16:22 unknown-reference",  // 'it''s ${quote}'
            "17:24 unknown-reference",  // "$${lit} ${lit}": the reference, not the escaped '$${lit}'
            "18:15 unknown-reference",  // "\x24{one} \x24{two}": no '${' in the file, so the scalar,
            "18:15 unknown-reference",  // both at its start, in written order
        ])
        #expect(d.map(\.message) == [
            "nope", "fold", "multi", "esc", "esc", "quote", "lit", "one", "two",
        ].map { "unknown reference '\($0)'" })
        // The exact spans cover the reference: `${nope}` is 7 scalars.
        #expect(d[0].span.map { [$0.start.line, $0.start.column, $0.end.line, $0.end.column] } == [8, 16, 8, 23])
    }

    @Test("with a BOM and CRLF line ends, a reference after a two-byte letter keeps its line, column and byte offset")
    func bomAndCRLF() throws {
        let d = F.compile("validation/template-crlf.yaml").diagnostics
        #expect(F.places(d) == ["5:7 unknown-reference"])
        // BOM (3) + "version: 1\r\n" (12) + "style: success\r\n" (16) + "title: |-\r\n" (11)
        // + "  one\r\n" (7) + "  tw" (4) + "ö" (2) + " " (1) = byte 56.
        let span = try #require(d.first?.span)
        #expect(span.start.offset == 56)
        #expect(span.end.offset == 63)
        #expect(span.end.column == 14)
    }

    @Test("diagnostics at one line and column keep the order they were found in, whatever their byte offsets")
    func orderAtOnePlace() {
        func at(_ column: Int, offset: Int) -> SourceSpan {
            SourceSpan(file: "f.yaml", at: SourcePosition(line: 3, column: column, offset: offset))
        }
        let found = [
            Diagnostic.error("c", "later", at: at(9, offset: 20)),
            Diagnostic.error("b", "second", at: at(8, offset: 19)),
            Diagnostic.error("a", "first", at: at(8, offset: 12)),
            Diagnostic.error("z", "no place", at: nil),
        ]
        #expect(FlowCompiler.ordered(found).map(\.message) == ["no place", "second", "first", "later"])
    }

    @Test("an identical diagnostic reported twice (through a merge key) is kept once")
    func mergedRepeatsOnce() {
        let d = F.compile("validation/merge-repeat.yaml").diagnostics
        // Screen a's `titel` (6:5) is decoded for a and again for b, which merges a in.
        #expect(F.places(d) == ["6:5 unknown-key"])
        #expect(d.first?.hint == "did you mean 'title'?")
    }

    @Test("only exact repeats are dropped: the same place with another code or message is kept")
    func onlyExactRepeats() {
        let span = SourceSpan(file: "f.yaml", at: SourcePosition(line: 1, column: 1))
        let first = Diagnostic.error("unknown-key", "unknown key 'x'", at: span, hint: "first")
        let found = [
            first, Diagnostic.error("unknown-key", "unknown key 'x'", at: span, hint: "second"),
            Diagnostic.warning("unknown-key", "unknown key 'x'", at: span),
            Diagnostic.error("unknown-key", "unknown key 'y'", at: span),
        ]
        let kept = FlowCompiler.ordered(found)
        #expect(kept.map(\.message) == ["unknown key 'x'", "unknown key 'x'", "unknown key 'y'"])
        #expect(kept.first?.hint == "first")
        #expect(kept.map(\.severity) == [.error, .warning, .error])
    }
}
