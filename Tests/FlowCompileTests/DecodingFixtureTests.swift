import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// Decoding rules pinned on YAML fixtures through ``FlowCompiler``; every expected
/// `line:column` was counted by hand from the fixture (and cross-checked with PyYAML's
/// marks).
@Suite("Decoding fixtures")
struct DecodingFixtureTests {
    typealias F = DecodingFixture

    @Test("issue acceptance: duplicate key, typo, missing title, unknown push target and wrong type, all in one run")
    func acceptance() throws {
        let compilation = F.compile("decoding/acceptance.yaml")
        let d = compilation.diagnostics
        #expect(F.places(d) == [
            "10:5 unknown-key",  // subtitel
            "12:64 type-mismatch",  // required: yes
            "17:19 unknown-screen",  // push: thank
            "19:3 missing-key",  // screen 'thanks' has no title: at its id
            "24:9 duplicate-key",  // second 'title' of the Done button
        ])
        #expect(d.allSatisfy { $0.severity == .error })
        #expect(d[0].message == "unknown key 'subtitel'")
        #expect(d[0].hint == "did you mean 'subtitle'?")
        #expect(d[1].message == "expected a boolean, found a string")
        #expect(d[2].message == "unknown screen 'thank'")
        #expect(d[2].hint == "'push' target: did you mean 'thanks'?")
        #expect(d[3].message == "screen 'thanks' is missing required key 'title'")
        #expect(d[3].hint == "add 'title: …', the text shown at the top of the screen")
        #expect(compilation.hasErrors)
        #expect(compilation.flow?.screens.map(\.id) == ["rate-call", "thanks"])
        #expect(d.allSatisfy { $0.span?.file == F.path("decoding/acceptance.yaml") })
    }

    @Test("a screen key written as a screen (indented too little) is one type-mismatch with a hint about indentation, not a missing key too")
    func screenKeyAsScreen() {
        let d = F.compile("decoding/screen-key-as-screen.yaml").diagnostics
        // `  primaryAction: none` (7:18 is 'none') and `  secondaryAction:` (null: at the
        // key, 12:3) sit directly under `screens:`. Screen a lacks primaryAction only
        // because of the stray line after it: no missing-key at 5:5.
        #expect(F.places(d) == ["7:18 type-mismatch", "12:3 type-mismatch"])
        #expect(d.map(\.message) == ["expected a mapping, found a string", "expected a mapping, found null"])
        #expect(d.map(\.hint) == [
            "'primaryAction' is a screen key: is it indented under its screen?",
            "'secondaryAction' is a screen key: is it indented under its screen?",
        ])
    }

    @Test("a primaryAction mapping written one level too far left is one diagnostic about indentation, not a screen with follow-on errors")
    func dedentedScreenKey() {
        let d = F.compile("decoding/dedented-primary-action.yaml").diagnostics
        // `  primaryAction:` at 7:3 sits under `screens:`; screen rate lacks it only because of that.
        #expect(F.places(d) == ["7:3 type-mismatch"], "\(d.map(\.message))")
        #expect(d.first?.message == "'primaryAction' is a screen key, not a screen: it is indented too little")
        #expect(d.first?.hint == "indent it under screen 'rate', beside its 'title'")
    }

    @Test("a screen key indented under a content block, a button beside its empty primaryAction, and 'primaryAction: button' are one diagnostic each, saying what was meant")
    func misindentedKeys() {
        let d = F.compile("decoding/misindented-keys.yaml").diagnostics
        // 9:9 `primaryAction` under the text block (screen rate then lacks none);
        // 14:5 `button` beside `primaryAction:` (13:5, empty); 18:20 `button` as a scalar.
        #expect(F.places(d) == ["9:9 unknown-key", "14:5 unknown-key", "18:20 invalid-value"], "\(d.map(\.message))")
        #expect(d.map(\.message) == [
            "'primaryAction' is a key of the screen, not of this content block: it is indented too far",
            "'button' belongs under 'primaryAction', which is empty: it is indented too little",
            "unknown primary action 'button'",
        ])
        #expect(d[2].hint == "'button' is written as a mapping: '{button: {title: Done, action: dismiss}}'")
    }

    @Test("a key of the mapping above, indented one level too deep, is said to be so at the key, with the line as meant at its siblings' column")
    func keyOneLevelTooDeep() throws {
        let compilation = F.compile("decoding/key-one-level-deep.yaml")
        let d = compilation.diagnostics
        // 9:5 `validator` under `limit:` (trigger's keys at column 3); 18:11 `visibleWhen`
        // under `textEditor:` (the block's keys at column 9, after `- `); 23:7
        // `secondaryAction` under `primaryAction:` (the screen's keys at column 5), its
        // `link:` on the lines below.
        #expect(F.places(d) == ["9:5 unknown-key", "18:11 unknown-key", "23:7 unknown-key"], "\(d.map(\.message))")
        #expect(d.map(\.message) == [
            "'validator' is indented one level deeper than its siblings, inside 'limit'",
            "'visibleWhen' is indented one level deeper than its siblings, inside 'textEditor'",
            "'secondaryAction' is indented one level deeper than its siblings, inside 'primaryAction'",
        ])
        #expect(d.map(\.hint) == [
            "move it to column 3, where they are: '  validator: isTester'",
            "move it to column 9, where they are: '        visibleWhen: attach'",
            "move it to column 5, where they are, and the lines under it by as much: '    secondaryAction:'",
        ])
        // The condition is read as if written beside its block, as one inside braces is.
        let blocks = try #require(compilation.flow?.screens.first?.extraContent)
        #expect(blocks[1].visibleWhen != nil)
    }

    @Test("in JSON, which has no indentation, a key of the mapping above stays an unknown key with the keys valid here")
    func keyOneLevelTooDeepInJSON() {
        let d = F.compile("decoding/key-one-level-deep.json").diagnostics
        #expect(F.places(d) == ["7:5 unknown-key"])
        #expect(d.first?.message == "unknown key 'secondaryAction'")
        #expect(d.first?.hint == "valid here: 'button', 'retryButton'")
    }

    @Test("in a single-screen file too: a screen key under a block and a button beside an empty primaryAction are one diagnostic each")
    func misindentedSingleScreen() {
        let d = F.compile("decoding/misindented-single-screen.yaml").diagnostics
        // 5:5 `title` under the text block (the screen then lacks no title); 7:1 `button` beside `primaryAction:`.
        #expect(F.places(d) == ["5:5 unknown-key", "7:1 unknown-key"], "\(d.map(\.message))")
        #expect(d.last?.message == "'button' belongs under 'primaryAction', which is empty: it is indented too little")
    }

    @Test("a condition written both beside the kind and inside its braces: the one inside is reported as written twice")
    func conditionTwice() throws {
        let compilation = F.compile("decoding/condition-twice.yaml")
        #expect(F.places(compilation.diagnostics) == ["6:42 unknown-key"])
        #expect(compilation.diagnostics.first?.message == "'visibleWhen' is written twice, beside 'textField' and inside its braces")
        let blocks = try #require(compilation.flow?.screens.first?.extraContent)
        #expect(blocks[1].visibleWhen?.text == "rating <= 3")
    }

    @Test("visibleWhen or requiredWhen inside a field's braces is reported once, saying it belongs beside the kind, and then applies")
    func conditionInsideBraces() throws {
        let compilation = F.compile("decoding/condition-inside-braces.yaml")
        let d = compilation.diagnostics
        #expect(F.places(d) == ["9:46 unknown-key", "10:51 unknown-key"], "\(d.map(\.message))")
        #expect(d.map(\.message) == [
            "'visibleWhen' belongs beside 'textField', not inside its braces",
            "'requiredWhen' belongs beside 'textEditor', not inside its braces",
        ])
        #expect(d.first?.hint == "write it on a line of its own under '- textField: {…}', indented as 'textField': 'visibleWhen: \"rating <= 2\"'")
        let blocks = try #require(compilation.flow?.screens.first?.extraContent)
        #expect(blocks[1].visibleWhen != nil && blocks[2].requiredWhen != nil)
    }

    @Test("requiredWhen on a block that is not a text field is reported at it, also when the field's own braces are broken")
    func requiredWhenNotText() {
        let d = F.compile("decoding/required-when-not-text.yaml").diagnostics
        #expect(F.places(d) == ["9:17 type-mismatch", "10:9 unknown-key", "12:9 unknown-key", "14:9 unknown-key"], "\(d.map(\.message))")
        #expect(d.filter { $0.code == "unknown-key" }.map(\.message) == Array(repeating: "'requiredWhen' applies to text fields only", count: 3))
        #expect(d.filter { $0.code == "unknown-key" }.map { $0.hint ?? "" } == [
            "a rating is required with 'required: true'; use 'visibleWhen' to hide the block",
            "a toggle always has a value; use 'visibleWhen' to hide the block",
            "only a text field is filled in; use 'visibleWhen' to hide the block",
        ])
    }

    @Test("a required string key written with no value is a type-mismatch at the key with a hint to write the value")
    func nullRequiredString() {
        let d = F.compile("decoding/null-required.yaml").diagnostics
        // image: at 6:5, the screen's title: at 7:5, the button's title: at 10:9.
        #expect(F.places(d) == ["6:5 type-mismatch", "7:5 type-mismatch", "10:9 type-mismatch"])
        #expect(d.allSatisfy { $0.message == "expected a string, found null" })
        #expect(d.map(\.hint) == [
            "write a value after 'image:'", "write the title after 'title:'", "write the title after 'title:'",
        ])
    }

    @Test("the call-quality example flow decodes clean into the model it describes")
    func callQuality() throws {
        let compilation = F.compile("decoding/call-quality.yaml")
        #expect(compilation.diagnostics.isEmpty)
        let flow = try #require(compilation.flow)
        #expect(flow.id == "call-quality-rating")
        #expect(flow.start == "rate-call")
        #expect(flow.startSpan?.start.description == "4:8")
        #expect(flow.screens.map(\.id) == ["rate-call", "thanks"])
        let rate = flow.screens[0]
        #expect(rate.style == .feedback(image: "feedbackLogo"))
        #expect(rate.span?.start.description == "7:3")
        #expect(rate.extraContent.compactMap(\.fieldID) == ["email", "comment", "rating"])
        #expect(rate.primaryAction.button?.action.steps.map(\.name) == ["collectUserFeedback", "push"])
        let push = try #require(rate.primaryAction.button?.action.steps.last)
        #expect(push.argumentSpan?.start.description == "21:19")
        guard case .collectUserFeedback(let request) = rate.primaryAction.button?.action.steps.first?.kind else {
            Issue.record("expected collectUserFeedback first")
            return
        }
        #expect(request.reason?.raw == "${email}\n${comment}")
        guard case .link(let link) = rate.secondaryAction else {
            Issue.record("expected a link")
            return
        }
        #expect(link.title.raw == "Contact Us")
    }

    @Test("unknown keys at every level, with did-you-mean or the list of valid keys")
    func unknownKeys() {
        let d = F.compile("decoding/unknown-keys.yaml").diagnostics
        #expect(F.places(d) == [
            "2:1 unknown-key", "6:5 unknown-key", "7:5 unknown-key", "9:44 unknown-key", "11:9 unknown-key",
            "12:29 unknown-key",
        ])
        #expect(d.map(\.hint) == [
            "did you mean 'start'?", "did you mean 'title'?",
            "valid here: 'style', 'image', 'title', 'subtitle', 'extraContent', 'primaryAction', 'secondaryAction'",
            "did you mean 'onFailure'?", "did you mean 'textField'?",
            "valid here: 'id', 'label', 'min', 'max', 'value', 'required'",
        ])
        #expect(d[4].message == "unknown content block 'textfeld'")
    }

    @Test("wrong kinds of values are type mismatches; strings keep any scalar as written")
    func types() throws {
        let compilation = F.compile("decoding/types.yaml")
        let d = compilation.diagnostics
        #expect(F.places(d) == [
            "6:12 type-mismatch", "10:9 type-mismatch", "13:34 type-mismatch", "14:34 type-mismatch",
            "15:42 type-mismatch",
        ])
        #expect(d.map(\.message) == [
            "expected a string, found a list", "expected a string, found null", "expected a boolean, found a string",
            "expected an integer, found a number", "expected an integer, found a string",
        ])
        let b = try #require(compilation.flow?.screen("b"))
        #expect(b.title.raw == "NO")
        #expect(b.subtitle?.raw == "0755")
        #expect(b.primaryAction.button?.title.raw == "12:30")
        #expect(b.secondaryAction.button == nil)
        #expect(compilation.flow?.screen("a")?.subtitle == nil)
    }

    @Test("bad enum values: presentation, style, primary action and format")
    func enums() {
        let d = F.compile("decoding/enums.yaml").diagnostics
        #expect(F.places(d) == [
            "2:15 invalid-value", "6:12 invalid-value", "8:20 invalid-value", "10:39 invalid-value", "12:12 invalid-value",
        ])
        #expect(d.map(\.message) == [
            "unknown presentation 'modal'", "unknown style 'sucess'", "unknown primary action 'nnone'",
            "unknown format 'emial'", "unknown style 'purple'",
        ])
        #expect(d.map(\.hint) == [
            "expected one of: 'present', 'push'", "did you mean 'success'?", "did you mean 'none'?",
            "did you mean 'email'?", "expected one of: 'success', 'informative', 'error', 'feedback'",
        ])
    }

    @Test("image is required with style feedback and an error with the fixed styles")
    func image() {
        let d = F.compile("decoding/image.yaml").diagnostics
        #expect(F.places(d) == ["4:3 missing-key", "10:5 image-not-allowed", "15:12 type-mismatch"])
        #expect(d.map(\.message) == [
            "screen 'a' is missing required key 'image'", "'image' is not allowed with style 'error'", "expected a string, found null",
        ])
    }

    @Test("step shapes: bare names, one-key mappings and the arguments of built-in steps")
    func steps() throws {
        let compilation = F.compile("decoding/steps.yaml")
        let d = compilation.diagnostics
        #expect(F.places(d) == [
            "10:13 missing-argument", "11:19 type-mismatch", "12:18 unexpected-argument", "13:13 invalid-step",
            "14:13 missing-argument", "15:22 type-mismatch", "16:46 unknown-key", "20:37 empty-action",
        ])
        #expect(d[0].message == "step 'push' needs a screen id")
        #expect(d[2].message == "step 'pop' takes no argument")
        #expect(d[4].message == "step 'present' needs a screen id")  // `present:` (null ≡ absent)
        #expect(d[6].hint == "did you mean 'reason'?")
        let steps = try #require(compilation.flow?.screens.first?.primaryAction.button?.action.steps)
        #expect(steps.map(\.name) == ["collectUserFeedback", "finish", "track"])
        if case .finish(let outcome) = steps[1].kind { #expect(outcome == "done") }
        if case .custom(_, let argument) = steps[2].kind { #expect(argument == .object(["event": .string("tapped")])) }
        if case .collectUserFeedback(let request) = steps[0].kind { #expect(request.rating?.raw == "5") }
    }

    @Test("a step name holding white space is an error, never a custom step; a built-in name first gets the step as meant")
    func stepWithoutColon() {
        let d = F.compile("decoding/step-without-colon.yaml").diagnostics.filter { $0.code == "invalid-step" }
        #expect(F.places(d) == ["11:44 invalid-step", "12:13 invalid-step", "13:13 invalid-step", "14:13 invalid-step"])
        #expect(d.map(\.message) == [
            "step name 'push sorry' holds white space", "step name 'replace thanks' holds white space",
            "step name 'pop now' holds white space", "step name 'track  event' holds white space",
        ])
        #expect(d.map(\.hint) == [
            "did you mean 'push: sorry'?", "did you mean 'replace: thanks'?",
            "'pop' takes no argument; did you mean 'pop'?",
            "a step name holds no white space; a step with an argument is a one-key mapping such as 'push: thanks'",
        ])
    }

    @Test("content blocks: shape, unknown kinds, required ids, and an empty title")
    func content() {
        let d = F.compile("decoding/content.yaml").diagnostics
        #expect(F.places(d) == [
            "9:9 type-mismatch", "10:9 invalid-content", "11:9 invalid-content", "12:20 missing-key",
            "13:22 invalid-value", "14:9 type-mismatch", "15:17 missing-key", "18:12 empty-title", "20:19 type-mismatch",
        ])
        #expect(d[3].message == "missing required key 'id'")
        #expect(d[4].message == "invalid field id 'my toggle'")
        #expect(d[6].message == "missing required key 'type'")
        #expect(d[8].message == "expected a list of content blocks, found a mapping")
    }

    @Test("a version other than 1 stops decoding with one error at the value")
    func unsupportedVersion() {
        let compilation = F.compile("decoding/version-2.yaml")
        #expect(F.places(compilation.diagnostics) == ["1:10 unsupported-version"])
        #expect(compilation.diagnostics.first?.message == "unsupported version 2")
        #expect(compilation.flow == nil)
    }

    @Test("'version' is required, and 'start' when there are several screens")
    func requiredTopLevelKeys() {
        let d = F.compile("decoding/no-version-no-start.yaml").diagnostics
        #expect(F.places(d) == ["1:1 missing-key", "1:1 missing-key"])
        #expect(d.map(\.message) == ["missing required key 'version'", "missing required key 'start'"])
    }

    @Test("a screen with nothing after its key keeps its id (so pushes to it resolve) and is reported at the key")
    func nullScreen() {
        let compilation = F.compile("decoding/null-screen.yaml")
        #expect(F.places(compilation.diagnostics) == ["8:3 type-mismatch"])
        #expect(compilation.diagnostics.first?.message == "expected a mapping, found null")
        #expect(compilation.flow?.screens.map(\.id) == ["a", "b"])
    }

    @Test("a screen id no step can navigate to (empty, holding '${', a null key) is invalid-value at the key")
    func unusableScreenIDs() {
        let compilation = F.compile("decoding/unusable-screen-ids.yaml")
        let d = compilation.diagnostics
        // Keys `""` at 8:3, `"${x}"` at 12:3, `~` at 16:3.
        #expect(F.places(d) == ["8:3 invalid-value", "12:3 invalid-value", "16:3 invalid-value"])
        #expect(d.map(\.message) == [
            "screen id must not be empty",
            "screen id '${x}' can never be a navigation target: screen ids are names, not templates",
            "screen id must be a name, found null",
        ])
        #expect(d.allSatisfy { $0.severity == .error })
        #expect(d[2].hint == "quote the key (\"~\") to use it as a screen id")
        // The screens are still decoded, so their own problems are reported too.
        #expect(compilation.flow?.screens.map(\.title.raw) == [
            "A", "Empty id", "Template id", "Null id", "B",
        ])
        // JSON: `"screens": {"": …}`, the key at 4:5.
        let json = F.compile("decoding/empty-screen-id.json").diagnostics
        #expect(F.places(json) == ["4:5 invalid-value"])
        #expect(json.first?.message == "screen id must not be empty")
    }

    @Test("a file without screens reports the missing key once, not also an empty flow")
    func noScreens() {
        let compilation = F.compile("decoding/no-screens.yaml")
        #expect(F.places(compilation.diagnostics) == ["1:1 missing-key"])
        #expect(compilation.diagnostics.first?.message == "missing required key 'screens'")
    }

    @Test("JSON files report the same problems at their own positions")
    func jsonPositions() {
        let d = F.compile("decoding/typos.json").diagnostics
        #expect(F.places(d) == ["4:20 invalid-value", "4:30 unknown-key"])
        #expect(d.map(\.hint) == ["did you mean 'success'?", "did you mean 'title'?"])
    }

    @Test("empty names, reserved field ids, a null openURL and an empty onFailure are reported at their place")
    func emptyNamesAndReservedIDs() {
        let d = F.compile("decoding/empty-names.yaml").diagnostics
        #expect(F.places(d) == [
            "2:5 invalid-value", "7:12 invalid-value", "10:16 invalid-value", "11:25 reserved-field-id",
            "12:22 reserved-field-id", "17:28 missing-argument", "17:41 invalid-value", "18:20 empty-action",
        ])
        #expect(d.map(\.message) == [
            "flow id must not be empty", "image name must not be empty", "image name must not be empty",
            "field id 'flow.id' is reserved for the context variables",
            "field id 'screen.name' is reserved for the context variables", "step 'openURL' needs a URL",
            "finish outcome must not be empty", "an action needs at least one step",
        ])
        // `onFailure: []` can simply be left out; the button stays.
        #expect(d[7].hint == "write a step such as 'dismiss', or remove 'onFailure' (then a failure is shown on the screen)")
    }

    @Test("a name is refused when blank (Unicode White_Space) or holding a control character (Cc) or a line or paragraph separator (Zl, Zp)",
          arguments: [
              ("", "flow id must not be empty"), (" \t ", "flow id must not be empty"),
              ("\u{3000}", "flow id must not be empty"),  // ideographic space: White_Space, not ASCII
              ("a\u{7F}b", "flow id must not contain control characters or line breaks, found U+007F"),
              ("a\u{1}", "flow id must not contain control characters or line breaks, found U+0001"),
              ("é\u{85}", "flow id must not contain control characters or line breaks, found U+0085"),  // NEL is Cc
              ("x\u{2028}y", "flow id must not contain control characters or line breaks, found U+2028"),
              ("x\u{2029}", "flow id must not contain control characters or line breaks, found U+2029"),
              ("café au lait", nil), ("a b", nil),
          ] as [(String, String?)])
    func nameRules(id: String, message: String?) throws {
        // The id as a JSON string, its characters escaped, so the file holds exactly them.
        let quoted = String(decoding: try JSONEncoder().encode(id), as: UTF8.self)
        let text = #"{"version": 1, "id": \#(quoted), "style": "success", "title": "T", "primaryAction": "none"}"#
        let d = FlowCompiler.compile(text: text, format: .json, name: "n.json").diagnostics.filter { $0.code == "invalid-value" }
        #expect(d.map(\.message) == (message.map { [$0] } ?? []))
    }

    @Test("a flow id holding a line break is invalid-value naming the character")
    func flowIDWithNewline() {
        let d = F.compile("decoding/flow-id-newline.yaml").diagnostics
        #expect(F.places(d) == ["2:5 invalid-value"])
        #expect(d.first?.message == "flow id must not contain control characters or line breaks, found U+000A")
    }
}
