import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// Expression problems pinned on the fixtures of `Fixtures/expressions/`: each fixture is
/// a small complete flow (YAML or JSON) with one expression mistake (a few with two),
/// and beside it `NAME.expected` holds one line per diagnostic, `LINE:COLUMN CODE
/// MESSAGE`, in the order the compiler returns them (by position). An empty `.expected`
/// is a flow that must compile without any diagnostic.
///
/// The positions were not taken from the tool: each was found by locating the offending
/// character in the fixture's own text (the operator of a type mismatch, the name of an
/// unknown name, the `(` of an unclosed parenthesis, the `\` of an escape that produced
/// it…) and counting Unicode scalars on its line, 1-based; the messages were written
/// from `ExpressionMessages.swift`. The fixtures spread the mistakes over every place an
/// expression goes (`enabledWhen`, `visibleWhen`, `requiredWhen`, `if` conditions, `set`
/// values, `${…}` in templates, the trigger's `when`) and over every way of writing the
/// scalar (plain, multi-line plain, single-quoted with `''`, double-quoted with `\"`,
/// `\t` and `\u00e9`, literal `|` and folded `>` blocks, JSON with `\u` and `\"`).
///
/// A few fixtures pin what the compiler should do where it did not when they were written;
/// their first lines say why (`deep-parentheses-256`, `literal-keep-ends-early`,
/// `uncovered-with-broken-condition`, `unknown-event-with-when`).
@Suite("Expression fixtures")
struct ExpressionFixtureTests {
    typealias F = DecodingFixture

    /// The folder's flow files, by name; new fixtures are picked up without listing them.
    static let fixtures: [String] = {
        let folder = URL(fileURLWithPath: F.path("expressions"))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }()

    /// The lines of the `.expected` file beside fixture `name`, or `nil` when there is none.
    static func expected(_ name: String) -> [String]? {
        let base = (name as NSString).deletingPathExtension
        guard let text = try? String(contentsOfFile: F.path("expressions/\(base).expected"), encoding: .utf8) else {
            return nil
        }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// `LINE:COLUMN CODE MESSAGE` for each diagnostic, as the `.expected` files write them.
    static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { d in
            let place = d.span.map { "\($0.start.line):\($0.start.column)" } ?? "-"
            return "\(place) \(d.code) \(d.message)"
        }
    }

    @Test("each fixture compiles to exactly the diagnostics of its .expected file", arguments: fixtures)
    func fixture(_ name: String) throws {
        let expected = try #require(Self.expected(name), "\(name) has no .expected file beside it")
        let diagnostics = F.compile("expressions/\(name)").diagnostics
        #expect(Self.lines(diagnostics) == expected)
    }

    @Test("the folder holds at least 25 fixtures with a non-empty .expected file, and every .expected has its fixture")
    func folderIsPopulated() throws {
        let withDiagnostics = Self.fixtures.filter { !(Self.expected($0) ?? []).isEmpty }
        #expect(withDiagnostics.count >= 25)
        #expect(Self.fixtures.contains { $0.hasSuffix(".json") })
        let all = try FileManager.default.contentsOfDirectory(atPath: F.path("expressions"))
        let bases = Set(Self.fixtures.map { ($0 as NSString).deletingPathExtension })
        let orphans = all.filter { $0.hasSuffix(".expected") && !bases.contains(($0 as NSString).deletingPathExtension) }
        #expect(orphans.isEmpty)
    }

    @Test("an unknown name suggests the declared name it is closest to")
    func unknownNameHints() {
        #expect(F.compile("expressions/unknown-name-enabled.yaml").diagnostics.map(\.hint) == ["did you mean 'rating'?"])
        #expect(
            F.compile("expressions/unknown-name-dotted.yaml").diagnostics.map(\.hint) == [
                "did you mean 'call.maxParticipants'?"
            ])
    }

    @Test("an unknown function suggests the function it is closest to")
    func unknownFunctionHint() {
        #expect(F.compile("expressions/unknown-function.yaml").diagnostics.map(\.hint) == ["did you mean 'length'?"])
    }

    @Test("an unknown trigger event suggests the declared event")
    func unknownEventHint() {
        #expect(F.compile("expressions/unknown-event.yaml").diagnostics.map(\.hint) == ["did you mean 'callEnded'?"])
    }

    @Test("a field id with '-' is refused at the id, which says the cause once: a condition naming it adds nothing")
    func hyphenFieldHint() {
        #expect(F.compile("expressions/hyphen-field-name.yaml").diagnostics.map(\.hint) == [
            "'-' subtracts in a condition, so no condition could read 'my-rating'; write 'my_rating'"
        ])
    }

    @Test("a context type written 'int' suggests 'integer'")
    func unknownTypeHint() {
        #expect(F.compile("expressions/unknown-type-int.yaml").diagnostics.map(\.hint) == ["did you mean 'integer'?"])
    }

    @Test("bad operators say what to write instead")
    func badOperatorHints() {
        #expect(F.compile("expressions/bad-operator-equal.yaml").diagnostics.map(\.hint) == ["write '==' to compare"])
        #expect(F.compile("expressions/bad-operator-ampersand.yaml").diagnostics.map(\.hint) == ["write '&&' for 'and'"])
        #expect(F.compile("expressions/bad-operator-arrow.yaml").diagnostics.map(\.hint) == ["write '>='"])
        #expect(F.compile("expressions/expected-operator-and.yaml").diagnostics.map(\.hint) == ["write '&&' for 'and'"])
        // `<==` and `>==` meant `<=` and `>=`, not `==`: all three characters are the bad operator.
        for (text, written, meant) in [("stars <== 4", "<==", "<="), ("stars >== 4", ">==", ">=")] {
            guard case .failure(let problem) = FlowExpression(text).parsed else {
                Issue.record("'\(text)' parsed")
                continue
            }
            #expect(problem.message == "bad operator '\(written)'")
            #expect(problem.hint == "write '\(meant)'")
            #expect(problem.range == 6..<9)
        }
    }

    @Test("an optional value read without a null check says how to check it")
    func mayBeNullHint() {
        #expect(
            F.compile("expressions/optional-no-null-check.yaml").diagnostics.map(\.hint) == [
                "check it first: 'call.durationSeconds != null && …'"
            ])
    }

    @Test("a problem's span covers the characters at fault: all of '===', a whole double-quoted string with its escapes")
    func spanWidths() throws {
        let triple = try #require(F.compile("expressions/bad-operator-triple.yaml").diagnostics.first?.span)
        #expect(triple.start.line == triple.end.line)
        #expect(triple.end.column - triple.start.column == 3)
        // In JSON, the expression's `"yes"` is written `\"yes\"`: seven characters of the file.
        let quote = try #require(F.compile("expressions/double-quoted-json.json").diagnostics.first?.span)
        #expect(quote.end.column - quote.start.column == 7)
    }

    @Test("constant conditions, uncovered values and unreachable branches are warnings; the flow still runs")
    func warnings() {
        for name in [
            "always-false-rating.yaml", "always-true-literals.yaml", "always-true-operand.yaml", "uncovered-ratings.yaml",
            "unreachable-else-if.yaml",
        ] {
            let compilation = F.compile("expressions/\(name)")
            #expect(!compilation.diagnostics.isEmpty, "\(name)")
            #expect(compilation.diagnostics.allSatisfy { $0.severity == .warning }, "\(name)")
            #expect(!compilation.hasErrors, "\(name)")
        }
    }
}
