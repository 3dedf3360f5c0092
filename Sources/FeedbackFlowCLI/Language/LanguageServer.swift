#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowSource

/// `feedbackflow lsp`'s server: Language Server Protocol 3.17 over a byte stream, built on
/// the loader, decoder and validator `validate` uses, so the editor and CI report the
/// same diagnostics. This first part: the lifecycle (`initialize`, `initialized`,
/// `shutdown`, `exit`), documents (`didOpen`, incremental `didChange`, `didClose`) and
/// `textDocument/publishDiagnostics` on each, in the position encoding the client offers
/// (UTF-8, else UTF-32, else UTF-16, the protocol's default).
///
/// Robust: a message that is not JSON gets `ParseError` (-32700), one that is no request
/// `InvalidRequest` (-32600), an unknown method `MethodNotFound` (-32601), a request before
/// `initialize` `ServerNotInitialized` (-32002), one after `shutdown` `InvalidRequest`;
/// a message over ``LSPMessageReader/messageLimit`` is dropped unread and answered with an
/// error; the server goes on after each. Each message is handled before the next is read.
actor LanguageServer {
    /// Where framed messages go.
    private let output: @Sendable ([UInt8]) -> Void
    private let configurationFolder: String
    private var documents: [String: LSPDocument] = [:]
    private var encoding = LSPDocument.Encoding.utf16
    private var isInitialized = false
    private var isShutDown = false
    /// Set by `exit`: the process's status (0 after `shutdown`, else 1).
    private(set) var exitStatus: Int32?

    /// A server writing its messages through `output`; configuration files
    /// (`.feedbackflow.yaml`) are found from each document's folder up.
    init(output: @escaping @Sendable ([UInt8]) -> Void, workingDirectory: String) {
        self.output = output
        configurationFolder = workingDirectory
    }

    /// Handles one frame from the reader.
    func handle(_ frame: LSPMessageReader.Frame) {
        switch frame {
        case .message(let bytes):
            guard let message = try? JSONDecoder().decode(RPCValue.self, from: Data(bytes)) else {
                return respond(id: .null, error: -32700, "the message is not JSON")
            }
            handle(message)
        case .tooLarge(let length):
            respond(id: .null, error: -32600, "a message of \(length) bytes is over the limit of \(LSPMessageReader.messageLimit) bytes")
        case .broken(let reason):
            respond(id: .null, error: -32700, "the input cannot be framed: \(reason)")
        }
    }

    private func handle(_ message: RPCValue) {
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (we send none), or no message at all.
            if message["id"] != nil, message["result"] != nil || message["error"] != nil { return }
            return respond(id: message["id"] ?? .null, error: -32600, "a request needs a 'method'")
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else { return notify(method, params) }
        guard !isShutDown else { return respond(id: id, error: -32600, "the server is shut down") }
        guard isInitialized || method == "initialize" else {
            return respond(id: id, error: -32002, "the first request must be 'initialize'")
        }
        switch method {
        case "initialize":
            isInitialized = true
            let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
            encoding = [.utf8, .utf32].first { offered.contains($0.rawValue) } ?? .utf16
            respond(
                id: id,
                result: .object([
                    (
                        "capabilities",
                        .object([
                            ("positionEncoding", .string(encoding.rawValue)),
                            ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2))])),
                        ])
                    ),
                    ("serverInfo", .object([("name", .string(FeedbackFlowTool.name)), ("version", .string(FeedbackFlowTool.version))])),
                ]))
        case "shutdown":
            isShutDown = true
            respond(id: id, result: .null)
        default:
            respond(id: id, error: -32601, "'\(method)' is not a method this server has")
        }
    }

    private func notify(_ method: String, _ params: RPCValue) {
        switch method {
        case "exit":
            exitStatus = isShutDown ? 0 : 1
        case "textDocument/didOpen":
            guard isInitialized, let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            let document = LSPDocument(uri: uri, version: item["version"]?.integer ?? 0, text: text)
            documents[uri] = document
            publish(document)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri] else { return }
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { continue }
                let range = change["range"]
                func position(_ key: String) -> (line: Int, character: Int)? {
                    guard let point = range?[key], let line = point["line"]?.integer, let character = point["character"]?.integer else {
                        return nil
                    }
                    return (line, character)
                }
                document.replace(from: position("start"), to: position("end"), with: text, encoding: encoding)
            }
            document.version = params["textDocument"]?["version"]?.integer ?? document.version
            documents[uri] = document
            publish(document)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            documents[uri] = nil
            send(notification: "textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        default:
            // `initialized`, `$/cancelRequest` (every request is answered at once), `$/setTrace`…
            break
        }
    }

    /// Compiles `document` as `validate` compiles a file (the configuration's rule levels
    /// for its path) and publishes its diagnostics.
    private func publish(_ document: LSPDocument) {
        let path = LSPFileURI.path(of: document.uri) ?? document.uri
        var options = CompileOptions()
        let folder = SettingsPath.folder(of: path, workingDirectory: configurationFolder)
        if let configuration = try? ValidationConfiguration.find(explicit: nil, workingDirectory: folder) {
            options.ruleLevels = configuration.ruleLevels(for: path, workingDirectory: folder)
        }
        let loaded = DocumentLoader.load(SourceFile(path: path, bytes: document.bytes), limits: options.loadingLimits)
        let compilation = FlowCompiler.compile(loaded, options: options)
        // validate's messages exactly, its hints naming the option that declares a name included.
        let diagnostics = ValidateCommand.flagHint.adding(to: compilation.diagnostics).map {
            LSPDiagnostic.json($0, in: document, path: path, encoding: encoding)
        }
        send(
            notification: "textDocument/publishDiagnostics",
            .object([("uri", .string(document.uri)), ("version", .int(document.version)), ("diagnostics", .array(diagnostics))]))
    }

    // MARK: Writing

    private func respond(id: RPCValue, result: JSONValue) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id.json), ("result", result)]))
    }

    private func respond(id: RPCValue, error code: Int, _ message: String) {
        write(.object([
            ("jsonrpc", .string("2.0")), ("id", id.json), ("error", .object([("code", .int(code)), ("message", .string(message))])),
        ]))
    }

    private func send(notification method: String, _ params: JSONValue) {
        write(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    private func write(_ message: JSONValue) {
        let body = Array(message.serialized().utf8)
        output(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }
}
