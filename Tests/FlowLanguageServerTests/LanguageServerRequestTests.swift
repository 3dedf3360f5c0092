import FeedbackFlowTestSupport
import Foundation
import Testing

/// Completion, rename and hover, asked of a server in this process about the flows of
/// `Fixtures/`. Every position is counted by hand in the fixture (0-based lines and
/// characters: the fixtures are ASCII, so UTF-16 units are bytes), every expected value is
/// the fixture's text, the schema's or the protocol's (LSP 3.17).
@Suite("the language server's requests, in process")
struct LanguageServerRequestTests {
    /// The params of a request at `line`, `character` of the document `uri`.
    static func at(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    /// The schema's `description` of `key` in the definition `definition`.
    static func schemaDescription(_ definition: String, _ key: String) throws -> String {
        let file = BuiltTool.repositoryRoot.appendingPathComponent("schemas/feedbackflow.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let properties = ((schema["$defs"] as? [String: Any])?[definition] as? [String: Any])?["properties"] as? [String: Any]
        return try #require((properties?[key] as? [String: Any])?["description"] as? String)
    }

    /// A client that reads Markdown in completion items and hovers.
    static var markdown: [String: Any] {
        ["textDocument": ["completion": ["completionItem": ["documentationFormat": ["markdown"]]], "hover": ["contentFormat": ["markdown"]]]]
    }

    // MARK: Completion

    @Test("after `push: ` completion offers exactly the screen ids, each with its style and title, over the id the cursor stands in")
    func completionOfScreenIDs() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("trip.flow.yaml")
        // Line 16 is `              then: [push: thanks]`: `thanks` is at characters 27 to 33.
        let list = try await client.result("textDocument/completion", Self.at(uri, 16, 27), as: Wire.CompletionList.self)
        #expect(list.items.map(\.label) == ["rate", "sorry", "thanks"])
        // CompletionItemKind.Reference.
        #expect(list.items.map(\.kind) == [18, 18, 18])
        #expect(list.items.map(\.detail) == ["feedback: How was the trip?", "error: Sorry, ${stars} stars", "success: Thank you!"])
        let over = Wire.Range(line: 16, from: 27, to: 33)
        #expect(list.items.map(\.textEdit) == ["rate", "sorry", "thanks"].map { Wire.TextEdit(range: over, newText: $0) })
        #expect(!list.isIncomplete)
    }

    @Test("inside `${` completion offers the names a template reads: the field with its kind, then flow.id and screen.id")
    func completionInATemplate() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("trip.flow.yaml")
        // Line 20 is `    title: "Sorry, ${stars} stars"`: `${` ends at character 21, `stars` at 26.
        let list = try await client.result("textDocument/completion", Self.at(uri, 20, 21), as: Wire.CompletionList.self)
        #expect(list.items.map(\.label) == ["stars", "flow.id", "screen.id"])
        // CompletionItemKind.Variable.
        #expect(list.items.map(\.kind) == [6, 6, 6])
        #expect(list.items.first?.detail == "field: rating")
        #expect(list.items.first?.textEdit == Wire.TextEdit(range: Wire.Range(line: 20, from: 21, to: 26), newText: "stars"))
    }

    @Test("a key half typed on a screen's line completes to the screen's keys the schema has and it lacks, with their descriptions")
    func completionOfKeys() async throws {
        let (client, _) = try await InProcessClient.started(capabilities: Self.markdown)
        let (uri, _) = try await client.open("half-typed.flow.yaml")
        // Line 6 is `    sub`: the key is typed from character 4 to 7; the screen has `style`,
        // `title` and `primaryAction`.
        let list = try await client.result("textDocument/completion", Self.at(uri, 6, 7), as: Wire.CompletionList.self)
        #expect(Set(list.items.map(\.label)) == ["extraContent", "image", "secondaryAction", "subtitle"])
        let subtitle = try #require(list.items.first { $0.label == "subtitle" })
        // CompletionItemKind.Property.
        #expect(subtitle.kind == 10)
        #expect(subtitle.textEdit == Wire.TextEdit(range: Wire.Range(line: 6, from: 4, to: 7), newText: "subtitle: "))
        #expect(subtitle.documentation?.kind == "markdown")
        #expect(subtitle.documentation?.value == (try Self.schemaDescription("screenBody", "subtitle")))
    }

    // MARK: Rename

    @Test("renaming a screen where a step names it edits its key and the step, which makes the fixture renamed by hand")
    func renameOfAScreen() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, text) = try await client.open("trip.flow.yaml")
        // Line 17 is `              else: [push: sorry]` (`sorry` at 27 to 32), line 18 `  sorry:` (2 to 7).
        var params = Self.at(uri, 17, 29)
        params["newName"] = "apology"
        let edit = try await client.result("textDocument/rename", params, as: Wire.WorkspaceEdit.self)
        let edits = try #require(edit.changes[uri])
        #expect(Set(edits) == [
            Wire.TextEdit(range: Wire.Range(line: 18, from: 2, to: 7), newText: "apology"),
            Wire.TextEdit(range: Wire.Range(line: 17, from: 27, to: 32), newText: "apology"),
        ])
        let renamed = try String(contentsOf: InProcessClient.fixture("trip.renamed.flow.yaml"), encoding: .utf8)
        #expect(Wire.apply(edits, to: text) == renamed)
    }

    @Test("renaming a field edits its id, the expression and the template that read it")
    func renameOfAField() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("trip.flow.yaml")
        // `stars` is the id on line 9 (characters 21 to 26), read by the condition on line
        // 15 (26 to 31) and the template on line 20 (21 to 26).
        var params = Self.at(uri, 9, 23)
        params["newName"] = "score"
        let edit = try await client.result("textDocument/rename", params, as: Wire.WorkspaceEdit.self)
        #expect(Set(edit.changes[uri] ?? []) == [
            Wire.TextEdit(range: Wire.Range(line: 9, from: 21, to: 26), newText: "score"),
            Wire.TextEdit(range: Wire.Range(line: 15, from: 26, to: 31), newText: "score"),
            Wire.TextEdit(range: Wire.Range(line: 20, from: 21, to: 26), newText: "score"),
        ])
    }

    @Test("prepareRename selects the name; a rename to a screen id that exists, or where no name is, fails with RequestFailed")
    func renameRefusals() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("trip.flow.yaml")
        // Line 16: `thanks` at characters 27 to 33.
        let prepared = try await client.result("textDocument/prepareRename", Self.at(uri, 16, 30), as: Wire.PrepareRename.self)
        #expect(prepared == Wire.PrepareRename(range: Wire.Range(line: 16, from: 27, to: 33), placeholder: "thanks"))
        var taken = Self.at(uri, 17, 29)
        taken["newName"] = "thanks"
        let refused = try await client.answer("textDocument/rename", taken, as: Wire.WorkspaceEdit.self)
        // LSP 3.17 `RequestFailed`.
        #expect(refused.error?.code == -32803 && refused.result == nil)
        #expect(refused.error?.message.contains("'thanks'") == true)
        // Line 0 is `version: 1`: a key, no name.
        var nowhere = Self.at(uri, 0, 2)
        nowhere["newName"] = "x"
        #expect(try await client.answer("textDocument/rename", nowhere, as: Wire.WorkspaceEdit.self).error?.code == -32803)
    }

    // MARK: Hover

    @Test("hover tells a field's kind where an expression reads it, a screen's style and title where a step names it, and a key's description")
    func hover() async throws {
        let (client, _) = try await InProcessClient.started(capabilities: Self.markdown)
        let (uri, _) = try await client.open("trip.flow.yaml")
        // Line 15 is `              condition: "stars >= 4"`: `stars` at 26 to 31, a `rating` field.
        let field = try await client.result("textDocument/hover", Self.at(uri, 15, 28), as: Wire.Hover.self)
        #expect(field.contents.kind == "markdown")
        #expect(field.contents.value.contains("`stars`") && field.contents.value.contains("rating"), "\(field.contents.value)")
        #expect(field.range == Wire.Range(line: 15, from: 26, to: 31))
        // Line 16: `thanks` at 27 to 33, a `success` screen titled `Thank you!`.
        let screen = try await client.result("textDocument/hover", Self.at(uri, 16, 33), as: Wire.Hover.self)
        #expect(screen.contents.value.contains("success") && screen.contents.value.contains("Thank you!"), "\(screen.contents.value)")
        #expect(screen.range == Wire.Range(line: 16, from: 27, to: 33))
        // Line 5 is `    style: feedback`: the key `style` at 4 to 9.
        let key = try await client.result("textDocument/hover", Self.at(uri, 5, 6), as: Wire.Hover.self)
        #expect(key.contents.value.contains(try Self.schemaDescription("screenBody", "style")), "\(key.contents.value)")
        #expect(key.range == Wire.Range(line: 5, from: 4, to: 9))
        // Line 0 is `version: 1`: nothing to tell about the `1` at 9.
        let nothing = try await client.answer("textDocument/hover", Self.at(uri, 0, 9), as: Wire.Hover.self)
        #expect(nothing.result == nil && nothing.error == nil)
    }

    @Test("a client that does not say it reads Markdown gets a hover in plain text")
    func plainHover() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("trip.flow.yaml")
        let field = try await client.result("textDocument/hover", Self.at(uri, 15, 28), as: Wire.Hover.self)
        #expect(field.contents.kind == "plaintext")
        #expect(field.contents.value.contains("stars") && !field.contents.value.contains("`") && !field.contents.value.contains("**"))
    }

    // MARK: The table of requests

    @Test("initialize declares the capability of each request the server answers; one it does not declare is MethodNotFound")
    func capabilitiesAgreeWithDispatch() async throws {
        let (client, capabilities) = try await InProcessClient.started()
        let (uri, _) = try await client.open("trip.flow.yaml")
        // LSP 3.17 `ServerCapabilities`: the member that declares each request.
        let providers = [
            "completionProvider": "textDocument/completion", "hoverProvider": "textDocument/hover",
            "definitionProvider": "textDocument/definition", "referencesProvider": "textDocument/references",
            "documentSymbolProvider": "textDocument/documentSymbol", "foldingRangeProvider": "textDocument/foldingRange",
            "renameProvider": "textDocument/rename", "codeActionProvider": "textDocument/codeAction",
            "documentFormattingProvider": "textDocument/formatting", "documentHighlightProvider": "textDocument/documentHighlight",
            "signatureHelpProvider": "textDocument/signatureHelp", "typeDefinitionProvider": "textDocument/typeDefinition",
        ]
        for (provider, method) in providers.sorted(by: { $0.key < $1.key }) {
            var params = Self.at(uri, 16, 30)
            params["newName"] = "done"
            let answer = try await client.request(method, params)
            let code = (answer["error"] as? [String: Any])?["code"] as? Int
            // LSP 3.17 `MethodNotFound` exactly for what is not declared.
            #expect((code == -32601) == (capabilities[provider] == nil), "\(method): \(answer)")
        }
        #expect(capabilities["positionEncoding"] as? String == "utf-16")
    }

    @Test("a request about a document that is not open, or without a position where it needs one, is InvalidParams")
    func invalidParams() async throws {
        let (client, _) = try await InProcessClient.started()
        let (uri, _) = try await client.open("trip.flow.yaml")
        // LSP 3.17 `InvalidParams`.
        let closed = try await client.request("textDocument/hover", Self.at("file:///nowhere.flow.yaml", 0, 0))
        #expect((closed["error"] as? [String: Any])?["code"] as? Int == -32602)
        let noPosition = try await client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": -1, "character": 0]])
        #expect((noPosition["error"] as? [String: Any])?["code"] as? Int == -32602)
        // Symbols need no position: each screen and its button's title, as flat
        // `SymbolInformation`s for a client that does not say it reads them nested.
        let symbols = try await client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        let names = (symbols["result"] as? [[String: Any]])?.map { $0["name"] as? String }
        #expect(names == ["rate", "Send", "sorry", "Close", "thanks", "Done"])
    }
}
