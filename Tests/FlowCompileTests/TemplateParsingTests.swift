import FeedbackFlow
import Testing

/// ``TemplateString`` parsing (`${name}` is a reference, `$$` a literal `$`). Offsets count Unicode scalars of `raw`; the expected
/// offsets below are counted by hand.
@Suite("Template parsing")
struct TemplateParsingTests {
    @Test("a string without '$' is one literal, the empty string no segment")
    func noDollar() {
        #expect(TemplateString("Thanks, café ☕️!").segments == [.literal("Thanks, café ☕️!")])
        #expect(TemplateString("").segments.isEmpty)
        #expect(TemplateString("").problems.isEmpty)
    }

    @Test("references split the literals; offsets count scalars, not bytes")
    func referencesAndOffsets() {
        // "é" is one scalar (2 bytes), "☕" one scalar (3 bytes): `$` of ${a} is scalar 2,
        // `$` of ${b.c_d1} is scalar 9 (after é, space, $, {, a, }, space, ☕, space).
        let template = TemplateString("é ${a} ☕ ${b.c_d1}!")
        #expect(template.segments == [
            .literal("é "), .variable(name: "a", offset: 2), .literal(" ☕ "),
            .variable(name: "b.c_d1", offset: 9), .literal("!"),
        ])
        #expect(template.problems.isEmpty)
        #expect(template.references.map(\.name) == ["a", "b.c_d1"])
    }

    @Test("'$$' is one literal '$', a lone '$' stays as written")
    func dollars() {
        #expect(TemplateString("$$5 costs $ 5$").segments == [.literal("$5 costs $ 5$")])
        #expect(TemplateString("$${a}").segments == [.literal("${a}")])
        #expect(TemplateString("$$${x}").segments == [.literal("$"), .variable(name: "x", offset: 2)])
        #expect(TemplateString("$$$${x}").segments == [.literal("$${x}")])
        #expect(TemplateString("ü$$").render { _ in nil } == "ü$")
    }

    @Test("an unclosed '${' is a problem at its '$' and the rest stays literal text")
    func unclosed() {
        let template = TemplateString("ñ ${a} and ${b")
        #expect(template.segments == [.literal("ñ "), .variable(name: "a", offset: 2), .literal(" and ${b")])
        #expect(template.problems.map(\.message) == ["unclosed '${' in template"])
        #expect(template.problems.map(\.offset) == [11])
    }

    @Test("an empty '${}' is a problem at its '$'; any other text that is not a name is an expression")
    func invalidNames() {
        let template = TemplateString("${} ${1a} ${é} ${rating * 2}")
        #expect(template.segments == [
            .variable(name: "", offset: 0), .literal(" "), .expression("1a", offset: 4), .literal(" "),
            .expression("é", offset: 10), .literal(" "), .expression("rating * 2", offset: 15),
        ])
        #expect(template.problems.map(\.message) == ["empty name in '${}'"])
        #expect(template.problems.map(\.offset) == [0])
        // The expression's text starts after its `${`.
        #expect(template.expressions.map(\.expression.offsetInScalar) == [6, 12, 17])
    }

    @Test("a template and a condition read names by one grammar: '${a-b}' subtracts, a field id with '-' is refused")
    func oneNameGrammar() throws {
        let template = TemplateString("${rating-1} of ${call.max_2}")
        guard case .expression(let expression, offset: 0)? = template.segments.first else {
            Issue.record("'${rating-1}' is not an expression: \(template.segments)")
            return
        }
        #expect(expression.text == "rating-1")
        #expect(template.references.map(\.name) == ["call.max_2"])
        // The same names as a condition reads: parts of letters, digits and '_' joined by '.'.
        for name in ["rating", "_x", "call.maxParticipants", "a1.b_2"] { #expect(TemplateString.isValidName(Substring(name)), "\(name)") }
        for name in ["my-rating", "1st", "a..b", "a.", ".a", "a.1b", "true", "é"] { #expect(!TemplateString.isValidName(Substring(name)), "\(name)") }
    }
}
