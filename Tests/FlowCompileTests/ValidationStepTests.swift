import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// Steps that `validate` used to accept although they can only fail at run time
/// (QA findings 1 and 2). Every expected `line:column` was counted by hand from the
/// fixture and cross-checked with Python's `str.find` on the line.
@Suite("Validation of steps that can only fail at run time")
struct ValidationStepTests {
    typealias F = DecodingFixture

    @Test("a custom step named like a built-in step is an unknown-step warning with did-you-mean, at the name")
    func misspelledBuiltInSteps() {
        let d = F.compile("validation/step-typos.yaml").diagnostics
        // `log` and `reload` are not close to any built-in step: no warning.
        #expect(F.places(d) == ["6:49 unknown-step", "6:58 unknown-step", "6:69 unknown-step", "6:92 unknown-step"])
        #expect(d.map(\.message) == ["dismis", "Push", "openUrl", "popToroot"].map {
            "unknown step '\($0)'; it will run as a custom handler"
        })
        #expect(d.map { $0.hint?.components(separatedBy: "?").first } == [
            "did you mean 'dismiss'", "did you mean 'push'", "did you mean 'openURL'", "did you mean 'popToRoot'",
        ])
        #expect(d[0].hint == "did you mean 'dismiss'? If 'dismis' is a custom step, declare its handler")
        #expect(d.allSatisfy { $0.severity == .warning })
    }

    @Test("a custom step whose handler the host declares in knownHandlers is not warned about")
    func knownHandlers() {
        let compilation = FlowCompiler.compile(
            contentsOf: URL(filePath: F.path("validation/step-typos.yaml")), options: CompileOptions(knownHandlers: ["dismis", "Push"]))
        #expect(F.places(compilation.diagnostics) == ["6:69 unknown-step", "6:92 unknown-step"])
        let flow = Flow(id: "f", start: "a", screens: [
            FeedbackConfiguration(
                id: "a", style: .success, title: "A", subtitle: nil,
                primaryAction: .button(ActionButton(title: "Go", action: FlowAction(.custom(name: "dismis", argument: nil)))),
                secondaryAction: .none, extraContent: []),
        ])
        #expect(FlowValidator.validate(flow).map(\.code) == ["unknown-step"])
        #expect(FlowValidator.validate(flow, options: CompileOptions(knownHandlers: ["dismis"])).isEmpty)
    }

    @Test("openURL with a constant scheme outside http, https, mailto and tel is disallowed-url-scheme at the URL")
    func urlSchemes() {
        let d = F.compile("validation/url-schemes.yaml").diagnostics
        // ftp, javascript, sms (written before the template), a constant that has no scheme,
        // and a URL that is all template (its value is percent-encoded, so it never holds the
        // scheme's ':'); HTTPS (any case), tel:${…} (a rating is never empty) and mailto are fine.
        #expect(F.places(d) == [
            "12:22 disallowed-url-scheme", "13:22 disallowed-url-scheme", "16:22 disallowed-url-scheme",
            "17:22 invalid-value", "18:22 invalid-value",
        ])
        #expect(d.map(\.message) == [
            "openURL scheme 'ftp' is not allowed (allowed: http, https, mailto, tel)",
            "openURL scheme 'javascript' is not allowed (allowed: http, https, mailto, tel)",
            "openURL scheme 'sms' is not allowed (allowed: http, https, mailto, tel)",
            "openURL 'example.com' is not a URL",
            "openURL '${stars}' is never a URL: values put into a URL are percent-encoded, so its scheme and ':' must be written in the text",
        ])
        #expect(d.allSatisfy { $0.severity == .error })
    }

    @Test("validation allows the schemes the runtime registry allows, and a host can widen both")
    func urlSchemesFollowTheRegistry() {
        let widened = URLSchemePolicy.defaultAllowedSchemes.union(["FTP", "sms"])
        let options = CompileOptions(allowedURLSchemes: widened)
        let d = FlowCompiler.compile(contentsOf: URL(filePath: F.path("validation/url-schemes.yaml")), options: options).diagnostics
        #expect(F.places(d) == ["13:22 disallowed-url-scheme", "17:22 invalid-value", "18:22 invalid-value"])
        #expect(d.first?.message == "openURL scheme 'javascript' is not allowed (allowed: ftp, http, https, mailto, sms, tel)")
    }

    @Test("a registry built from the compile options opens exactly the schemes validation allowed")
    func registryFollowsCompileOptions() async throws {
        let options = CompileOptions(allowedURLSchemes: URLSchemePolicy.defaultAllowedSchemes.union(["FTP", "sms"]))
        let urls = RecordingURLHandler()
        let registry = ActionHandlerRegistry(urlHandler: urls, feedbackSink: RecordingFeedbackSink(), options: options)
        #expect(registry.allowedURLSchemes == ["ftp", "http", "https", "mailto", "sms", "tel"])
        // The fixture's sms URL validates under these options, so the registry opens it;
        // javascript is refused by both.
        try await registry.openURL("sms:+15550100")
        await #expect(throws: StepError.self) { try await registry.openURL("javascript:alert(1)") }
        #expect(urls.opened == ["sms:+15550100"])
        #expect(ActionHandlerRegistry(urlHandler: urls, feedbackSink: RecordingFeedbackSink(), options: CompileOptions())
            .allowedURLSchemes == URLSchemePolicy.defaultAllowedSchemes)
    }

    @Test("a collectUserFeedback rating from fields: a range that leaves 1…5 warns at the field's range with the failing values; a toggle, a text and two references are errors at the step")
    func ratingFieldRanges() throws {
        let d = F.compile("validation/rating-fields.yaml").diagnostics
        // wide (-2…5) fails for -2…0: at its `min: -2` (8:33); tall (1…10) for 6…10: at its
        // `max: 10` (9:33); warnings, each with a note at its step. " ${stars} " (1…5,
        // spaces trimmed) is fine; the toggle, the text field and two references joined
        // are never a whole number from 1 to 5: errors at the steps.
        #expect(F.places(d) == [
            "8:33 argument-may-fail", "9:33 argument-may-fail", "20:44 invalid-value", "21:44 invalid-value", "22:43 invalid-value",
        ])
        #expect(d.map(\.message) == [
            "'wide' is -2…5; collectUserFeedback's rating is 1…5, so the step fails when wide is -2…0",
            "'tall' is 1…10; collectUserFeedback's rating is 1…5, so the step fails when tall is 6…10",
            "'agree' is true or false, never a number; collectUserFeedback's rating is a whole number from 1 to 5",
            "'note' is a text; collectUserFeedback's rating is a whole number from 1 to 5",
            "'${stars}${stars}' joins 2 values into one text; collectUserFeedback's rating is one whole number 1…5",
        ])
        let note = try #require(d.first?.notes.first)
        #expect(note.message == "used as collectUserFeedback's rating here")
        #expect(note.span?.start.description == "17:44")
        #expect(d[2].notes.first?.message == "field 'agree' defined here")
    }

    @Test("a rating field whose range leaves collectUserFeedback's 1…5 is reported once, at its range, with a note at each step that submits it")
    func ratingFieldReportedOnce() throws {
        let d = F.compile("validation/rating-field-many-uses.yaml").diagnostics
        // score (0…10, `min: 0` on line 11 and `max: 10` on line 12, both outside 1…5: at
        // `min`) is submitted alone by six steps on two screens; effort (6…10, written
        // `min: 6, max: 10` on line 13: from the 6 to the end of the 10) by two.
        #expect(F.places(d) == ["11:16 argument-may-fail", "13:35 invalid-value"])
        #expect(d.map(\.message) == [
            "'score' is 0…10; collectUserFeedback's rating is 1…5, so the 6 steps fail when score is 0 or 6…10",
            "'effort' is 6…10; collectUserFeedback's rating is 1…5",
        ])
        #expect(d[1].span?.end.description == "13:45")
        #expect(d.map { $0.notes.map { $0.span?.start.description ?? "" } } == [
            ["18:44", "19:44", "26:44", "35:44", "36:44", "38:44"], ["20:44", "37:44"],
        ])
        #expect(d.allSatisfy { $0.notes.allSatisfy { $0.message == "used as collectUserFeedback's rating here" } })
        #expect(d.allSatisfy { $0.hint?.hasPrefix("give '") == true })
    }

    @Test("popTo from a screen that is always alone on its stack is a warning at the target, and so is one whose target is never below the top")
    func popToFromARoot() {
        let d = F.compile("validation/popto-root.yaml").diagnostics
        // form presents thanks (a new stack [thanks]) then pops to form: 7:79; thanks is only
        // ever presented: 12:59. popTo of the screen itself, and popTo form on the pushed
        // screen, are fine; but after it form, always a root, is on top alone: 17:75.
        #expect(F.places(d) == ["7:79 pop-to-not-in-stack", "12:59 pop-to-not-in-stack", "17:75 pop-to-not-in-stack"])
        #expect(d.map(\.message) == [
            "'popTo: form' on screen 'thanks', which is always the only screen of its stack; 'form' is never in it",
            "'popTo: form' on screen 'thanks', which is always the only screen of its stack; 'form' is never in it",
            "'popTo: pushed' on screen 'form', which is always the only screen of its stack; 'pushed' is never in it",
        ])
        #expect(d.allSatisfy { $0.severity == .warning })
    }

    @Test("popTo whose target is below the top only in some ways of reaching it, or after a step that leaves the top unknown, is a warning; always below is fine")
    func popToNotAlwaysBelow() {
        let d = F.compile("validation/pop-to-below.yaml").diagnostics
        // details is only pushed from home, so its popTo home (13:63) is fine; more is pushed
        // from details (home below) and from help (presented: nothing below): 22:59; after a
        // pop the top is not known: 23:70.
        #expect(F.places(d) == ["22:59 pop-to-not-in-stack", "23:70 pop-to-not-in-stack"])
        #expect(d.map(\.message) == [
            "'popTo: home' on screen 'more' can fail: 'home' is below 'more' in some ways of reaching it, not in all",
            "'popTo: details' on screen 'more' can fail: which screen is on top after the steps before it is not known",
        ])
        #expect(d.allSatisfy { $0.severity == .warning })
    }

    @Test("with presentation push, popTo on the start screen (or its replacement) is a warning: the host's screens below are not the flow's")
    func popToFromThePushedStart() {
        let d = F.compile("validation/popto-start-pushed.yaml").diagnostics
        // a is pushed onto the host's stack: popTo b at 8:59; a replaced by c keeps c first of
        // the flow in that stack: popTo a at 9:76; b is only presented: popTo a at 13:59.
        // pop on c goes back to the host (no pop-on-root); popTo b on b itself is fine.
        #expect(F.places(d) == ["8:59 pop-to-not-in-stack", "9:76 pop-to-not-in-stack", "13:59 pop-to-not-in-stack"])
        #expect(d.map(\.message) == [
            "'popTo: b' on screen 'a', which is always the flow's first screen in its stack (only host screens are below it); 'b' is never below it",
            "'popTo: a' on screen 'c', which is always the flow's first screen in its stack (only host screens are below it); 'a' is never below it",
            "'popTo: a' on screen 'b', which is always the only screen of its stack; 'a' is never in it",
        ])
        #expect(d.allSatisfy { $0.severity == .warning })
    }

    @Test("screen ids and finish outcomes are names, not templates: '${' in them is invalid-value, and an empty outcome too")
    func namesAreNotTemplates() {
        let d = F.compile("validation/names-not-templates.yaml").diagnostics
        // No unknown-screen for the two targets and no unknown-reference for ${next}.
        #expect(F.places(d) == ["11:19 invalid-value", "12:22 invalid-value", "13:21 invalid-value", "15:45 invalid-value"])
        #expect(d.map(\.message) == [
            "'push' target '${screen.id}' is not a screen id: screen ids are names, not templates",
            "'present' target '${next}' is not a screen id: screen ids are names, not templates",
            "finish outcome '${screen.id}' is a name, not a template",
            "finish outcome must not be empty",
        ])
    }

    @Test("a start that holds '${' is invalid-value rather than unknown-screen")
    func startIsNotATemplate() {
        let span = SourceSpan(file: "f.yaml", at: SourcePosition(line: 2, column: 8))
        let screen = FeedbackConfiguration(
            id: "a", style: .success, title: "A", subtitle: nil, primaryAction: .none, secondaryAction: .none,
            extraContent: [])
        let d = FlowValidator.validate(Flow(id: "f", start: "${a}", screens: [screen], startSpan: span))
        #expect(d.map(\.code) == ["invalid-value"])
        #expect(d.first?.message == "start screen '${a}' is not a screen id: screen ids are names, not templates")
    }
}
