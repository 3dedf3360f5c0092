import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// Rules written down in `docs/navigation.md` that no other test pinned. Every expected
/// value comes from the rule as documented (or is counted by hand), not from a run.
@Suite("Navigator rules (docs/navigation.md)")
struct NavigatorRulesDocTests {
    @Test("start a second time throws alreadyStarted")
    func startTwice() async throws {
        let h = NavigatorTestHarness(flow(screen("a")))
        _ = try await h.start()
        await #expect(throws: NavigatorError.alreadyStarted) { try await h.navigator.start() }
        #expect(await h.stacks() == [["a"]])
    }

    @Test("dismiss from the host with nothing shown throws noStack and changes nothing")
    func hostDismissWithNothingShown() async {
        let h = NavigatorTestHarness(flow(screen("a")))
        await #expect(throws: NavigatorError.navigation(.noStack(operation: "dismiss"))) {
            try await h.navigator.navigate(.dismiss)
        }
        #expect(await h.navigator.state.navigation.isEmpty)
        #expect(await h.navigator.outcome == nil)
        #expect(h.presenter.events.isEmpty)
    }

    @Test("a step failing after a navigation step keeps its error on the tapped instance, under the new top")
    func failureAfterNavigation() async throws {
        let h = NavigatorTestHarness(
            flow(screen("a", .push("b"), .custom(name: "send", argument: nil)), screen("b")),
            handlers: ["send": FailingHandler(message: "server down")])
        let a = try await h.start()
        #expect(try await h.tapTop() == .ran)
        #expect(await h.stacks() == [["a", "b"]])
        #expect(await h.navigator.snapshot()?.errorMessage == nil)
        #expect(await h.navigator.snapshot(of: a)?.errorMessage == "server down")
        try await h.navigator.navigate(.pop)
        #expect(await h.navigator.snapshot()?.errorMessage == "server down")
    }

    @Test("a retryButton without loadingTitle keeps its title while busy")
    func retryWithoutLoadingTitle() async throws {
        let slow = SuspendingHandler()
        let offline = FeedbackConfiguration(
            id: "offline", style: .error, title: "Offline", subtitle: nil,
            primaryAction: .retryButton(ActionButton(
                title: "Retry", action: FlowAction([Step(.custom(name: "slow", argument: nil))]))),
            secondaryAction: .none, extraContent: [], span: nil)
        let h = NavigatorTestHarness(flow(offline), handlers: ["slow": slow])
        let id = try await h.start()
        let running = Task { await h.navigator.tap(.primary, on: id) }
        await slow.waitUntilStarted()
        let busy = try #require(await h.navigator.snapshot()?.primary)
        #expect(busy.title == "Retry")
        #expect(busy.isLoading)
        #expect(!busy.isEnabled)
        slow.release()
        #expect(await running.value == .ran)
    }

    @Test("while the secondary action runs, the primary retryButton is disabled but shows no loadingTitle")
    func secondaryRunDoesNotShowLoadingTitle() async throws {
        let slow = SuspendingHandler()
        let offline = FeedbackConfiguration(
            id: "offline", style: .error, title: "Offline", subtitle: nil,
            primaryAction: .retryButton(ActionButton(
                title: "Retry", loadingTitle: "Retrying…", action: FlowAction(.finish(nil)))),
            secondaryAction: link("Help", .custom(name: "slow", argument: nil)), extraContent: [], span: nil)
        let h = NavigatorTestHarness(flow(offline), handlers: ["slow": slow])
        let id = try await h.start()
        let running = Task { await h.navigator.tap(.secondary, on: id) }
        await slow.waitUntilStarted()
        let busy = try #require(await h.navigator.snapshot())
        #expect(busy.isBusy)
        #expect(busy.primary?.title == "Retry")
        #expect(busy.primary?.isLoading == false)
        #expect(busy.primary?.isEnabled == false)
        #expect(busy.secondary?.isLoading == true)
        slow.release()
        #expect(await running.value == .ran)
    }

    @Test("fields can be set while an action runs; only the buttons are disabled")
    func setFieldWhileBusy() async throws {
        let slow = SuspendingHandler()
        let h = NavigatorTestHarness(
            flow(screen(
                "a", .custom(name: "slow", argument: nil),
                content: [ContentBlock(.field(.textField(id: "note")))])),
            handlers: ["slow": slow])
        let id = try await h.start()
        let running = Task { await h.navigator.tap(.primary, on: id) }
        await slow.waitUntilStarted()
        try await h.navigator.setField("note", to: .text("typed while busy"))
        #expect(await h.navigator.value(of: "note") == .text("typed while busy"))
        #expect(await h.navigator.snapshot()?.isBusy == true)
        slow.release()
        #expect(await running.value == .ran)
    }

    @Test("ending the flow from the host while an action runs stops it before its next step")
    func endStopsRunningAction() async throws {
        let slow = SuspendingHandler()
        let after = RecordingActionHandler()
        let h = NavigatorTestHarness(
            flow(screen("a", .custom(name: "slow", argument: nil), .custom(name: "after", argument: nil))),
            handlers: ["slow": slow, "after": after])
        let id = try await h.start()
        let running = Task { await h.navigator.tap(.primary, on: id) }
        await slow.waitUntilStarted()
        await h.navigator.end(.quit)
        #expect(await running.value == .ignoredFlowEnded)
        slow.release()
        #expect(after.invocations.isEmpty)
        #expect(await h.navigator.outcome == .quit)
        #expect(!h.presenter.lines.contains("stepRun after"))
        #expect(h.presenter.lines.filter { $0.hasPrefix("flowEnded") } == ["flowEnded quit"])
    }

    @Test("when a broken flow repeats a field id, the first definition is the one the navigator keeps")
    func repeatedFieldIDFirstWins() async throws {
        let h = NavigatorTestHarness(flow(
            screen("a", .push("b"), content: [ContentBlock(.field(.textField(id: "x", maxLength: 2)))]),
            screen("b", content: [ContentBlock(.field(.textField(id: "x")))])))
        await #expect(throws: FieldError.tooLong(field: "x", length: 3, maxLength: 2)) {
            try await h.navigator.setField("x", to: .text("abc"))
        }
    }

    @Test("flow.id and screen.id win over the host context; a field, even empty, wins over a context entry")
    func templateLookupOrder() async throws {
        let h = NavigatorTestHarness(
            flow(screen("s", title: "${screen.id}/${flow.id}/${who}|", content: [ContentBlock(.field(.textField(id: "who")))])),
            context: ["who": "host", "screen.id": "X", "flow.id": "Y"])
        _ = try await h.start()
        #expect(await h.navigator.snapshot()?.title == "s/test-flow/|")
        try await h.navigator.setField("who", to: .text("field"))
        #expect(await h.navigator.snapshot()?.title == "s/test-flow/field|")
    }

    @Test("a '$' not followed by '{' or '$' is literal, '$$' is one '$', an unclosed '${' stays as written")
    func dollarRules() {
        let anything: (String) -> String? = { _ in "?" }
        let text = TemplateString("Costs $5, $${x}, $")
        #expect(text.render(anything) == "Costs $5, ${x}, $")
        #expect(text.isConstant)
        let unclosed = TemplateString("a ${b")
        #expect(unclosed.render(anything) == "a ${b")
        #expect(unclosed.problems.map(\.message) == ["unclosed '${' in template"])
    }

    @Test("openURL percent-encodes each substituted value (RFC 3986 unreserved kept), not the literal text")
    func openURLEncodesValues() async throws {
        let h = NavigatorTestHarness(flow(screen(
            "a", .openURL("mailto:help@example.com?subject=${who}&x=1"),
            content: [ContentBlock(.field(.textField(id: "who")))])))
        _ = try await h.start()
        // Space → %20, '&' → %26, 'é' (UTF-8 C3 A9) → %C3%A9; '-', '.', '_', '~' stay.
        try await h.navigator.setField("who", to: .text("Ada & é-._~"))
        try await h.tapTop()
        #expect(h.urls.opened == ["mailto:help@example.com?subject=Ada%20%26%20%C3%A9-._~&x=1"])
    }

    @Test("openURL refuses a text without a scheme, with whitespace, or with nothing after the colon", arguments: [
        "mailto:", "https://exa mple.com", ":x", "1http://x", "",
    ])
    func openURLNotAURL(url: String) async throws {
        let h = NavigatorTestHarness(flow(screen("a", .openURL(TemplateString(url)))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(h.urls.opened.isEmpty)
        #expect(await h.navigator.snapshot()?.errorMessage == "openURL: '\(url)' is not a URL")
    }

    @Test("a navigation that leaves the same instance on top gives stackChanged but no screenShown")
    func sameTopNoScreenShown() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .popToRoot)))
        _ = try await h.start()
        try await h.tapTop()
        #expect(h.presenter.lines == [
            "stackChanged present: a [1]", "screenShown a",
            "actionTapped primary Go", "screenUpdated a busy",
            "stepRun popToRoot", "stackChanged popToRoot [1]",
            "screenUpdated a",
        ])
    }

    @Test("finish ends the flow and leaves the stacks as they are")
    func finishKeepsStacks() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .push("b")), screen("b", .finish("done"))))
        _ = try await h.start()
        try await h.tapTop()
        try await h.tapTop()
        #expect(await h.navigator.outcome == FlowOutcome("done"))
        #expect(await h.stacks() == [["a", "b"]])
    }

    @Test("labels, placeholders, finish outcomes and navigation targets are not rendered as templates")
    func notRendered() async throws {
        let h = NavigatorTestHarness(
            flow(screen(
                "a", .finish("${who}"), secondary: link("Go", .push("${who}")),
                content: [ContentBlock(.field(.textField(id: "t", label: "L ${who}", placeholder: "P ${who}")))])),
            context: ["who": "x"])
        _ = try await h.start()
        let field = try #require(await h.navigator.snapshot()?.fields.first)
        #expect(field.label == "L ${who}")
        #expect(field.placeholder == "P ${who}")
        try await h.tapTop(.secondary)
        #expect(await h.navigator.snapshot()?.errorMessage == "no screen '${who}' in this flow")
        try await h.tapTop(.primary)
        #expect(await h.navigator.outcome == FlowOutcome("${who}"))
    }

    @Test("a handler registered under a built-in step name is never called")
    func builtInNamesIgnoreHandlers() async throws {
        let recorder = RecordingActionHandler()
        let h = NavigatorTestHarness(
            flow(screen("a", .push("b")), screen("b", .finish(nil))),
            handlers: ["push": recorder, "finish": recorder])
        _ = try await h.start()
        try await h.tapTop()
        try await h.tapTop()
        #expect(recorder.invocations.isEmpty)
        #expect(await h.navigator.outcome == .finished)
    }

    @Test("a covered instance is drawn not on top, with its buttons disabled; a removed one is not drawn")
    func coveredAndRemovedInstances() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .push("b")), screen("b", .pop)))
        let a = try await h.start()
        try await h.tapTop()
        let b = try await h.topID()
        let covered = try #require(await h.navigator.snapshot(of: a))
        #expect(!covered.isOnTop)
        #expect(covered.primary?.isEnabled == false)
        #expect(covered.stackIndex == 0)
        #expect(covered.indexInStack == 0)
        #expect(covered.stackDepths == [2])
        try await h.tapTop()
        #expect(await h.navigator.snapshot(of: b) == nil)
    }
}

@Suite("Delivery rules (docs/navigation.md)")
struct DeliveryRulesDocTests {
    @Test("a submission is one line: sorted keys, slashes not escaped, newline escaped, no reason key when absent")
    func exactSubmissionLine() async throws {
        let path = temporaryPath("exact.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = JSONLinesFeedbackSink(file: URL(filePath: path))
        try await sink.submit(FeedbackSubmission(
            id: "00000000-0000-4000-8000-000000000001", rating: 3, reason: "a/b\nc", custom: ["z": .bool(false), "a": .string("x/y")], flowID: "f",
            screenID: "s", submittedAt: NavigatorTestHarness.clock))
        try await sink.submit(FeedbackSubmission(
            id: "00000000-0000-4000-8000-000000000002", rating: 5, reason: nil, custom: [:], flowID: "f", screenID: "s", submittedAt: NavigatorTestHarness.clock))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Written by hand from RFC 8259 §7 and the documented key order.
        #expect(text == """
            {"custom":{"a":"x/y","z":false},"flowID":"f","id":"00000000-0000-4000-8000-000000000001","rating":3,"reason":"a/b\\nc","screenID":"s","submittedAt":"2024-05-01T12:00:00Z"}
            {"custom":{},"flowID":"f","id":"00000000-0000-4000-8000-000000000002","rating":5,"screenID":"s","submittedAt":"2024-05-01T12:00:00Z"}

            """)
    }

    @Test("the transcript writes no field edits and no collectUserFeedback argument; rendered titles are written as shown")
    func transcriptAndFieldValues() async throws {
        let path = temporaryPath("transcript.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = TranscriptRecorder(file: URL(filePath: path))
        let rate = screen(
            "rate", .collectUserFeedback(FeedbackRequest(rating: "5", reason: "${email}")), .push("thanks"),
            content: [ContentBlock(.field(.textField(id: "email")))])
        let navigator = FlowNavigator(
            flow: flow(rate, screen("thanks", title: "Thanks, ${email}")),
            registry: ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: RecordingFeedbackSink()),
            presenters: [recorder])
        try await navigator.start()
        try await navigator.setField("email", to: .text("ada@example.com"))
        _ = await navigator.tap(.primary, on: try #require(await navigator.state.navigation.top).id)

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let events = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(events.map { $0["type"] as? String } == [
            "stackChanged", "screenShown", "actionTapped", "stepRun", "handlerResult", "stepRun", "stackChanged",
            "screenShown",
        ])
        #expect(events[3]["step"] as? String == "collectUserFeedback")
        #expect(events[3]["argument"] == nil)
        #expect(events[7]["title"] as? String == "Thanks, ada@example.com")
        #expect(lines.filter { $0.contains("ada@example.com") }.count == 1)
    }
}

@Suite("File format rules (docs/file-format.md)")
struct FileFormatRulesDocTests {
    private func compile(_ text: String, path: String = "doc.yaml") -> FlowCompilation {
        FlowCompiler.compile(DocumentLoader.load(SourceFile(path: path, text: text)))
    }

    private func places(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { d in "\(d.span.map { "\($0.start.line):\($0.start.column)" } ?? "-") \(d.code)" }
    }

    @Test("an unreadable file is one io-error at 1:1 and no root")
    func unreadableFile() {
        let path = "/nonexistent-feedbackflow-dir/flow.yaml"
        let document = DocumentLoader.load(path: path)
        #expect(document.root == nil)
        #expect(document.diagnostics.map(\.code) == ["io-error"])
        #expect(document.diagnostics.first?.message == "cannot read file '\(path)': No such file or directory")
        #expect(document.diagnostics.first?.span?.start.description == "1:1")
    }

    @Test("a path ending in .json, in any case, is JSON; anything else is YAML", arguments: [
        ("a.json", DocumentFormat.json), ("A.JSON", .json), ("a.yml", .yaml), ("a.yaml", .yaml), ("a.txt", .yaml),
        ("json", .yaml),
    ])
    func formatFromPath(path: String, format: DocumentFormat) {
        #expect(DocumentFormat(path: path) == format)
    }

    @Test("plain 0o octal, 0x hex and +N are integers; a malformed 0o8 is a string")
    func integerForms() throws {
        let root = try #require(DocumentLoader.load(SourceFile(path: "i.yaml", text: "a: 0o17\nb: 0x1F\nc: +5\nd: 0o8\n")).root)
        #expect(root["a"]?.integer == 15)
        #expect(root["b"]?.integer == 31)
        #expect(root["c"]?.integer == 5)
        #expect(root["d"]?.integer == nil)
        #expect(root["d"]?.kindDescription == "a string")
    }

    @Test("keys with the same text are duplicates whatever their quoting; a second '<<' is a duplicate key")
    func duplicateKeyText() {
        let quoted = DocumentLoader.load(SourceFile(path: "q.yaml", text: "title: a\n\"title\": b\n"))
        #expect(quoted.diagnostics.map(\.code) == ["duplicate-key"])
        #expect(quoted.diagnostics.first?.message == "duplicate key 'title' (first at 1:1)")
        #expect(quoted.root?["title"]?.string == "a")
        let merges = DocumentLoader.load(SourceFile(
            path: "m.yaml", text: "base: &b {x: 1}\nm:\n  <<: *b\n  <<: {y: 2}\n"))
        #expect(merges.diagnostics.map(\.code) == ["duplicate-key"])
        #expect(merges.diagnostics.first?.message == "duplicate key '<<' (first at 3:3)")
        #expect(merges.diagnostics.first?.span?.start.description == "4:3")
    }

    @Test("the default id is the base name without its last extension", arguments: [
        ("flows/thanks.yaml", "thanks"), ("x.tar.gz", "x.tar"), (".hidden", ".hidden"), ("dir/", "dir"), ("", "flow"),
        ("noext", "noext"), ("flows/thanks.flow.yaml", "thanks"), ("a.flow.json", "a"), (".flow.yaml", ".flow"),
        ("a.flowy.yaml", "a.flowy"),
    ])
    func baseName(path: String, expected: String) {
        #expect(FlowDecoder.baseName(of: path) == expected)
    }

    @Test("a single-screen file takes version, id and presentation besides screen keys; its screen is named after the file")
    func singleScreenFileKeys() throws {
        let compilation = compile(
            "version: 1\nid: other\nstart: x\nstyle: success\ntitle: T\nprimaryAction: none\n", path: "dir/thanks.yaml")
        #expect(places(compilation.diagnostics) == ["3:1 unknown-key"])
        #expect(compilation.diagnostics.first?.message == "unknown key 'start'")
        #expect(compilation.diagnostics.first?.hint?.hasPrefix("valid here: 'version', 'id', 'presentation', 'style'") == true)
        let flow = try #require(compilation.flow)
        #expect(flow.id == "other")
        #expect(flow.screens.map(\.id) == ["thanks"])
        #expect(flow.start == "thanks")
    }

    @Test("a secondary action is none, button or link; retryButton there is an unknown key")
    func secondaryRetryButton() {
        let compilation = compile("""
            version: 1
            style: success
            title: T
            primaryAction: none
            secondaryAction:
              retryButton: {title: R, action: dismiss}

            """)
        #expect(places(compilation.diagnostics) == ["6:3 unknown-key"])
        #expect(compilation.diagnostics.first?.hint == "valid here: 'button', 'link'")
    }

    @Test("an empty button title is empty-title at the value")
    func emptyButtonTitle() {
        let compilation = compile("""
            version: 1
            style: success
            title: T
            primaryAction: {button: {title: "", action: dismiss}}

            """)
        #expect(places(compilation.diagnostics) == ["4:33 empty-title"])
    }

    @Test("collectUserFeedback's custom must be a mapping")
    func feedbackCustomShape() {
        let compilation = compile("""
            version: 1
            style: success
            title: T
            primaryAction:
              button:
                title: Go
                action: {collectUserFeedback: {rating: "5", custom: [a]}}

            """)
        #expect(places(compilation.diagnostics) == ["7:57 type-mismatch"])
        #expect(compilation.diagnostics.first?.message == "expected a mapping, found a list")
    }
}
