import FlowLanguageServer
import Foundation
import Testing

/// A client of a language server running in this process: each message goes to
/// ``FlowLanguageServer/LanguageServer/handle(_:)`` as the reader would frame it, and the
/// frames the server writes are read back, each answer decoded into the protocol's shapes
/// as a client reads them (``Wire``).
final class InProcessClient {
    let server: LanguageServer
    private let written: LanguageServerRuleTests.Written
    private var lastID = 0

    /// A server that `initialize` has started for a client with `capabilities` (LSP 3.17
    /// `ClientCapabilities`), and its answer to it.
    static func started(capabilities: [String: Any] = [:]) async throws -> (client: InProcessClient, capabilities: [String: Any]) {
        let client = InProcessClient()
        let answer = try await client.request("initialize", ["capabilities": capabilities])
        return (client, try #require((answer["result"] as? [String: Any])?["capabilities"] as? [String: Any]))
    }

    private init() {
        let written = LanguageServerRuleTests.Written()
        self.written = written
        server = LanguageServer(output: { written.append($0) }, workingDirectory: "/", info: LanguageServerRuleTests.info)
    }

    /// A fixture of this target's `Fixtures/` folder.
    static func fixture(_ name: String) -> URL {
        (Bundle.module.resourceURL ?? Bundle.module.bundleURL).appendingPathComponent("Fixtures/\(name)")
    }

    /// Opens the fixture `name` (`textDocument/didOpen`): its URI and its text.
    func open(_ name: String) async throws -> (uri: String, text: String) {
        let file = Self.fixture(name)
        let text = try String(contentsOf: file, encoding: .utf8)
        let item: [String: Any] = ["uri": file.absoluteString, "languageId": "yaml", "version": 1, "text": text]
        try await send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": item]])
        return (file.absoluteString, text)
    }

    /// Opens a document `uri` holding `text` (`textDocument/didOpen`), at `version`.
    func open(uri: String, text: String, version: Int = 1) async throws {
        let item: [String: Any] = ["uri": uri, "languageId": "yaml", "version": version, "text": text]
        try await send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": item]])
    }

    /// Closes the document `uri` (`textDocument/didClose`).
    func close(_ uri: String) async throws {
        try await send(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]])
    }

    /// The diagnostics of the last `textDocument/publishDiagnostics` about `uri`, and how
    /// many publications about it were written in all.
    func published(_ uri: String) throws -> (diagnostics: [Wire.Diagnostic], count: Int) {
        var last: [Wire.Diagnostic] = []
        var count = 0
        for body in try frames() {
            guard let message = try? JSONDecoder().decode(Wire.Notification<Wire.Publication>.self, from: Data(body)),
                message.method == "textDocument/publishDiagnostics", message.params.uri == uri
            else { continue }
            last = message.params.diagnostics
            count += 1
        }
        return (last, count)
    }

    /// The bodies of the frames the server wrote, in order: each `Content-Length: N`, an
    /// empty line and N bytes of JSON.
    private func frames() throws -> [[UInt8]] {
        var rest = Array(written.text.utf8)[...]
        var bodies: [[UInt8]] = []
        while let end = rest.indices.first(where: { rest[$0...].starts(with: Array("\r\n\r\n".utf8)) }) {
            let header = String(decoding: rest[..<end], as: UTF8.self)
            let length = try #require(Int(header.dropFirst("Content-Length: ".count)))
            bodies.append(Array(rest[(end + 4)...].prefix(length)))
            rest = rest[(end + 4 + length)...]
        }
        return bodies
    }

    func send(_ message: [String: Any]) async throws {
        await server.handle(.message(Array(try JSONSerialization.data(withJSONObject: message))))
    }

    /// The answer to a request of `method` with `params`, as JSON.
    func request(_ method: String, _ params: [String: Any]) async throws -> [String: Any] {
        let body = try await answerBody(method, params)
        return try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    /// The answer to a request of `method` with `params`: its result read as `R`, or its error.
    func answer<R: Decodable>(_ method: String, _ params: [String: Any], as type: R.Type) async throws -> Wire.Reply<R> {
        try JSONDecoder().decode(Wire.Reply<R>.self, from: Data(try await answerBody(method, params)))
    }

    /// The request's result read as `R`; a test failure when it has none.
    func result<R: Decodable>(_ method: String, _ params: [String: Any], as type: R.Type) async throws -> R {
        let reply = try await answer(method, params, as: type)
        return try #require(reply.result, "\(method) answered \(String(describing: reply.error))")
    }

    /// Sends a request and finds the frame that answers it.
    private func answerBody(_ method: String, _ params: [String: Any]) async throws -> [UInt8] {
        lastID += 1
        let id = lastID
        try await send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        for body in try frames() where (try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["id"] as? Int == id {
            return body
        }
        Issue.record("no answer to \(method)")
        return Array("{}".utf8)
    }
}
