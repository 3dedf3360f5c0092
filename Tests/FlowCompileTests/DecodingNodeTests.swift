import FeedbackFlow
import FlowSource
import Testing

/// Decoding rules pinned on hand-built node trees (no loader involved): the expected
/// place of each diagnostic is the span of the node the test built.
@Suite("Decoding from hand-built nodes")
struct DecodingNodeTests {
    /// A minimal valid screen: `{style: success, title: T, primaryAction: none}` plus `extra`.
    static func screen(_ b: NodeBuilder, title: String = "Thanks", _ extra: [(String, Node)] = []) -> Node {
        b.map([("style", b.scalar("success")), ("title", b.scalar(title)), ("primaryAction", b.scalar("none"))] + extra)
    }

    @Test("a flow keeps its screens in written order with the defaults of the format")
    func flowDefaults() throws {
        let b = NodeBuilder()
        let root = b.map([
            ("version", b.scalar("1")),
            ("start", b.scalar("b")),
            ("screens", b.map([("b", Self.screen(b)), ("a", Self.screen(b))])),
        ])
        let (flow, diagnostics) = decodeNodes(root, path: "flows/call-quality.yaml")
        #expect(diagnostics.isEmpty)
        let decoded = try #require(flow)
        #expect(decoded.id == "call-quality")
        #expect(decoded.version == 1)
        #expect(decoded.start == "b")
        #expect(decoded.startSpan == root.pair("start")?.value.span)
        #expect(decoded.presentation == .present)
        #expect(decoded.screens.map(\.id) == ["b", "a"])
        #expect(decoded.screens[0].span == root.pair("screens")?.value.pair("b")?.key.span)
        #expect(decoded.screens[0].secondaryAction.button == nil)
        #expect(decoded.screens[0].extraContent.isEmpty)
    }

    @Test("a single-screen file is a flow of one screen named after the file")
    func singleScreenFile() throws {
        let b = NodeBuilder()
        let root = b.map([
            ("version", b.scalar("1")), ("presentation", b.scalar("push")),
            ("style", b.scalar("feedback")), ("image", b.scalar("feedbackLogo")),
            ("title", b.scalar("How is your call going?")), ("primaryAction", b.scalar("none")),
        ])
        let (flow, diagnostics) = decodeNodes(root, path: "dir/network.error.yml")
        #expect(diagnostics.isEmpty)
        let decoded = try #require(flow)
        #expect(decoded.id == "network.error")
        #expect(decoded.start == "network.error")
        #expect(decoded.presentation == .push)
        #expect(decoded.screens.count == 1)
        #expect(decoded.screens.first?.id == "network.error")
        #expect(decoded.screens.first?.style == .feedback(image: "feedbackLogo"))
        #expect(decoded.screens.first?.title.raw == "How is your call going?")
    }

    @Test("an explicit id names the flow; one screen is the start without 'start'")
    func explicitIDAndImplicitStart() throws {
        let b = NodeBuilder()
        let root = b.map([
            ("version", b.scalar("1")), ("id", b.scalar("rating")),
            ("screens", b.map([("only", Self.screen(b))])),
        ])
        let (flow, diagnostics) = decodeNodes(root)
        #expect(diagnostics.isEmpty)
        #expect(flow?.id == "rating")
        #expect(flow?.start == "only")
        #expect(flow?.startSpan == nil)
    }

    @Test("'start' is required with more than one screen, reported at the top mapping's start")
    func startRequired() {
        let b = NodeBuilder()
        let root = b.map([("version", b.scalar("1")), ("screens", b.map([("a", Self.screen(b)), ("b", Self.screen(b))]))])
        let (flow, diagnostics) = decodeNodes(root)
        #expect(diagnostics.map(\.code) == ["missing-key"])
        #expect(diagnostics.first?.message == "missing required key 'start'")
        #expect(diagnostics.first?.span?.start == root.span.start)
        #expect(flow?.start == "a")
    }

    @Test("'version' must be present and be the integer 1")
    func version() {
        let b = NodeBuilder()
        let missing = decodeNodes(b.map([("screens", b.map([("a", Self.screen(b))]))])).diagnostics
        #expect(missing.map(\.message) == ["missing required key 'version'"])

        let two = b.scalar("2")
        let (flow, unsupported) = decodeNodes(b.map([("version", two), ("screens", b.map([("a", Self.screen(b))]))]))
        #expect(flow == nil)
        #expect(unsupported.map(\.code) == ["unsupported-version"])
        #expect(unsupported.first?.span == two.span)

        let quoted = decodeNodes(b.map([("version", b.scalar("1", .doubleQuoted)), ("screens", b.map([("a", Self.screen(b))]))]))
        #expect(quoted.diagnostics.map(\.message) == ["expected an integer, found a string"])
    }

    @Test("an unknown key is reported at the key with the closest valid key as a hint")
    func unknownKeyWithSuggestion() {
        let b = NodeBuilder()
        let screen = b.map([
            ("style", b.scalar("success")), ("titel", b.scalar("Thanks")), ("primaryAction", b.scalar("none")),
            ("colour", b.scalar("red")),
        ])
        let root = b.map([("version", b.scalar("1")), ("screens", b.map([("a", screen)]))])
        let diagnostics = decodeNodes(root).diagnostics
        // 'titel' suggests 'title', so the missing title is not reported a second time.
        #expect(diagnostics.map(\.code) == ["unknown-key", "unknown-key"])
        #expect(diagnostics[0].message == "unknown key 'titel'")
        #expect(diagnostics[0].hint == "did you mean 'title'?")
        #expect(diagnostics[0].span == screen.pair("titel")?.key.span)
        #expect(diagnostics[1].message == "unknown key 'colour'")
        #expect(diagnostics[1].hint?.hasPrefix("valid here: 'style', 'image', 'title'") == true)
    }

    @Test("unknown top-level keys are errors too")
    func unknownTopLevelKey() {
        let b = NodeBuilder()
        let root = b.map([
            ("version", b.scalar("1")), ("$comment", b.scalar("x")), ("strat", b.scalar("a")),
            ("screens", b.map([("a", Self.screen(b))])),
        ])
        let diagnostics = decodeNodes(root).diagnostics
        #expect(diagnostics.map(\.message) == ["unknown key '$comment'", "unknown key 'strat'"])
        #expect(diagnostics[1].hint == "did you mean 'start'?")
    }

    @Test("'$schema' is allowed at the top; naming another schema than this format's is foreign-schema, a warning at the value")
    func schemaKey() {
        let b = NodeBuilder()
        func root(_ reference: String) -> Node {
            b.map([
                ("$schema", b.scalar(reference)), ("version", b.scalar("1")), ("screens", b.map([("a", Self.screen(b))])),
            ])
        }
        #expect(decodeNodes(root("../schemas/feedbackflow.schema.json")).diagnostics.isEmpty)
        #expect(decodeNodes(root("https://example.com/x/feedbackflow.schema.json#top")).diagnostics.isEmpty)
        let other = decodeNodes(root("https://json.schemastore.org/github-workflow.json")).diagnostics
        #expect(other.map(\.code) == ["foreign-schema"])
        #expect(other.first?.severity == .warning)
    }

    @Test("a wrong kind of value is a type mismatch at the value; null differs from absent")
    func typeMismatch() {
        let b = NodeBuilder()
        let mappingTitle = b.map([("text", b.scalar("x"))])
        let nullStyle = b.empty()
        let screen = b.map([
            ("style", nullStyle), ("title", mappingTitle), ("subtitle", b.empty()),
            ("primaryAction", b.scalar("none")), ("secondaryAction", b.scalar("~")),
        ])
        let root = b.map([("version", b.scalar("1")), ("screens", b.map([("a", screen)]))])
        let diagnostics = decodeNodes(root).diagnostics
        #expect(diagnostics.map(\.message) == ["expected a string, found null", "expected a string, found a mapping"])
        #expect(diagnostics.allSatisfy { $0.code == "type-mismatch" })
        // An empty value has no text of its own: the key is the place.
        #expect(diagnostics[0].span == screen.pair("style")?.key.span)
        #expect(diagnostics[1].span == mappingTitle.span)
    }

    @Test("a null written as '~' is reported at the '~'")
    func explicitNull() {
        let b = NodeBuilder()
        let tilde = b.scalar("~")
        let screen = b.map([("style", b.scalar("success")), ("title", tilde), ("primaryAction", b.scalar("none"))])
        let diagnostics = decodeNodes(b.map([("version", b.scalar("1")), ("screens", b.map([("a", screen)]))])).diagnostics
        #expect(diagnostics.map(\.message) == ["expected a string, found null"])
        #expect(diagnostics.first?.span == tilde.span)
    }

    @Test("a missing required key is reported at the start of its mapping; a screen's at its id, naming it")
    func missingKey() {
        let b = NodeBuilder()
        let screen = b.map([("style", b.scalar("success")), ("primaryAction", b.scalar("none"))])
        let screens = b.map([("a", screen)])
        let diagnostics = decodeNodes(b.map([("version", b.scalar("1")), ("screens", screens)])).diagnostics
        #expect(diagnostics.map(\.code) == ["missing-key"])
        #expect(diagnostics.first?.message == "screen 'a' is missing required key 'title'")
        #expect(diagnostics.first?.span == screens.pair("a")?.key.span)
        let trigger = b.map([("when", b.scalar("true"))])
        let flow = decodeNodes(b.map([("version", b.scalar("1")), ("trigger", trigger), ("screens", b.map([("a", b.map([
            ("style", b.scalar("success")), ("title", b.scalar("A")), ("primaryAction", b.scalar("none")),
        ]))]))])).diagnostics
        #expect(flow.first?.message == "missing required key 'event'")
        #expect(flow.first?.span == SourceSpan(file: b.file, at: trigger.span.start))
    }

    @Test("an unknown style is an invalid value with did-you-mean, else the allowed list")
    func badStyle() {
        let b = NodeBuilder()
        let typo = b.scalar("sucess")
        let far = b.scalar("purple")
        let root = b.map([
            ("version", b.scalar("1")), ("start", b.scalar("a")),
            ("screens", b.map([
                ("a", b.map([("style", typo), ("title", b.scalar("A")), ("primaryAction", b.scalar("none"))])),
                ("b", b.map([("style", far), ("title", b.scalar("B")), ("primaryAction", b.scalar("none"))])),
            ])),
        ])
        let diagnostics = decodeNodes(root).diagnostics
        #expect(diagnostics.map(\.code) == ["invalid-value", "invalid-value"])
        #expect(diagnostics[0].message == "unknown style 'sucess'")
        #expect(diagnostics[0].hint == "did you mean 'success'?")
        #expect(diagnostics[0].span == typo.span)
        #expect(diagnostics[1].hint == "expected one of: 'success', 'informative', 'error', 'feedback'")
    }

    @Test("'image' is required with style feedback and not allowed with the fixed styles")
    func imageRules() {
        let b = NodeBuilder()
        let feedbackScreen = b.map([("style", b.scalar("feedback")), ("title", b.scalar("A")), ("primaryAction", b.scalar("none"))])
        let errorScreen = b.map([
            ("style", b.scalar("error")), ("image", b.scalar("logo")), ("title", b.scalar("B")),
            ("primaryAction", b.scalar("none")),
        ])
        let root = b.map([
            ("version", b.scalar("1")), ("start", b.scalar("a")),
            ("screens", b.map([("a", feedbackScreen), ("b", errorScreen)])),
        ])
        let diagnostics = decodeNodes(root).diagnostics
        #expect(diagnostics.map(\.code) == ["missing-key", "image-not-allowed"])
        #expect(diagnostics[0].message == "screen 'a' is missing required key 'image'")
        #expect(diagnostics[0].span == root.pair("screens")?.value.pair("a")?.key.span)
        #expect(diagnostics[1].message == "'image' is not allowed with style 'error'")
        #expect(diagnostics[1].span == errorScreen.pair("image")?.key.span)
    }

    @Test("a title that is empty or only whitespace is an error; strings keep their written form")
    func titles() throws {
        let b = NodeBuilder()
        let blank = b.scalar("  ", .doubleQuoted)
        let root = b.map([
            ("version", b.scalar("1")), ("start", b.scalar("a")),
            ("screens", b.map([
                ("a", b.map([("style", b.scalar("success")), ("title", blank), ("primaryAction", b.scalar("none"))])),
                ("b", b.map([
                    ("style", b.scalar("success")), ("title", b.scalar("NO")), ("subtitle", b.scalar("0755")),
                    ("primaryAction", b.scalar("none")),
                ])),
            ])),
        ])
        let (flow, diagnostics) = decodeNodes(root)
        #expect(diagnostics.map(\.code) == ["empty-title"])
        #expect(diagnostics.first?.span == blank.span)
        let second = try #require(flow?.screens.last)
        #expect(second.title.raw == "NO")
        #expect(second.subtitle?.raw == "0755")
    }

    @Test("primary and secondary actions decode every kind with their titles and steps")
    func actionKinds() throws {
        let b = NodeBuilder()
        let pushTarget = b.scalar("b")
        let retry = b.map([
            ("retryButton", b.map([
                ("title", b.scalar("Try again")), ("loadingTitle", b.scalar("Retrying…")),
                ("action", b.list([b.map([("reload", b.map([("attempts", b.scalar("3"))]))]), b.map([("push", pushTarget)])])),
                ("onFailure", b.scalar("dismiss")),
            ])),
        ])
        let link = b.map([("link", b.map([("title", b.scalar("Contact Us")), ("action", b.map([("openURL", b.scalar("https://example.com/${flow.id}"))]))]))])
        let button = b.map([("button", b.map([("title", b.scalar("Done")), ("action", b.scalar("finish"))]))])
        let root = b.map([
            ("version", b.scalar("1")), ("start", b.scalar("a")),
            ("screens", b.map([
                ("a", b.map([("style", b.scalar("error")), ("title", b.scalar("Offline")), ("primaryAction", retry), ("secondaryAction", link)])),
                ("b", b.map([("style", b.scalar("success")), ("title", b.scalar("Back")), ("primaryAction", button), ("secondaryAction", b.scalar("none"))])),
            ])),
        ])
        let (flow, diagnostics) = decodeNodes(root)
        #expect(diagnostics.isEmpty)
        let a = try #require(flow?.screens.first)
        guard case .retryButton(let r) = a.primaryAction else {
            Issue.record("expected a retry button")
            return
        }
        #expect(r.title.raw == "Try again")
        #expect(r.loadingTitle?.raw == "Retrying…")
        #expect(r.action.steps.map(\.name) == ["reload", "push"])
        if case .custom(let name, let argument) = r.action.steps[0].kind {
            #expect(name == "reload")
            #expect(argument == .object(["attempts": .number("3")]))
        } else {
            Issue.record("expected a custom step")
        }
        #expect(r.action.steps[1].target == "b")
        #expect(r.action.steps[1].argumentSpan == pushTarget.span)
        #expect(r.onFailure?.steps.map(\.name) == ["dismiss"])
        guard case .link(let l) = a.secondaryAction, case .openURL(let url) = l.action.steps.first?.kind else {
            Issue.record("expected a link opening a URL")
            return
        }
        #expect(l.title.raw == "Contact Us")
        #expect(url.references.map(\.name) == ["flow.id"])
        let second = try #require(flow?.screens.last)
        guard case .button(let done) = second.primaryAction, case .finish(nil) = done.action.steps.first?.kind else {
            Issue.record("expected a button finishing the flow")
            return
        }
        #expect(done.title.raw == "Done")
    }

    @Test("a primary action mapping needs exactly one of its keys")
    func invalidAction() {
        let b = NodeBuilder()
        let two = b.map([
            ("button", b.map([("title", b.scalar("A")), ("action", b.scalar("pop"))])),
            ("retryButton", b.map([("title", b.scalar("B")), ("action", b.scalar("pop"))])),
        ])
        let typo = b.map([("buton", b.map([("title", b.scalar("A")), ("action", b.scalar("pop"))]))])
        let word = b.scalar("nnone")
        let root = b.map([
            ("version", b.scalar("1")), ("start", b.scalar("a")),
            ("screens", b.map([
                ("a", b.map([("style", b.scalar("success")), ("title", b.scalar("A")), ("primaryAction", two)])),
                ("b", b.map([("style", b.scalar("success")), ("title", b.scalar("B")), ("primaryAction", typo)])),
                ("c", b.map([("style", b.scalar("success")), ("title", b.scalar("C")), ("primaryAction", word)])),
            ])),
        ])
        let diagnostics = decodeNodes(root).diagnostics
        #expect(diagnostics.map(\.code) == ["invalid-action", "unknown-key", "invalid-value"])
        #expect(diagnostics[0].span == two.span)
        #expect(diagnostics[1].hint == "did you mean 'button'?")
        #expect(diagnostics[1].span == typo.pair("buton")?.key.span)
        #expect(diagnostics[2].message == "unknown primary action 'nnone'")
        #expect(diagnostics[2].hint == "did you mean 'none'?")
    }

    /// A flow with one screen whose primary button runs `action`.
    static func flow(_ b: NodeBuilder, action: Node) -> Node {
        b.map([
            ("version", b.scalar("1")),
            ("screens", b.map([("a", b.map([
                ("style", b.scalar("success")), ("title", b.scalar("A")),
                ("primaryAction", b.map([("button", b.map([("title", b.scalar("Go")), ("action", action)]))])),
            ]))])),
        ])
    }

    @Test("built-in steps check their argument shapes; unknown names are custom steps")
    func stepArguments() {
        let b = NodeBuilder()
        let pushList = b.list([b.scalar("a")])
        let popArgument = b.scalar("x")
        let bareReplace = b.scalar("replace")
        let nullPush = b.map([("push", b.empty())])
        let twoKeys = b.map([("push", b.scalar("a")), ("pop", b.empty())])
        let emptyStep = b.map([])
        let feedback = b.map([("collectUserFeedback", b.map([("rating", b.scalar("5")), ("reasn", b.scalar("x"))]))])
        let url = b.map([("openURL", b.map([("href", b.scalar("x"))]))])
        let nested = b.list([b.scalar("pop")])
        let action = b.list([
            b.map([("push", pushList)]), b.map([("pop", popArgument)]), bareReplace, nullPush, twoKeys, emptyStep,
            feedback, url, nested, b.map([("dismiss", b.scalar("~"))]), b.scalar("myHandler"),
        ])
        let (flow, diagnostics) = decodeNodes(Self.flow(b, action: action))
        #expect(diagnostics.map(\.code) == [
            "type-mismatch", "unexpected-argument", "missing-argument", "missing-argument", "invalid-step", "invalid-step",
            "unknown-key", "type-mismatch", "type-mismatch",
        ])
        #expect(diagnostics[0].message == "expected a string, found a list")
        #expect(diagnostics[0].span == pushList.span)
        #expect(diagnostics[1].message == "step 'pop' takes no argument")
        #expect(diagnostics[1].span == popArgument.span)
        #expect(diagnostics[2].message == "step 'replace' needs a screen id")
        #expect(diagnostics[2].span == bareReplace.span)
        // A null argument is the same as none (null ≡ absent), reported at the key when empty.
        #expect(diagnostics[3].message == "step 'push' needs a screen id")
        #expect(diagnostics[3].span == nullPush.pair("push")?.key.span)
        #expect(diagnostics[4].span == twoKeys.span)
        #expect(diagnostics[5].span == emptyStep.span)
        #expect(diagnostics[6].hint == "did you mean 'reason'?")
        #expect(diagnostics[7].message == "expected a string, found a mapping")
        #expect(diagnostics[8].message == "expected a step, found a list")
        // The well-formed steps are kept: collectUserFeedback, dismiss (null = no argument), the custom handler.
        let steps = flow?.screens.first?.primaryAction.button?.action.steps ?? []
        #expect(steps.map(\.name) == ["collectUserFeedback", "dismiss", "myHandler"])
    }

    @Test("an empty list of steps is an error")
    func emptyAction() {
        let b = NodeBuilder()
        let empty = b.list([])
        let diagnostics = decodeNodes(Self.flow(b, action: empty)).diagnostics
        #expect(diagnostics.map(\.code) == ["empty-action"])
        #expect(diagnostics.first?.span == empty.span)
    }

    @Test("collectUserFeedback keeps rating and reason as templates and custom as values")
    func collectUserFeedback() throws {
        let b = NodeBuilder()
        let leaf = b.scalar("${email}", .doubleQuoted)
        let step = b.map([("collectUserFeedback", b.map([
            ("rating", b.scalar("${rating}", .doubleQuoted)), ("reason", b.scalar("${email}\n${comment}", .doubleQuoted)),
            ("custom", b.map([("callWasAwesome", b.scalar("true")), ("from", leaf)])),
        ]))])
        let (flow, diagnostics) = decodeNodes(Self.flow(b, action: step))
        #expect(diagnostics.isEmpty)
        let decoded = try #require(flow?.screens.first?.primaryAction.button?.action.steps.first)
        guard case .collectUserFeedback(let request) = decoded.kind else {
            Issue.record("expected collectUserFeedback")
            return
        }
        #expect(request.rating?.references.map(\.name) == ["rating"])
        #expect(request.reason?.references.map(\.name) == ["email", "comment"])
        #expect(request.custom == ["callWasAwesome": .bool(true), "from": .string("${email}")])
        #expect(decoded.argumentTemplates.map(\.span) == [leaf.span])
    }

    @Test("content blocks decode every kind with ids, defaults and id spans")
    func contentBlocks() throws {
        let b = NodeBuilder()
        let emailID = b.scalar("email")
        let content = b.list([
            b.map([("text", b.scalar("Hello ${name}"))]),
            b.map([("image", b.scalar("banner"))]),
            b.map([("rating", b.map([("id", b.scalar("rating")), ("label", b.scalar("Rate Quality")), ("min", b.scalar("1")), ("max", b.scalar("5")), ("value", b.scalar("1"))]))]),
            b.map([("textField", b.map([("id", emailID), ("label", b.scalar("Email Address")), ("required", b.scalar("true")), ("format", b.scalar("email")), ("maxLength", b.scalar("0x40"))]))]),
            b.map([("textEditor", b.map([("id", b.scalar("comment")), ("placeholder", b.scalar("Message"))]))]),
            b.map([("toggle", b.map([("id", b.scalar("subscribe")), ("value", b.scalar("false"))]))]),
            b.map([("custom", b.map([("type", b.scalar("map")), ("zoom", b.scalar("1.5")), ("name", b.scalar("on", .singleQuoted))]))]),
        ])
        let root = b.map([
            ("version", b.scalar("1")),
            ("screens", b.map([("a", b.map([("style", b.scalar("success")), ("title", b.scalar("A")), ("primaryAction", b.scalar("none")), ("extraContent", content)]))])),
        ])
        let (flow, diagnostics) = decodeNodes(root)
        #expect(diagnostics.isEmpty)
        let blocks = try #require(flow?.screens.first?.extraContent)
        #expect(blocks.map(\.name) == ["text", "image", "rating", "textField", "textEditor", "toggle", "custom"])
        #expect(blocks.compactMap(\.fieldID) == ["rating", "email", "comment", "subscribe"])
        if let field = blocks[3].field, case .textField(let format, let maxLength) = field.kind {
            #expect(field.required)
            #expect(format == .email)
            #expect(maxLength == 64)
            #expect(field.spans.id == emailID.span)
        } else {
            Issue.record("expected a text field")
        }
        if let editor = blocks[4].field, case .textEditor = editor.kind {
            #expect(!editor.required)
            #expect(editor.placeholder == "Message")
        } else {
            Issue.record("expected a text editor")
        }
        if case .custom(let custom) = blocks[6].kind {
            #expect(custom.type == "map")
            #expect(custom.properties == ["zoom": .number("1.5"), "name": .string("on")])
        } else {
            Issue.record("expected a custom block")
        }
    }

    @Test("content blocks reject bad shapes, unknown kinds, non-boolean booleans and inexact integers")
    func contentBlockErrors() {
        let b = NodeBuilder()
        let yes = b.scalar("yes")
        let half = b.scalar("1.5")
        let format = b.scalar("emial")
        let badID = b.scalar("my email")
        let twoKeys = b.map([("text", b.scalar("a")), ("image", b.scalar("b"))])
        let unknown = b.map([("textfeld", b.map([("id", b.scalar("x"))]))])
        let content = b.list([
            b.scalar("text"), twoKeys, unknown,
            b.map([("textField", b.map([("id", b.scalar("e")), ("required", yes), ("format", format)]))]),
            b.map([("rating", b.map([("id", b.scalar("r")), ("max", half)]))]),
            b.map([("toggle", b.map([("id", badID)]))]),
            b.map([("textEditor", b.map([("label", b.scalar("Message"))]))]),
        ])
        let root = b.map([
            ("version", b.scalar("1")),
            ("screens", b.map([("a", b.map([("style", b.scalar("success")), ("title", b.scalar("A")), ("primaryAction", b.scalar("none")), ("extraContent", content)]))])),
        ])
        let diagnostics = decodeNodes(root).diagnostics
        #expect(diagnostics.map(\.code) == [
            "type-mismatch", "invalid-content", "unknown-key", "type-mismatch", "invalid-value", "type-mismatch",
            "invalid-value", "missing-key",
        ])
        #expect(diagnostics[0].message == "expected a content block, found a string")
        #expect(diagnostics[1].span == twoKeys.span)
        #expect(diagnostics[2].message == "unknown content block 'textfeld'")
        #expect(diagnostics[2].hint == "did you mean 'textField'?")
        #expect(diagnostics[3].message == "expected a boolean, found a string")
        #expect(diagnostics[3].span == yes.span)
        #expect(diagnostics[4].message == "unknown format 'emial'")
        #expect(diagnostics[4].hint == "did you mean 'email'?")
        #expect(diagnostics[5].message == "expected an integer, found a number")
        #expect(diagnostics[5].span == half.span)
        #expect(diagnostics[6].message == "invalid field id 'my email'")
        #expect(diagnostics[6].span == badID.span)
        #expect(diagnostics[7].message == "missing required key 'id'")
    }

    @Test("a root that is not a mapping gives no flow and one type mismatch")
    func rootNotMapping() {
        let b = NodeBuilder()
        let root = b.list([b.scalar("a")])
        let (flow, diagnostics) = decodeNodes(root)
        #expect(flow == nil)
        #expect(diagnostics.map(\.message) == ["expected a mapping, found a list"])
    }
}
