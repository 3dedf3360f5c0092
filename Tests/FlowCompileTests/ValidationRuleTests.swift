import FeedbackFlow
import FlowSource
import Testing

/// Validation rules pinned on flows built in Swift code (no loader, no decoder).
@Suite("Validation rules on code-built flows")
struct ValidationRuleTests {
    static let file = "code.yaml"

    static func span(_ line: Int, _ column: Int, width: Int = 1, endLine: Int? = nil) -> SourceSpan {
        SourceSpan(
            file: file, start: SourcePosition(line: line, column: column),
            end: SourcePosition(line: endLine ?? line, column: column + width))
    }

    /// A screen whose primary button runs `steps` (and `onFailure` when given).
    static func screen(
        _ id: String, _ steps: [Step] = [], onFailure: [Step]? = nil, content: [ContentBlock] = [],
        title: TemplateString = "Title", span: SourceSpan? = nil
    ) -> FeedbackConfiguration {
        let primary: FeedbackPrimaryAction = steps.isEmpty && onFailure == nil
            ? .none
            : .button(ActionButton(title: "Go", action: FlowAction(steps), onFailure: onFailure.map { FlowAction($0) }))
        return FeedbackConfiguration(
            id: id, style: .success, title: title, subtitle: nil, primaryAction: primary, secondaryAction: .none,
            extraContent: content, span: span)
    }

    static func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code) }

    @Test("a flow without screens is an error and nothing else is checked")
    func emptyFlow() {
        let diagnostics = FlowValidator.validate(Flow(id: "f", start: "a", screens: [], screensSpan: Self.span(2, 1)))
        #expect(Self.codes(diagnostics) == ["empty-flow"])
        #expect(diagnostics.first?.span == Self.span(2, 1))
    }

    @Test("'start' must name a screen, with did-you-mean at the written start")
    func unknownStart() {
        let flow = Flow(id: "f", start: "thnaks", screens: [Self.screen("thanks")], startSpan: Self.span(3, 8, width: 6))
        let diagnostics = FlowValidator.validate(flow)
        #expect(Self.codes(diagnostics) == ["unknown-screen"])
        #expect(diagnostics.first?.message == "unknown screen 'thnaks'")
        #expect(diagnostics.first?.hint == "start screen: did you mean 'thanks'?")
        #expect(diagnostics.first?.span == Self.span(3, 8, width: 6))
    }

    @Test("every push, present, replace and popTo target must name a screen")
    func unknownTargets() {
        let steps = [
            Step(.push("tanks"), argumentSpan: Self.span(5, 15)), Step(.present("nowhere"), argumentSpan: Self.span(6, 18)),
            Step(.replace("a"), argumentSpan: Self.span(7, 18)), Step(.popTo("root"), argumentSpan: Self.span(8, 16)),
            Step(.dismiss),
        ]
        let flow = Flow(id: "f", start: "a", screens: [Self.screen("a", steps), Self.screen("thanks")])
        let diagnostics = FlowValidator.validate(flow, graphWarnings: false)
        #expect(Self.codes(diagnostics) == ["unknown-screen", "unknown-screen", "unknown-screen"])
        #expect(diagnostics.map(\.message) == ["unknown screen 'tanks'", "unknown screen 'nowhere'", "unknown screen 'root'"])
        #expect(diagnostics.map(\.span) == [Self.span(5, 15), Self.span(6, 18), Self.span(8, 16)])
        #expect(diagnostics[0].hint == "'push' target: did you mean 'thanks'?")
        #expect(diagnostics[1].hint == "'present' target: the screens are 'a', 'thanks'")
    }

    @Test("screens no push, present or replace chain reaches are warned about at their key")
    func unreachable() {
        let flow = Flow(id: "f", start: "a", screens: [
            Self.screen("a", [Step(.push("b"))], onFailure: [Step(.present("c"))]),
            Self.screen("b", [Step(.popTo("a")), Step(.replace("d"))]),
            Self.screen("c"),
            Self.screen("d"),
            Self.screen("orphan", [Step(.push("e"))], span: Self.span(20, 3)),
            Self.screen("e"),
        ])
        let diagnostics = FlowValidator.validate(flow)
        #expect(Self.codes(diagnostics) == ["unreachable-screen", "unreachable-screen"])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics.map(\.message) == [
            "screen 'e' is unreachable from the start screen 'a'", "screen 'orphan' is unreachable from the start screen 'a'",
        ])
        #expect(diagnostics.last?.span == Self.span(20, 3))
        #expect(FlowValidator.validate(flow, graphWarnings: false).isEmpty)
    }

    @Test("a field id used twice in a flow is an error with a note at the first")
    func duplicateFieldIDs() {
        let first = ContentBlock(.field(.textField(id: "email").at(.init(id: Self.span(4, 24)))))
        let second = ContentBlock(.field(.toggle(id: "email").at(.init(id: Self.span(9, 21)))))
        let flow = Flow(id: "f", start: "a", screens: [
            Self.screen("a", [Step(.push("b"))], content: [first]), Self.screen("b", content: [second]),
        ])
        let diagnostics = FlowValidator.validate(flow)
        #expect(Self.codes(diagnostics) == ["duplicate-field-id"])
        #expect(diagnostics.first?.message == "duplicate field id 'email'")
        #expect(diagnostics.first?.span == Self.span(9, 21))
        #expect(diagnostics.first?.notes == [Diagnostic.Note(message: "first defined here", span: Self.span(4, 24))])
    }

    @Test("templates may name field ids of any screen and the context variables, nothing else")
    func references() {
        let content = [
            ContentBlock(.field(.textField(id: "email"))), ContentBlock(.text("Thanks from ${flow.id} on ${screen.id}")),
        ]
        let steps = [
            Step(.collectUserFeedback(FeedbackRequest(rating: "${rating}", reason: "${emial}"))),
            Step(.openURL("https://x.test/${comment}")),
            Step(.custom(name: "track", argument: .string("${user}")), argumentTemplates: ["${user}"]),
        ]
        let flow = Flow(id: "f", start: "a", screens: [
            Self.screen("a", steps + [Step(.push("b"))], content: content, title: "Hi ${email}"),
            Self.screen("b", content: [ContentBlock(.field(.rating(id: "rating")))]),
        ])
        let diagnostics = FlowValidator.validate(flow)
        #expect(Self.codes(diagnostics) == ["unknown-reference", "unknown-reference", "unknown-reference"])
        #expect(diagnostics.map(\.message) == [
            "unknown reference 'emial'", "unknown reference 'comment'", "unknown reference 'user'",
        ])
        // Both hints name the concept, a host-provided variable, not a command-line flag.
        #expect(diagnostics[0].hint == "did you mean 'email'? If the host provides 'emial', declare it as a host-provided variable")
        #expect(diagnostics[1].hint == "a template names a field id of the flow, 'flow.id', 'screen.id', or a host-provided variable; if the host provides 'comment', declare it as one")
        #expect(FlowValidator.contextVariables == ["flow.id", "screen.id"])
    }

    @Test("names a host promises to provide are accepted when passed to the validator")
    func additionalVariables() {
        let flow = Flow(id: "f", start: "a", screens: [Self.screen("a", title: "Hi ${user}")])
        #expect(Self.codes(FlowValidator.validate(flow)) == ["unknown-reference"])
        #expect(FlowValidator.validate(flow, options: CompileOptions(additionalVariables: ["user"])).isEmpty)
    }

    @Test("malformed templates are invalid-template errors; a '${…}' that is not a name is checked as an expression")
    func malformedTemplates() {
        let flow = Flow(id: "f", start: "a", screens: [Self.screen("a", title: "Hi ${} and ${1x} and ${open")])
        let diagnostics = FlowValidator.validate(flow)
        #expect(Self.codes(diagnostics) == ["invalid-template", "invalid-template", "invalid-expression"])
        // `1x`: a number followed by a letter is no token of the expression language.
        #expect(diagnostics.map(\.message) == [
            "empty name in '${}'", "unclosed '${' in template", "unexpected character 'x'",
        ])
    }

    @Test("a reference points at the exact column of '$' in plain and unescaped quoted scalars")
    func referenceColumns() {
        // Title scalar starts at 3:12 (byte offset 40); "Hi ${nme}" is 9 scalars, '$' at offset 3.
        func place(_ span: SourceSpan) -> [Int]? {
            let title = TemplateString("Hi ${nme}", span: span)
            let found = FlowValidator.validate(Flow(id: "f", start: "a", screens: [Self.screen("a", title: title)])).first?.span
            return found.map { [$0.start.line, $0.start.column, $0.start.offset, $0.end.line, $0.end.column, $0.end.offset] }
        }
        func scalar(width: Int, endLine: Int = 3) -> SourceSpan {
            SourceSpan(
                file: Self.file, start: SourcePosition(line: 3, column: 12, offset: 40),
                end: SourcePosition(line: endLine, column: 12 + width, offset: 40 + width))
        }
        // plain: width 9 → '$' at column 12 + 3, byte 43; the reference `${nme}` is 6 wide.
        #expect(place(scalar(width: 9)) == [3, 15, 43, 3, 21, 49])
        // quoted without escapes: width 11 → one more for the opening quote.
        #expect(place(scalar(width: 11)) == [3, 16, 44, 3, 22, 50])
        // quoted with an escape somewhere: the scalar's own span.
        #expect(place(scalar(width: 13)) == [3, 12, 40, 3, 25, 53])
        // several lines (block or folded): the scalar's own span.
        #expect(place(scalar(width: 2, endLine: 5)) == [3, 12, 40, 5, 14, 42])
    }

    @Test("pop on the start screen presented as a root is a warning; pushed on the host it is not")
    func popOnPresentedStart() {
        let pop = Step(.pop, span: Self.span(7, 11))
        let presented = FlowValidator.validate(Flow(id: "f", start: "a", screens: [Self.screen("a", [pop])]))
        #expect(Self.codes(presented) == ["pop-on-root"])
        #expect(presented.first?.severity == .warning)
        #expect(presented.first?.message == "'pop' on screen 'a', which is always the root of its stack")
        #expect(presented.first?.span == Self.span(7, 11))
        let pushed = FlowValidator.validate(Flow(id: "f", start: "a", presentation: .push, screens: [Self.screen("a", [pop])]))
        #expect(pushed.isEmpty)
    }

    @Test("a screen reached by push can pop; one reached only by present or replace of a root cannot")
    func popOnRootByEntry() {
        let flow = Flow(id: "f", start: "a", screens: [
            Self.screen("a", [Step(.push("pushed"))], onFailure: [Step(.present("modal"))]),
            Self.screen("pushed", [Step(.pop)]),
            Self.screen("modal", [Step(.custom(name: "save", argument: nil)), Step(.replace("replacement"))]),
            Self.screen("replacement", [Step(.pop)]),
        ])
        let diagnostics = FlowValidator.validate(flow)
        #expect(diagnostics.map(\.message) == ["'pop' on screen 'replacement', which is always the root of its stack"])
    }

    @Test("replace keeps the position: replacing a pushed screen gives a screen that may pop")
    func replaceOfPushed() {
        let flow = Flow(id: "f", start: "a", screens: [
            Self.screen("a", [Step(.push("b"))]),
            Self.screen("b", [Step(.replace("c"))]),
            Self.screen("c", [Step(.pop)]),
        ])
        #expect(FlowValidator.validate(flow).isEmpty)
    }

    @Test("a screen presented in one place and pushed in another may pop")
    func mixedEntries() {
        let flow = Flow(id: "f", start: "a", screens: [
            Self.screen("a", [Step(.present("b"))], onFailure: [Step(.push("b"))]),
            Self.screen("b", [Step(.pop)]),
        ])
        #expect(FlowValidator.validate(flow).isEmpty)
    }

    @Test("within an action, pop acts on the top at that step")
    func popTracksTheTop() {
        let flow = Flow(id: "f", start: "a", presentation: .push, screens: [
            // On a pushed start: push then pop pops 'b', present then pop pops the root 'c'.
            Self.screen("a", [Step(.push("b")), Step(.pop), Step(.present("c")), Step(.pop)]),
            Self.screen("b"),
            Self.screen("c"),
        ])
        let diagnostics = FlowValidator.validate(flow)
        #expect(diagnostics.map(\.message) == ["'pop' on screen 'c', which is always the root of its stack"])
    }

    @Test("onFailure starts on its own screen only when nothing can have moved before the failure")
    func onFailureStart() {
        let settled = Flow(id: "f", start: "a", screens: [
            Self.screen("a", [Step(.custom(name: "send", argument: nil)), Step(.push("b"))], onFailure: [Step(.pop)]),
            Self.screen("b"),
        ])
        #expect(Self.codes(FlowValidator.validate(settled)) == ["pop-on-root"])
        let moved = Flow(id: "f", start: "a", screens: [
            Self.screen("a", [Step(.push("b")), Step(.custom(name: "send", argument: nil))], onFailure: [Step(.pop)]),
            Self.screen("b"),
        ])
        #expect(FlowValidator.validate(moved).isEmpty)
    }

    @Test("a push after a finish never runs: it makes no screen one that may pop, and a pop after it is not judged")
    func stepsAfterFinish() {
        // 'b' is shown only by present; the push after the finish never runs.
        let pushAfterFinish = Flow(id: "f", start: "a", screens: [
            Self.screen("a", [Step(.present("b"))], onFailure: [Step(.finish("done")), Step(.push("b"))]),
            Self.screen("b", [Step(.pop)]),
        ])
        #expect(FlowValidator.validate(pushAfterFinish).map(\.message) == ["'pop' on screen 'b', which is always the root of its stack"])
        // A finish in both branches ends the action: the present and the pop after it never run.
        let popAfterFinish = Flow(id: "f", start: "a", screens: [
            Self.screen("a", [
                Step(.branch(ConditionalSteps(condition: "true", then: [Step(.finish("x"))], otherwise: [Step(.finish("y"))]))),
                Step(.present("a")), Step(.pop),
            ])
        ])
        #expect(!FlowValidator.validate(popAfterFinish).contains { $0.code == "pop-on-root" })
    }

    @Test("unreachable screens get no pop-on-root warning")
    func popOnUnreachable() {
        let flow = Flow(id: "f", start: "a", screens: [Self.screen("a"), Self.screen("b", [Step(.pop)])])
        #expect(Self.codes(FlowValidator.validate(flow)) == ["unreachable-screen"])
    }

    @Test("rating needs min < max and min <= value <= max; maxLength is at least 1")
    func fieldRanges() {
        let content = [
            ContentBlock(.field(.rating(id: "r1", min: 5, max: 5).at(.init(min: Self.span(4, 30))))),
            ContentBlock(.field(.rating(id: "r2", min: 1, max: 5, value: 0).at(.init(value: Self.span(5, 40))))),
            ContentBlock(.field(.rating(id: "r3", min: 1, max: 5, value: 6))),
            ContentBlock(.field(.rating(id: "r4", min: 1, max: 10, value: 10))),
            ContentBlock(.field(.textField(id: "t", maxLength: 0).at(.init(maxLength: Self.span(7, 50))))),
            ContentBlock(.field(.textEditor(id: "e", maxLength: -3))),
            ContentBlock(.field(.textEditor(id: "ok", maxLength: 1))),
        ]
        let diagnostics = FlowValidator.validate(Flow(id: "f", start: "a", screens: [Self.screen("a", content: content)]))
        #expect(Self.codes(diagnostics).allSatisfy { $0 == "invalid-value" })
        #expect(Set(diagnostics.map(\.message)) == [
            "rating min 5 must be less than max 5", "rating value 0 is outside 1...5", "rating value 6 is outside 1...5",
            "maxLength must be at least 1, found 0", "maxLength must be at least 1, found -3",
        ])
        #expect(diagnostics.count == 5)
        #expect(diagnostics.first { $0.message.hasPrefix("rating min") }?.span == Self.span(4, 30))
        #expect(diagnostics.first { $0.message.hasPrefix("rating value 0") }?.span == Self.span(5, 40))
        #expect(diagnostics.first { $0.message.hasSuffix("found 0") }?.span == Self.span(7, 50))
    }

    @Test("two screens with one id (possible only in code) are an error")
    func duplicateScreens() {
        let flow = Flow(id: "f", start: "a", screens: [Self.screen("a"), Self.screen("a", span: Self.span(9, 3))])
        let diagnostics = FlowValidator.validate(flow)
        #expect(Self.codes(diagnostics) == ["duplicate-screen-id"])
        #expect(diagnostics.first?.span == Self.span(9, 3))
    }

    @Test("a clean flow built in Swift validates without findings")
    func cleanFlowBuiltInSwift() {
        let configuration = FeedbackConfiguration(
            id: "done", style: .success, title: "Title", subtitle: "Subtitle",
            primaryAction: .button(title: "Primary Action", completion: {}),
            secondaryAction: .link(title: "Secondary Action", completion: {}))
        #expect(FlowValidator.validate(Flow(configuration: configuration)).isEmpty)
    }
}
