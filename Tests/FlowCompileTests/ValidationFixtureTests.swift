import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// Validation rules pinned on YAML fixtures through ``FlowCompiler``; every expected
/// `line:column` was counted by hand from the fixture (and cross-checked with PyYAML's
/// marks).
@Suite("Validation fixtures")
struct ValidationFixtureTests {
    typealias F = DecodingFixture

    @Test("start and every navigation target must name a screen, each at the id as written")
    func unknownScreens() {
        let d = F.compile("validation/unknown-screens.yaml").diagnostics
        #expect(F.places(d) == [
            "2:8 unknown-screen", "11:19 unknown-screen", "12:22 unknown-screen", "13:22 unknown-screen",
            "14:20 unknown-screen",
        ])
        #expect(d.map(\.hint) == [
            "start screen: did you mean 'home'?", "'push' target: did you mean 'details'?",
            "'present' target: did you mean 'summary'?",
            "'replace' target: the screens are 'home', 'details', 'summary'", "'popTo' target: did you mean 'home'?",
        ])
    }

    @Test("the cause is reported once and checking goes on: a duplicate field id keeps its first type, a double-quoted string does not stop its expression's checks")
    func recovery() {
        let d = F.compile("validation/recovery.yaml").diagnostics
        // 9:25 the second 'score'; no '>=' type error from its text type at 14:29.
        // 16:40 `"x"` in double quotes; then 'ratng' at 16:47 is still checked.
        #expect(F.places(d) == ["9:25 duplicate-field-id", "16:40 invalid-expression", "16:47 unknown-reference"], "\(d.map(\.message))")
        #expect(d[1].message == "strings in expressions are written in single quotes")
        #expect(d[1].span.map { $0.end.column - $0.start.column } == 3, "the whole \"x\" is underlined")
        #expect(d[2].message == "unknown name 'ratng'")
        #expect(FlowExpression("reason == \"x\"").evaluate { _ in .string("x") } == .failure("strings in expressions are written in single quotes"))
    }

    @Test("one mistake, one diagnostic: a refused field id is reported where it is declared only, a toggle compared with a text says it is true or false, a mistyped built-in step in a flow with handlers is one error naming the built-in")
    func oneMistakeOneDiagnostic() {
        let d = F.compile("validation/one-mistake-one-diagnostic.yaml").diagnostics
        // 9:25 the id 'user-email' (its uses at 7:20 and 15:80 say nothing more); 14:29 the
        // '==' of "isBug == 'yes'"; 15:18 'popp' (no unknown-step warning beside it).
        #expect(F.places(d) == ["9:25 invalid-value", "14:29 expression-type-mismatch", "15:18 undeclared-handler"])
        #expect(d.map(\.hint) == [
            "'-' subtracts in a condition, so no condition could read 'user-email'; write 'user_email'",
            "'isBug' is true or false, never a text: write 'isBug' (or compare it with true)",
            "did you mean the built-in step 'pop'?",
        ])
    }

    @Test("a toggle compared with a text that means false is told to write '!name'; one compared with '!= no' to write the name")
    func booleanComparedWithText() {
        let d = F.compile("validation/boolean-compared-with-text.yaml").diagnostics
        #expect(F.places(d) == ["8:25 expression-type-mismatch", "10:62 expression-type-mismatch"])
        #expect(d.map(\.hint) == [
            "'isBug' is true or false, never a text: write '!isBug' (or compare it with false)",
            "'isBug' is true or false, never a text: write 'isBug' (or compare it with true)",
        ])
    }

    @Test("a field id, context value or variable named as a value a handler returns, or a handler returning 'flow.…', is refused where it is written")
    func returnedNameTaken() {
        let d = F.compile("validation/returned-name-taken.yaml").diagnostics
        // 3:53 the handler 'flow' (its 'flow.id' is the flow's id); 4:13 the variable
        // 'h.ok'; 9:36 the field id 'h.x'.
        #expect(F.places(d) == ["3:53 invalid-value", "4:13 invalid-value", "9:36 invalid-value"])
        #expect(d.map(\.message) == [
            "handler 'flow' returns 'flow.id', a name kept for the context variables",
            "'h.ok' is declared and is also a value handler 'h' returns",
            "field id 'h.x' is also a value handler 'h' returns",
        ])
    }

    @Test("screens no chain of push/present/replace reaches are warnings at their key")
    func unreachable() {
        let compilation = F.compile("validation/unreachable.yaml")
        #expect(F.places(compilation.diagnostics) == ["12:3 unreachable-screen", "16:3 unreachable-screen"])
        #expect(compilation.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(!compilation.hasErrors)
    }

    @Test("pop on a screen that is only ever a stack root is a warning; on a pushed screen it is not")
    func popOnRoot() {
        let d = F.compile("validation/pop-on-root.yaml").diagnostics
        #expect(F.places(d) == ["10:38 pop-on-root", "22:38 pop-on-root"])
        #expect(d.map(\.message) == [
            "'pop' on screen 'home', which is always the root of its stack",
            "'pop' on screen 'help', which is always the root of its stack",
        ])
    }

    @Test("field ids are unique in a flow; rating ranges and maxLength are checked")
    func fields() throws {
        let d = F.compile("validation/fields.yaml").diagnostics
        #expect(F.places(d) == [
            "9:43 invalid-value", "10:52 invalid-value", "16:22 duplicate-field-id", "17:34 invalid-value",
        ])
        #expect(d.map(\.message) == [
            "maxLength must be at least 1, found 0", "rating value 6 is outside 1...5", "duplicate field id 'email'",
            "rating min 3 must be less than max 3",
        ])
        let note = try #require(d[2].notes.first)
        #expect(note.message == "first defined here")
        #expect(note.span?.start.description == "9:25")
    }

    @Test("template references point at '$' in plain, quoted, escaped and block scalars")
    func templates() throws {
        let d = F.compile("validation/templates.yaml").diagnostics
        #expect(F.places(d) == [
            "6:18 unknown-reference",  // plain: Hello ${nmae}
            "10:21 unknown-reference",  // single-quoted, no escape
            "11:26 unknown-reference",  // double-quoted with \t before: the '$' in the file
            "13:17 unknown-reference",  // block scalar: the '$' on the scalar's line
            "14:20 unknown-reference",  // plain after 'Café': columns count Unicode scalars
            "19:44 invalid-template",  // "${name  (unclosed)
            "19:62 invalid-template",  // "${}"
            "20:42 unknown-reference",  // plain URL
        ])
        #expect(d.map(\.message) == [
            "unknown reference 'nmae'", "unknown reference 'nme'", "unknown reference 'nam'", "unknown reference 'naem'",
            "unknown reference 'nmea'", "unclosed '${' in template", "empty name in '${}'", "unknown reference 'user'",
        ])
        #expect(d[0].hint == "did you mean 'name'? If the host provides 'nmae', declare it as a host-provided variable")
        #expect(d[0].span?.end.column == 25)  // `${nmae}` is 7 scalars wide
        // 'Café' has a two-byte 'é': the column counts scalars, the offset counts bytes of the file.
        let bytes = Array(try String(contentsOfFile: F.path("validation/templates.yaml"), encoding: .utf8).utf8)
        let needle = Array("${nmea}".utf8)
        let byteOffset = (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }
        #expect(d[4].span?.start.offset == byteOffset)
        #expect(d[4].span.map { $0.end.offset - $0.start.offset } == 7)
    }

    @Test("collectUserFeedback needs a rating, at the step; a constant rating must be a whole number from 1 to 5, at the rating")
    func feedbackRatings() {
        let d = F.compile("validation/feedback-rating.yaml").diagnostics
        // Lines 13 and 14 lack a rating (the step starts at column 13); 0, "6" and 4.5 stand
        // at column 43 of lines 15-17; " 3 " (spaces trimmed), 5 and "${stars}" are fine;
        // "${stars}0" (line 22, its quote at column 69) is 10…50, never 1…5.
        #expect(F.places(d) == [
            "13:13 missing-key", "14:13 missing-key", "15:43 invalid-value", "16:43 invalid-value", "17:43 invalid-value",
            "22:69 invalid-value",
        ])
        #expect(d[0].message == "collectUserFeedback needs 'rating'")
        #expect(d[0].hint == "write 'rating: \"${stars}\"' (the screen's rating field) or a whole number from 1 to 5")
        #expect(d.dropFirst(2).map(\.message) == ["0", "6", "4.5"].map {
            "collectUserFeedback rating must be a whole number from 1 to 5, found '\($0)'"
        } + ["'${stars}0' adds text to its value; collectUserFeedback's rating is one whole number 1…5"])
        #expect(d.allSatisfy { $0.severity == .error })
    }

    @Test("a flow that decodes with errors gets no whole-graph warnings")
    func graphWarningsNeedACleanDecode() {
        // image.yaml has screen 'c' that nothing reaches, but its decoding errors come first.
        let d = F.compile("decoding/image.yaml").diagnostics
        #expect(!d.contains { $0.code == "unreachable-screen" })
    }

    @Test("an empty screens mapping is an empty flow, at the mapping")
    func emptyFlow() {
        let compilation = F.compile("validation/empty-screens.yaml")
        #expect(F.places(compilation.diagnostics) == ["2:10 empty-flow"])
    }

    @Test("the call-quality example flow validates without findings")
    func cleanFlow() {
        #expect(F.compile("decoding/call-quality.yaml").diagnostics.isEmpty)
        #expect(F.compile("decoding/call-quality.json").diagnostics.isEmpty)
    }
}
