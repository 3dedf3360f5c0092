import FeedbackFlow
import FeedbackFlowTestSupport
import FlowTerminal
import FlowReporting
import Testing

/// The line-mode presenter on scripted input.
@Suite("Line mode")
struct LineModeRunnerTests {
    /// Runs `flow` on `script` with colours off; returns the outcome, the output and the
    /// doubles.
    private func play(
        _ script: [String], presenters: [any Presenter] = []
    ) async -> (outcome: LineModeEnding, output: String, sink: RecordingFeedbackSink, urls: RecordingURLHandler) {
        await play(LineModeTestFlows.callQuality, script, presenters: presenters)
    }

    private func play(
        _ flow: Flow, _ script: [String], style: TerminalStyle = .plain,
        handlers: [String: any ActionHandler] = [:], presenters: [any Presenter] = [], context: [String: ExpressionValue] = [:]
    ) async -> (outcome: LineModeEnding, output: String, sink: RecordingFeedbackSink, urls: RecordingURLHandler) {
        let sink = RecordingFeedbackSink()
        let urls = RecordingURLHandler()
        var registry = ActionHandlerRegistry(urlHandler: urls, feedbackSink: sink)
        for (name, handler) in handlers { registry.register(name, handler) }
        let output = BufferWriter()
        let outcome = await LineModeRunner(
            flow: flow, registry: registry, input: ScriptedLineReader(script), output: output, style: style,
            presenters: presenters, context: context
        ).run()
        return (outcome, output.text, sink, urls)
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("a script fills the call-quality form, submits, reaches the thank-you screen and ends")
    func callQualityScript() async throws {
        let run = await play([
            "set email ada@example.com",
            "set comment The call was great",
            "rate 4",
            "1",
            "1",
        ])
        #expect(run.outcome == .ended(.dismissed))
        let submission = try #require(run.sink.submissions.first)
        #expect(run.sink.submissions.count == 1)
        #expect(submission.rating == 4)
        #expect(submission.reason == "ada@example.com\nThe call was great")
        #expect(run.output.contains("Thank you!"))
        #expect(run.output.hasSuffix("Flow ended: dismissed\n"))
        #expect(!run.output.utf8.contains(0x1B))
    }

    @Test("the first screen is drawn with style, image, title, subtitle, fields and numbered actions")
    func firstScreenDrawing() async {
        let run = await play([])
        // Written by hand from the layout documented on LineModeRunner / ScreenRenderer.
        let expected = """

            ── ★ feedback (image: feedbackLogo) · rate-call · stacks [1] ──
            How is your call going?
            All feedback is celebrated!

              Email Address * [email]: (empty)
              [comment]: (empty — Message)
              Rate Quality [rating]: ★☆☆☆☆  1 (1–5)

              1) Submit  [disabled]
              2) Contact Us  (link)
            (1–2 to tap, set ID VALUE to fill, help for all commands)
            > 

            Flow ended: inputEnded

            """
        #expect(run.output == expected)
        #expect(run.outcome == .ended(.inputEnded))
    }

    @Test("end of input ends the run cleanly with outcome inputEnded")
    func endOfInput() async {
        let run = await play(["set email ada@example.com"])
        #expect(run.outcome == .ended(.inputEnded))
        #expect(run.sink.submissions.isEmpty)
        #expect(run.output.hasSuffix("Flow ended: inputEnded\n"))
    }

    @Test("quit and q end the run with outcome quit", arguments: ["quit", "q", "QUIT"])
    func quit(_ command: String) async {
        let run = await play([command, "1"])
        #expect(run.outcome == .ended(.quit))
        #expect(run.output.hasSuffix("Flow ended: quit\n"))
    }

    @Test("invalid input gets one error line and the screen stays")
    func invalidInput() async {
        let run = await play(["bogus", "set", "set nothere x", "set emial x", "rate 9", "rate x", "7", "set email"])
        let errors = lines(run.output).filter { $0.contains("error:") }
        #expect(errors == [
            "> error: unknown command 'bogus' (type help for the list)",
            "> error: usage: set ID VALUE",
            "> error: no field 'nothere' on this screen (fields: email, comment, rating)",
            "> error: no field 'emial' on this screen; did you mean 'email'?",
            "> error: 'rating' must be from 1 to 5, got 9",
            "> error: 'rating' is a rating: give a whole number from 1 to 5",
            "> error: no action 7 on this screen (1–2)",
            "> error: set email needs a value (to empty a text, use: clear email)",
        ])
        // Drawn once: the screen stayed.
        #expect(lines(run.output).filter { $0.hasPrefix("── ") }.count == 1)
        #expect(run.outcome == .ended(.inputEnded))
    }

    @Test("tapping a disabled primary says which field is missing; the secondary link works with an empty form")
    func disabledPrimary() async {
        let run = await play(["1", "set email nope", "1", "2"])
        let out = lines(run.output)
        #expect(out.contains("> error: 'Submit' is disabled: fill in Email Address"))
        #expect(out.contains("error: email: not a valid email address (expected name@example.com)"))
        #expect(out.contains("> error: 'Submit' is disabled: fix Email Address"))
        #expect(out.contains("> Contact Us: done"))
        #expect(run.urls.opened == ["https://example.com/contact"])
        #expect(run.sink.submissions.isEmpty)
    }

    @Test("field commands confirm the value and announce when the primary becomes enabled")
    func fieldCommands() async {
        let run = await play(["set email ada@example.com", "clear email", "rate rating 5"])
        let out = lines(run.output)
        #expect(out.contains("> email = \"ada@example.com\""))
        #expect(out.contains("Submit is now enabled"))
        #expect(out.contains("> email = \"\""))
        #expect(out.contains("Submit is now disabled"))
        #expect(out.contains("> rating = 5"))
    }

    @Test("edit takes several lines up to a single dot; a leading .. keeps one dot")
    func editMultiline() async throws {
        let run = await play([
            "set email ada@example.com", "edit comment", "First line", "..", "...and more", ".", "1",
        ])
        #expect(try #require(run.sink.submissions.first).reason == "ada@example.com\nFirst line\n.\n..and more")
    }

    @Test("toggle flips the screen's only toggle; set takes on/off")
    func toggles() async {
        let screen = FeedbackConfiguration(
            id: "prefs", style: .informative, title: "Prefs", subtitle: nil, primaryAction: .none,
            secondaryAction: .none, extraContent: [ContentBlock(.field(.toggle(id: "news", label: "Newsletter")))],
            span: nil)
        let run = await play(Flow(configuration: screen), ["toggle", "set news off", "set news maybe", "toggle news", "show"])
        let out = lines(run.output)
        #expect(out.contains("> news = on"))
        #expect(out.contains("> news = off"))
        #expect(out.contains("> error: 'news' is a toggle: use on or off"))
        #expect(out.contains("  Newsletter [news]: on"))
    }

    @Test("back pops to the previous screen; back on the last root ends the flow dismissed")
    func back() async {
        let run = await play(["set email ada@example.com", "1", "back", "back"])
        let headers = lines(run.output).filter { $0.hasPrefix("── ") }
        #expect(headers == [
            "── ★ feedback (image: feedbackLogo) · rate-call · stacks [1] ──",
            "── ✔ success · thanks · stacks [2] ──",
            "── ★ feedback (image: feedbackLogo) · rate-call · stacks [1] ──",
        ])
        #expect(run.outcome == .ended(.dismissed))
    }

    @Test("help lists every command")
    func help() async {
        let run = await play(["help"])
        for command in ["set ID VALUE", "rate [ID] N", "toggle [ID]", "clear ID", "edit ID", "back", "show", "quit, q"] {
            #expect(run.output.contains(command))
        }
    }

    @Test("a failed action shows its error and the screen stays; a retry shows the loading title and succeeds")
    func failureThenRetry() async {
        let offline = FeedbackConfiguration(
            id: "offline", style: .error, title: "No connection", subtitle: nil,
            primaryAction: .retryButton(ActionButton(
                title: "Retry", loadingTitle: "Retrying…", action: FlowAction([Step(.custom(name: "reconnect", argument: nil)), Step(.finish("online"))]))),
            secondaryAction: .none, extraContent: [], span: nil)
        let run = await play(
            Flow(configuration: offline), ["1", "show", "1"], handlers: ["reconnect": FailingHandler(message: "still offline", failures: 1)])
        let out = lines(run.output)
        #expect(out.filter { $0.hasSuffix("… Retrying…") }.count == 2)
        #expect(out.contains("error: still offline"))
        #expect(out.contains("  error: still offline"), "the redrawn screen keeps the error")
        #expect(run.outcome == .ended(FlowOutcome("online")))
    }

    @Test("no escape byte with the style off, even when the flow's text holds one; colours with it on")
    func escapeCodes() async {
        let sneaky = FeedbackConfiguration(
            id: "s", style: .error, title: "Evil \u{1B}[31mtitle", subtitle: "bell\u{7}", primaryAction: .none,
            secondaryAction: .none, extraContent: [], span: nil)
        let plain = await play(Flow(configuration: sneaky), ["bogus"])
        #expect(!plain.output.utf8.contains(0x1B))
        #expect(!plain.output.utf8.contains(0x07))
        #expect(plain.output.contains("Evil \u{FFFD}[31mtitle"))
        let coloured = await play(Flow(configuration: sneaky), ["bogus"], style: TerminalStyle(isEnabled: true))
        #expect(coloured.output.utf8.contains(0x1B))
        #expect(!coloured.output.contains("\u{1B}[31mtitle"))
    }

    @Test("extra presenters see the same events (e.g. a transcript recorder)")
    func extraPresenters() async {
        let recorder = RecordingPresenter()
        _ = await play(["set email ada@example.com", "1", "1"], presenters: [recorder])
        #expect(recorder.shownScreens == ["rate-call", "thanks"])
        #expect(recorder.outcome == .dismissed)
    }

    @Test("a flow whose start screen is missing does not start: one error line, and no outcome")
    func startFailure() async {
        let run = await play(Flow(id: "broken", start: "nowhere", screens: []), ["1"])
        #expect(run.outcome == .notStarted(.unknownScreen("nowhere")))
        #expect(run.outcome.outcome == nil)
        #expect(run.output.hasPrefix("error: cannot start flow 'broken': no screen 'nowhere' in this flow\n"))
    }

    @Test("context variables render in titles")
    func context() async {
        let hello = FeedbackConfiguration(id: "hi", style: .success, title: "Hello ${user}", primaryAction: .none)
        let run = await play(Flow(configuration: hello), [], context: ["user": "Ada"])
        #expect(run.output.contains("\nHello Ada\n"))
    }
}
