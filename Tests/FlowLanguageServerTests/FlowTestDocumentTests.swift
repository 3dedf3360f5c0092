import FeedbackFlow
@testable import FlowLanguageServer
import FlowScenarios
import FlowSource
import Foundation
import Testing

/// Flow test files (`*.flowtest.yaml`) in a server in this process, against the flow of
/// `Fixtures/flowtests/delivery.flow.yaml`: its screens `rate` and `thanks`, its fields
/// `stars` (a rating) and `remark` (a text editor), its buttons `Send`, `Not now` and
/// `Done`, its custom step `notifyCourier` and its event `orderDelivered`. Every position
/// is counted by hand in the fixture (0-based lines and characters, ASCII); every expected
/// name is the flow's, every key and its help the format's table (``FlowScenarios/ScenarioKey``),
/// every code and hint the reader's rules for a name not in the flow.
@Suite("flow test files in the language server, in process")
struct FlowTestDocumentTests {
    static func at(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
        LanguageServerRequestTests.at(uri, line, character)
    }

    /// The help of `key` in `table`, as the format's table says it.
    static func help(_ table: [ScenarioKey], _ key: String) throws -> String {
        try #require(table.first { $0.name == key }).help
    }

    // MARK: Diagnostics

    @Test("a typo in each kind of name is reported where it is written, with the flow's name to change it to")
    func typosAreReported() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("flowtests/delivery.flowtest.yaml")
        let found = try client.published(uri).diagnostics
        struct Found: Hashable {
            var code: String
            var range: Wire.Range
            var suggestion: String
        }
        let expected: Set<Found> = [
            // Line 6: `notifyCourrier` at 6 to 20, a custom step the flow does not run.
            Found(code: "unknown-reference", range: Wire.Range(line: 6, from: 6, to: 20), suggestion: "notifyCourier"),
            // Line 8: `stras` at 14 to 19, a field id.
            Found(code: "unknown-reference", range: Wire.Range(line: 8, from: 14, to: 19), suggestion: "stars"),
            // Line 9: `Sned` at 13 to 17, a button's title.
            Found(code: "unknown-reference", range: Wire.Range(line: 9, from: 13, to: 17), suggestion: "Send"),
            // Line 10: `thank` at 25 to 30, a screen id; `submited` at 32 to 40, a key of `expect`.
            Found(code: "unknown-screen", range: Wire.Range(line: 10, from: 25, to: 30), suggestion: "thanks"),
            Found(code: "unknown-key", range: Wire.Range(line: 10, from: 32, to: 40), suggestion: "submitted"),
            // Line 12: `orderDelivred` at 21 to 34, an event.
            Found(code: "unknown-event", range: Wire.Range(line: 12, from: 21, to: 34), suggestion: "orderDelivered"),
        ]
        let suggestions = found.map { diagnostic in
            Found(
                code: diagnostic.code, range: diagnostic.range,
                suggestion: diagnostic.message.firstMatch(of: /hint: did you mean '([^']+)'\?/).map { String($0.1) } ?? "")
        }
        #expect(Set(suggestions) == expected, "\(found)")
        #expect(found.count == expected.count)
        #expect(found.allSatisfy { $0.severity == 1 })
        // Each suggestion of a plain name is a quick fix, as in a flow; no suppression
        // comment is offered (a flow test reads none).
        let actions = try await client.request(
            "textDocument/codeAction",
            ["textDocument": ["uri": uri], "range": ["start": ["line": 0, "character": 0], "end": ["line": 20, "character": 0]], "context": ["diagnostics": []]])
        let titles = ((actions["result"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
        #expect(Set(titles) == Set(["notifyCourier", "stars", "Send", "thanks", "submitted", "orderDelivered"].map { "Change to '\($0)'" }))
    }

    @Test("the flow is read from the client's open text of it when there is one, and the tests follow it as it changes and closes")
    func theOpenFlowIsRead() async throws {
        let (client, _) = try await InProcessClient.started()
        let (test, _) = try await client.open("flowtests/delivery.flowtest.yaml")
        #expect(try client.published(test).diagnostics.contains { $0.code == "unknown-screen" })
        // The open flow renames `thanks` to `thank`: the test's `thank` is the flow's now.
        let file = InProcessClient.fixture("flowtests/delivery.flow.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let renamed = text.replacing("thanks", with: "thank")
        try await client.open(uri: file.absoluteString, text: renamed)
        let (afterRename, count) = try client.published(test)
        #expect(count == 2)
        #expect(!afterRename.contains { $0.code == "unknown-screen" }, "\(afterRename)")
        // The open flow changed to have an error: the test cannot run, said at `flow:`'s
        // value (line 2, characters 6 to 24), and only its own keys are checked.
        try await client.send([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": file.absoluteString, "version": 2],
                "contentChanges": [["text": renamed.replacing("start: rate", with: "start: nowhere")]],
            ],
        ])
        await client.server.publishChanged()
        let broken = try client.published(test).diagnostics
        #expect(broken.map(\.code) == ["flow-not-testable", "unknown-key"], "\(broken)")
        #expect(broken.first?.range == Wire.Range(line: 2, from: 6, to: 24))
        // Closed, the flow is read from disk again.
        try await client.close(file.absoluteString)
        #expect(try client.published(test).diagnostics.count == 6)
    }

    @Test("a flow test naming a flow that cannot be read is not testable, said at flow:")
    func anUnreadableFlow() async throws {
        let (client, _) = try await InProcessClient.started()
        let uri = InProcessClient.fixture("flowtests/nowhere.flowtest.yaml").absoluteString
        try await client.open(uri: uri, text: "flow: nowhere.flow.yaml\nscenarios:\n  - {name: opens, steps: [{tap: Open}]}\n")
        let found = try client.published(uri).diagnostics
        #expect(found.map(\.code) == ["flow-not-testable"])
        #expect(found.first?.range == Wire.Range(line: 0, from: 6, to: 23))
        #expect(found.first?.message.contains("nowhere.flow.yaml'") == true, "\(found)")
    }

    // MARK: Completion

    @Test("a key typed on its own line completes to the keys of its table the mapping lacks, with their help")
    func keysOfTheTable() async throws {
        let (client, _) = try await InProcessClient.started(capabilities: LanguageServerRequestTests.markdown)
        let (uri, _) = try await client.open("flowtests/completion.flowtest.yaml")
        // Line 3 is `    handlers:`: a key of a scenario that has `name` and `steps`.
        let scenario = try await client.result("textDocument/completion", Self.at(uri, 3, 4), as: Wire.CompletionList.self)
        #expect(scenario.items.map(\.label) == ["context", "trigger", "handlers"])
        // CompletionItemKind.Property, written `key: ` over the key the cursor stands in.
        #expect(scenario.items.allSatisfy { $0.kind == 10 })
        #expect(scenario.items.first?.textEdit == Wire.TextEdit(range: Wire.Range(line: 3, from: 4, to: 12), newText: "context: "))
        #expect(scenario.items.first?.documentation?.value == (try Self.help(ScenarioKey.scenario, "context")))
        // Line 7 is `      - tap: Send`: after `- `, a step, one of its four keys.
        let step = try await client.result("textDocument/completion", Self.at(uri, 7, 8), as: Wire.CompletionList.self)
        #expect(step.items.map(\.label) == ScenarioKey.names(ScenarioKey.step))
    }

    @Test("the mappings keyed by the flow's names complete to them: custom steps, field ids, button titles")
    func namesAsKeys() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("flowtests/completion.flowtest.yaml")
        // Line 4 is `      notifyCourier: {returns: {}}`, under `handlers:`.
        let handlers = try await client.result("textDocument/completion", Self.at(uri, 4, 6), as: Wire.CompletionList.self)
        #expect(handlers.items.map(\.label) == ["notifyCourier"])
        #expect(handlers.items.first?.textEdit == Wire.TextEdit(range: Wire.Range(line: 4, from: 6, to: 19), newText: "notifyCourier: "))
        // Line 6 is `      - set: {stars: 5}`: after `{` (14), the field ids, by name.
        let fields = try await client.result("textDocument/completion", Self.at(uri, 6, 14), as: Wire.CompletionList.self)
        #expect(fields.items.map(\.label) == ["remark", "stars"])
        #expect(fields.items.map(\.detail) == ["textEditor", "rating"])
        #expect(fields.items.last?.textEdit == Wire.TextEdit(range: Wire.Range(line: 6, from: 14, to: 19), newText: "stars: "))
        // Line 8's `buttons: {Done: …}`: `Done` at 43 to 47.
        let buttons = try await client.result("textDocument/completion", Self.at(uri, 8, 43), as: Wire.CompletionList.self)
        #expect(buttons.items.map(\.label) == ["Send", "Not now", "Done"])
        #expect(buttons.items.map(\.textEdit?.newText) == ["Send: ", "Not now: ", "Done: "])
    }

    @Test("values complete to the flow's names: screen ids after screen: and in stacks:, titles after tap:, events after event:")
    func namesAsValues() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("flowtests/completion.flowtest.yaml")
        // Line 7 is `      - tap: Send`: `Send` at 13 to 17.
        let tap = try await client.result("textDocument/completion", Self.at(uri, 7, 13), as: Wire.CompletionList.self)
        #expect(tap.items.map(\.label) == ["Send", "Not now", "Done"])
        #expect(tap.items.first?.textEdit == Wire.TextEdit(range: Wire.Range(line: 7, from: 13, to: 17), newText: "Send"))
        // Line 8's `screen: thanks` (`thanks` at 25 to 31) and `stacks: [[rate, …` (`rate` at 77 to 81).
        let screen = try await client.result("textDocument/completion", Self.at(uri, 8, 25), as: Wire.CompletionList.self)
        #expect(screen.items.map(\.label) == ["rate", "thanks"])
        #expect(screen.items.map(\.detail) == ["feedback: How was the delivery?", "success: Thank you!"])
        #expect(screen.items.last?.textEdit == Wire.TextEdit(range: Wire.Range(line: 8, from: 25, to: 31), newText: "thanks"))
        let stack = try await client.result("textDocument/completion", Self.at(uri, 8, 77), as: Wire.CompletionList.self)
        #expect(stack.items.map(\.label) == ["rate", "thanks"])
        #expect(stack.items.first?.textEdit?.range == Wire.Range(line: 8, from: 77, to: 81))
        // Line 9 is `      - event: orderDelivered`: the event at 15 to 29.
        let event = try await client.result("textDocument/completion", Self.at(uri, 9, 15), as: Wire.CompletionList.self)
        #expect(event.items.map(\.label) == ["orderDelivered"])
        #expect(event.items.first?.textEdit?.range == Wire.Range(line: 9, from: 15, to: 29))
    }

    @Test("a half-typed flow test, which does not load, still completes the names of the flow its flow: line names")
    func halfTyped() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("flowtests/half-typed.flowtest.yaml")
        #expect(try client.published(uri).diagnostics.contains { $0.code == "syntax-error" })
        // Line 4 is `      - expect: {screen:`, the cursor after its colon (24): a space first.
        let list = try await client.result("textDocument/completion", Self.at(uri, 4, 24), as: Wire.CompletionList.self)
        #expect(list.items.map(\.textEdit?.newText) == [" rate", " thanks"])
    }

    @Test("a JSON flow test completes keys written in quotes, and values inside their quotes")
    func json() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("flowtests/completion.flowtest.json")
        #expect(try client.published(uri).diagnostics.isEmpty)
        // Line 4 is `      "name": …` in a scenario with `name` and `steps`: before its quote (6).
        let keys = try await client.result("textDocument/completion", Self.at(uri, 4, 6), as: Wire.CompletionList.self)
        #expect(keys.items.map(\.label) == ["context", "trigger", "handlers"])
        #expect(keys.items.first?.textEdit == Wire.TextEdit(range: Wire.Range(line: 4, from: 6, to: 6), newText: "\"context\": "))
        // Line 6 is `        {"tap": "Send"},`: `Send` at 17 to 21, inside its quotes.
        let tap = try await client.result("textDocument/completion", Self.at(uri, 6, 17), as: Wire.CompletionList.self)
        #expect(tap.items.map(\.textEdit) == ["Send", "Not now", "Done"].map { Wire.TextEdit(range: Wire.Range(line: 6, from: 17, to: 21), newText: $0) })
        // Line 7's `"stacks": [["rate", …`: `rate` at 53.
        let stack = try await client.result("textDocument/completion", Self.at(uri, 7, 53), as: Wire.CompletionList.self)
        #expect(stack.items.map(\.label) == ["rate", "thanks"])
    }

    @Test("a name completion writes reads back as that name, as a YAML value and as a key of a flow mapping; plain where it can be")
    func namesAreWrittenAsYAMLReadsThem() throws {
        let titles = [
            "Send", "Not now", "It's fine", "Rate us: now", "Yes", "no", "null", "3", "1.5", "- dash", "#1 choice", "a, b", "{x}", "ends with ",
            "say \"hi\"", "50% off", "@home", "a #b", "Ünïcode",
        ]
        for title in titles {
            let written = LanguageServer.yamlText(title)
            for text in ["k: \(written)\n", "k: {\(written): v}\n"] {
                let root = try #require(DocumentLoader.load(SourceFile(path: "x.yaml", text: text)).root, "\(text)")
                let value = try #require(root.mapping?.first?.value)
                let read = text.hasPrefix("k: {") ? value.mapping?.first?.key.string : value.string
                #expect(read == title, "\(title) written as \(written)")
            }
        }
        // The plain ones stay plain.
        #expect(["Send", "Not now", "It's fine", "Ünïcode"].map(LanguageServer.yamlText) == ["Send", "Not now", "It's fine", "Ünïcode"])
    }

    // MARK: Hover

    @Test("hover on a key tells its help from the format's table, on its own line or in a flow mapping")
    func hoverOnKeys() async throws {
        let (client, _) = try await InProcessClient.started(capabilities: LanguageServerRequestTests.markdown)
        let (uri, _) = try await client.open("flowtests/completion.flowtest.yaml")
        // Line 1 is `scenarios:`, a required key of the file.
        let scenarios = try await client.result("textDocument/hover", Self.at(uri, 1, 3), as: Wire.Hover.self)
        #expect(scenarios.contents.value == "**scenarios** (required): " + (try Self.help(ScenarioKey.file, "scenarios")))
        #expect(scenarios.range == Wire.Range(line: 1, from: 0, to: 9))
        // Line 8's `buttons` (33 to 40), a key of `expect` in a flow mapping.
        let buttons = try await client.result("textDocument/hover", Self.at(uri, 8, 35), as: Wire.Hover.self)
        #expect(buttons.contents.value == "**buttons**: " + (try Self.help(ScenarioKey.expect, "buttons")))
        #expect(buttons.range == Wire.Range(line: 8, from: 33, to: 40))
    }
}
