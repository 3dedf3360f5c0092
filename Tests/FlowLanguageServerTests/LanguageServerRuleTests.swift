import FeedbackFlowTestSupport
import FlowSource
@testable import FlowLanguageServer
import FlowWorkspace
import Foundation
import Testing

/// The language server in process: the protocol's framing and position rules, the bounds
/// on what it follows, key placement in a YAML flow mapping, file URIs, and the schema's
/// facts, pinned without a process.
@Suite("the language server, in process")
struct LanguageServerRuleTests {
    /// Who the server says it is: a name, a version and a rule catalog of the test's own.
    static let info = LSPServerInfo(name: "feedbackflow", version: "0", rulesDocumentation: "https://example.com/rules.md")

    static func frame(_ text: String) -> [UInt8] { Array("Content-Length: \(text.utf8.count)\r\n\r\n\(text)".utf8) }

    @Test("messages are framed by Content-Length whatever the chunks they arrive in; a header may carry other fields in any case")
    func framing() {
        var reader = LSPMessageReader()
        let bytes = Self.frame("{\"a\":1}") + Array("content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH: 2\r\n\r\n{}".utf8)
        var frames: [LSPMessageReader.Frame] = []
        for byte in bytes {
            reader.feed([byte])
            while let frame = reader.next() { frames.append(frame) }
        }
        #expect(frames == [.message(Array("{\"a\":1}".utf8)), .message(Array("{}".utf8))])
    }

    @Test("a message over the limit is dropped unread and the next one is still read; a header without Content-Length breaks the stream")
    func limits() {
        var reader = LSPMessageReader()
        let size = LSPMessageReader.messageLimit + 1
        reader.feed(Array("Content-Length: \(size)\r\n\r\n".utf8))
        #expect(reader.next() == .tooLarge(size))
        reader.feed([UInt8](repeating: 0x78, count: size))
        reader.feed(Self.frame("{}"))
        #expect(reader.next() == .message(Array("{}".utf8)))
        var broken = LSPMessageReader()
        broken.feed(Array("Content-Type: x\r\n\r\n{}".utf8))
        #expect(broken.next() == .broken("a message without Content-Length"))
        var long = LSPMessageReader()
        long.feed([UInt8](repeating: 0x41, count: LSPMessageReader.headerLimit + 1))
        #expect(long.next() == .broken("a header block longer than \(LSPMessageReader.headerLimit) bytes"))
        var bad = LSPMessageReader()
        bad.feed(Array("Content-Length: -3\r\n\r\n".utf8))
        #expect(bad.next() == .broken("an invalid Content-Length '-3'"))
        // Far over the limit: not counted off (the server would read it for hours), a framing error.
        var far = LSPMessageReader()
        far.feed(Array("Content-Length: \(LSPMessageReader.droppableLimit + 1)\r\n\r\n".utf8))
        #expect(far.next() == .broken("a Content-Length of \(LSPMessageReader.droppableLimit + 1) bytes, far over the limit of \(LSPMessageReader.messageLimit) bytes"))
        far.feed(Self.frame("{}"))
        #expect(far.next() == nil)
    }

    @Test("open documents together hold at most the documented total; one past it is not followed, and the editor is told why")
    func openDocumentsAreBoundedInTotal() async throws {
        let written = Written()
        let server = LanguageServer(output: { written.append($0) }, workingDirectory: "/", info: Self.info)
        await server.handle(.message(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#.utf8)))
        // A comment line: a document the size of the bound's share that costs little to check.
        let share = LanguageServer.openBytesLimit / 4
        // `\n` as JSON writes it: the document is `share` bytes.
        let text = "# " + String(repeating: "x", count: share - 3) + "\\n"
        func open(_ name: String) async {
            let message = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///\#(name).flow.yaml","languageId":"yaml","version":1,"text":"\#(text)"}}}"#
            await server.handle(.message(Array(message.utf8)))
        }
        for name in ["a", "b", "c", "d"] { await open(name) }
        #expect(!written.text.contains("window/showMessage"))
        await open("e")
        #expect(written.text.contains("file:///e.flow.yaml is not checked: the open documents would hold more than 128 MiB together"), "\(written.text.prefix(2000))")
        #expect(await server.openDocumentCount == 4)
        // Closing one makes room again.
        await server.handle(.message(Array(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///a.flow.yaml"}}}"#.utf8)))
        await open("e")
        #expect(await server.openDocumentCount == 4)
    }

    /// The titles of the code actions an in-process server offers for the whole of `file`.
    static func codeActionTitles(for file: URL) async throws -> [String] {
        let written = Written()
        let server = LanguageServer(output: { written.append($0) }, workingDirectory: file.deletingLastPathComponent().path, info: Self.info)
        func send(_ object: [String: Any]) async throws {
            await server.handle(.message(Array(try JSONSerialization.data(withJSONObject: object))))
        }
        let uri = "file://" + file.path
        try await send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        try await send([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": try String(contentsOf: file, encoding: .utf8)]],
        ])
        try await send([
            "jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
            "params": [
                "textDocument": ["uri": uri], "range": ["start": ["line": 0, "character": 0], "end": ["line": 100_000, "character": 0]],
                "context": ["diagnostics": []],
            ],
        ])
        // The frames written, each `Content-Length: N` and its JSON.
        var text = Substring(written.text)
        while let header = text.range(of: "\r\n\r\n") {
            let length = Int(text[..<header.lowerBound].split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            let body = text[header.upperBound...].utf8.prefix(length)
            text = Substring(text[header.upperBound...].utf8.dropFirst(length))
            guard let message = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], message["id"] as? Int == 2 else { continue }
            return (message["result"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        return []
    }

    @Test("positions count UTF-16 units, UTF-8 bytes or scalars as negotiated; lines end at LF, CRLF or CR; edits apply at positions")
    func positions() {
        // "😀" is 4 UTF-8 bytes, 2 UTF-16 units, 1 scalar; "é" 2 bytes, 1 unit.
        var document = LSPDocument(uri: "file:///x", version: 1, text: "a😀é: x\r\nsecond\rthird\n")
        let x = Array("a😀é: ".utf8).count
        #expect(document.position(of: x, encoding: .utf16) == (0, 6))
        #expect(document.position(of: x, encoding: .utf8) == (0, 9))
        #expect(document.position(of: x, encoding: .utf32) == (0, 5))
        #expect(document.offset(line: 0, character: 6, encoding: .utf16) == x)
        #expect(document.position(of: Array("a😀é: x\r\nsecond\r".utf8).count, encoding: .utf16) == (2, 0))
        // Past a line's end: its end; past the last line: the text's end.
        #expect(document.offset(line: 1, character: 99, encoding: .utf16) == Array("a😀é: x\r\nsecond".utf8).count)
        #expect(document.offset(line: 9, character: 0, encoding: .utf16) == document.bytes.count)
        document.replace(from: (0, 1), to: (0, 3), with: "b", encoding: .utf16)
        #expect(document.text == "abé: x\r\nsecond\rthird\n")
        document.replace(from: nil, to: nil, with: "whole", encoding: .utf16)
        #expect(document.text == "whole")
        // An ASCII line (converted without walking it) ends before its CR LF, as a line with an emoji does.
        document.replace(from: nil, to: nil, with: "ab\r\nc😀\r\n", encoding: .utf16)
        #expect(document.offset(line: 0, character: 9, encoding: .utf16) == 2)
        #expect(document.offset(line: 1, character: 9, encoding: .utf16) == 4 + 1 + 4)
        #expect(document.position(of: 1, encoding: .utf8) == (0, 1))
        #expect(document.position(of: 4 + 1 + 4, encoding: .utf16) == (1, 3))
    }

    @Test("a key typed in a YAML flow mapping is placed by the collections the line opens, with the keys the mapping has on either side")
    func flowMappingKeys() throws {
        // The line before the cursor, the rest of it, then the place the key is typed at.
        let item = try #require(KeyCompletion.flowKey(before: "  - sendBugReport: {em", after: ""))
        #expect(item.path == ["-", "sendBugReport"] && item.typed == "em" && item.written.isEmpty)
        let value = try #require(KeyCompletion.flowKey(before: "action: {sendBugReport: {email: x, ", after: "}}"))
        #expect(value.path == ["action", "sendBugReport"] && value.typed.isEmpty && value.written == ["email"])
        // An item of a flow sequence that is a pair; the rest of the typed key after the
        // cursor is not a key the mapping has, a comma in a quoted value ends nothing.
        let pair = try #require(KeyCompletion.flowKey(before: "then: [push: a, sendBugReport: {de", after: "tails: y, 'email': 'a, b', n: {x: 1}}]"))
        #expect(pair.path == ["then", "-", "sendBugReport"] && pair.typed == "de" && pair.written == ["email", "n"])
        // In a value, in a quoted scalar (a doubled quote is one quote), in a sequence: no key.
        #expect(KeyCompletion.flowKey(before: "- sendBugReport: {email: ex", after: "") == nil)
        #expect(KeyCompletion.flowKey(before: "title: 'it''s {a, ", after: "") == nil)
        #expect(KeyCompletion.flowKey(before: "then: [push: a, ", after: "") == nil)
    }

    @Test("file URIs become paths and back, percent-escapes decoded; other schemes are not files")
    func fileURIs() {
        #expect(LSPFileURI.path(of: "file:///a%20b/%C3%A9.yaml") == "/a b/é.yaml")
        #expect(LSPFileURI.path(of: "file://localhost/x.yaml") == "/x.yaml")
        #expect(LSPFileURI.path(of: "untitled:Untitled-1") == nil)
        #expect(LSPFileURI.path(of: "file:///bad%zz") == nil)
        #expect(LSPFileURI.uri(of: "/a b/é.yaml") == "file:///a%20b/%C3%A9.yaml")
    }

    @Test("every key the schema gives a value for (values, an expression, a screen id) means one thing wherever it is written")
    func schemaKeysMeanOneThing() {
        #expect(SchemaFacts.conflicts.isEmpty)
        // What the format says of these keys (docs/expressions.md, the schema's enums).
        #expect(SchemaFacts.values["visibleWhen"] == .expression)
        #expect(SchemaFacts.values["push"] == .screenID)
        #expect(SchemaFacts.values["style"] == .oneOf(["success", "informative", "error", "feedback"]))
        #expect(SchemaFacts.namedValues["set"] == .expression)
    }

    /// What a server wrote, gathered from its output closure.
    final class Written: @unchecked Sendable {
        // @unchecked: `bytes` is read and written only while holding `lock`.
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        func append(_ more: [UInt8]) { lock.withLock { bytes += more } }
        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
    }

    /// A fixture of the commands' tests (`Tests/FeedbackFlowCLITests/Fixtures/`), whose
    /// flows `validate` checks in the test below.
    static func cliFixture(_ path: String) -> URL {
        BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/Fixtures/\(path)")
    }

    @Test("every 'did you mean' hint of a fixture's diagnostics, whatever its code and its words before it, has its 'Change to' quick fix")
    func everyDidYouMeanHasAQuickFix() async throws {
        let folder = Self.cliFixture("invalid")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "yaml" }
            + [Self.cliFixture("lsp/screen-typos.flow.yaml")]
        var codes: Set<String> = []
        for file in files {
            // What a suggestion is, from validate's own report (not the server's).
            let report = try await BuiltTool.run(["validate", "--format", "json", file.path])
            let diagnostics = try #require(
                (try JSONSerialization.jsonObject(with: Data(report.standardOutput.utf8)) as? [String: Any])?["diagnostics"] as? [[String: Any]])
            let suggested = diagnostics.compactMap { diagnostic -> (code: String, name: String)? in
                guard let hint = diagnostic["hint"] as? String, let code = diagnostic["code"] as? String,
                    let match = hint.firstMatch(of: /did you mean '([A-Za-z0-9_.?-]+)'\?/)
                else { return nil }
                return (code, String(match.1))
            }
            guard !suggested.isEmpty else { continue }
            let titles = try await Self.codeActionTitles(for: file)
            for (code, name) in suggested {
                codes.insert(code)
                #expect(titles.contains("Change to '\(name)'"), "\(file.lastPathComponent): \(code) suggests '\(name)', offered \(titles)")
            }
        }
        // The codes whose hints suggest a name, all walked: keys, values, steps, and screen ids in every place.
        #expect(codes.isSuperset(of: ["unknown-key", "unknown-screen"]), "\(codes)")
    }
}
