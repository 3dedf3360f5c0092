import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowScenarios
import FlowSource
import FlowSystem
import FlowWorkspace

/// `feedbackflow lsp`'s server: Language Server Protocol 3.17 over a byte stream, built on
/// the loader, decoder and validator `validate` uses, so the editor and CI report the
/// same diagnostics. What it does: the lifecycle (`initialize`, `initialized`,
/// `shutdown`, `exit`), documents (`didOpen`, incremental `didChange`, `didClose`) and
/// `textDocument/publishDiagnostics` on each, in the position encoding the client offers
/// (UTF-8, else UTF-32, else UTF-16, the protocol's default); and the requests about a
/// document of ``LSPMethod/requests``, the one table that dispatches them and declares
/// them in `initialize`: for every name of a flow (``NamePlaces``: screen ids, field ids,
/// context values, variables, handlers and the values they return, anchors)
/// `definition`, `references`, `prepareRename` and `rename` (`LanguageServer+Names.swift`);
/// `completion` of keys, steps, values, screen ids and names (`+Completion`); `hover`
/// (`+Hover`); `codeAction` quick fixes (`+CodeActions`); the screens and their buttons
/// as `documentSymbol`s, and `foldingRange`s (`+Outline`); `formatting` (`+Formatting`).
/// A flow test file (`*.flowtest.yaml`) is checked as `test` checks it, against the flow
/// it names (`+FlowTests`), and completes its keys and the flow's names (`+FlowTestCompletion`).
///
/// Robust: a message that is not JSON gets `ParseError`, one that is no request
/// `InvalidRequest`, an unknown method `MethodNotFound`, a request before `initialize`
/// `ServerNotInitialized`, one after `shutdown` `InvalidRequest` (``LSPError/Code``);
/// a message over ``LSPMessageReader/messageLimit`` is dropped unread and answered with an
/// error; the server goes on after each. Each message is handled before the next is read;
/// changes are published when no message is at hand (``publishChanged()``) or a request
/// about the document comes, whichever is first.
package actor LanguageServer {
    /// Where framed messages go.
    private let output: @Sendable ([UInt8]) -> Void
    private let configurationFolder: String
    private var documents: [String: LSPDocument] = [:]
    /// What the last compile of each open document found.
    private var analyses: [String: DocumentAnalysis] = [:]
    /// The documents changed since they were last published, in no order.
    private var changed: Set<String> = []
    /// What the client supports, from `initialize`.
    private(set) var client = LSPClientSupport()
    /// The most bytes an open document may grow to by changes (twice the largest message):
    /// past it, the server stops following the document rather than hold any size.
    static let documentLimit = 2 * LSPMessageReader.messageLimit
    /// The most documents open at once; more are not followed.
    static let openDocumentLimit = 1_000
    /// The most bytes all open documents may hold together: 128 MiB (a document's
    /// analysis takes about as much again). A document that would pass it is not followed,
    /// and the editor shows why.
    static let openBytesLimit = 128 * 1024 * 1024

    /// How many documents are followed now.
    package var openDocumentCount: Int { documents.count }

    /// The bytes of the open documents but `uri`'s. O(open documents).
    private func openBytes(besides uri: String) -> Int {
        documents.reduce(0) { $0 + ($1.key == uri ? 0 : $1.value.bytes.count) }
    }

    /// The message of a document not followed because the open documents would hold too much.
    private static func overTotal(_ uri: String) -> String {
        "\(uri) is not checked: the open documents would hold more than \(openBytesLimit / 1024 / 1024) MiB together; close some and reopen it"
    }
    /// The configuration problem said last (`window/showMessage`), said again only when it changes.
    private var configurationProblem: String?
    private(set) var encoding = LSPDocument.Encoding.utf16
    private var isInitialized = false
    private var isShutDown = false
    /// Set by `exit`: the process's status (0 after `shutdown`, else 1).
    package private(set) var exitStatus: Int32?

    /// The hints naming the options that declare what the library's hints ask to
    /// declare: `validate`'s, so the editor says what CI says.
    private let hints: FlagHint
    /// Who the server is: its name and version, and where its rules are documented.
    let info: LSPServerInfo

    /// A server writing its messages through `output`; configuration files
    /// (`.feedbackflow.yaml`) are found from each document's folder up.
    package init(
        output: @escaping @Sendable ([UInt8]) -> Void, workingDirectory: String, info: LSPServerInfo, hints: FlagHint = FlagHint()
    ) {
        self.output = output
        configurationFolder = workingDirectory
        self.info = info
        self.hints = hints
    }

    /// Handles one frame from the reader.
    package func handle(_ frame: LSPMessageReader.Frame) {
        switch frame {
        case .message(let bytes):
            guard let message = try? JSONDecoder().decode(RPCValue.self, from: Data(bytes)) else {
                return fail(.null, LSPError(.parseError, "the message is not JSON"))
            }
            handle(message)
        case .tooLarge(let length):
            fail(.null, LSPError(.invalidRequest, "a message of \(length) bytes is over the limit of \(LSPMessageReader.messageLimit) bytes"))
        case .broken(let reason):
            fail(.null, LSPError(.parseError, "the input cannot be framed: \(reason)"))
        }
    }

    private func handle(_ message: RPCValue) {
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (we send none), or no message at all.
            if message["id"] != nil, message["result"] != nil || message["error"] != nil { return }
            return fail(message["id"] ?? .null, LSPError(.invalidRequest, "a request needs a 'method'"))
        }
        // JSON-RPC 2.0 §4: `"jsonrpc": "2.0"`, and an id that is a string, a number or null.
        let id = message["id"]
        switch id {
        case nil, .string?, .integer?, .null?: break
        default: return fail(.null, LSPError(.invalidRequest, "a request's id is a string or a number"))
        }
        guard message["jsonrpc"] == .string("2.0") else { return fail(id ?? .null, LSPError(.invalidRequest, "a message needs \"jsonrpc\": \"2.0\"")) }
        let params = message["params"] ?? .null
        guard let id else { return notify(method, params) }
        guard !isShutDown else { return fail(id, LSPError(.invalidRequest, "the server is shut down")) }
        guard isInitialized || method == "initialize" else {
            return fail(id, LSPError(.serverNotInitialized, "the first request must be 'initialize'"))
        }
        if let request = LSPMethod.requests.first(where: { $0.method == method }) { return answer(request, id: id, params: params) }
        // The lifecycle: the requests that are about no document.
        switch method {
        case "initialize":
            guard !isInitialized else { return fail(id, LSPError(.invalidRequest, "'initialize' was sent already")) }
            isInitialized = true
            let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
            encoding = [.utf8, .utf32].first { offered.contains($0.rawValue) } ?? .utf16
            client = LSPClientSupport(params["capabilities"])
            let server = JSONValue.object([("name", info.name.json), ("version", info.version.json)])
            respond(id: id, result: JSONValue.object([("capabilities", LSPMethod.capabilities(for: client, encoding: encoding)), ("serverInfo", server)]))
        case "shutdown":
            isShutDown = true
            respond(id: id, result: nil)
        default:
            fail(id, LSPError(.methodNotFound, "'\(method)' is not a method this server has"))
        }
    }

    /// Answers a request of `method` about a document with its handler: the document as it
    /// is now (its changes published first) and the request's params, typed.
    private func answer(_ method: LSPMethod.Request, id: RPCValue, params: RPCValue) {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else {
            return fail(id, LSPError(.invalidParams, "the document is not open"))
        }
        if changed.remove(uri) != nil { publish(document) }
        let request = LSPDocumentRequest(params, document: document, analysis: analyses[uri] ?? DocumentAnalysis())
        // A `Position` is two whole numbers from 0 (LSP 3.17); anything else is not guessed at.
        guard !method.needsPosition || request.position != nil else {
            return fail(id, LSPError(.invalidParams, "'position' needs a 'line' and a 'character', whole numbers from 0"))
        }
        do {
            respond(id: id, result: try method.answer(self, request))
        } catch {
            fail(id, error as? LSPError ?? LSPError(.requestFailed, "\(error)"))
        }
    }

    /// Stops following `uri`: its text and analysis are dropped and its diagnostics cleared.
    private func forget(_ uri: String) {
        documents[uri] = nil
        analyses[uri] = nil
        changed.remove(uri)
        send(.publishDiagnostics, LSPDiagnostic.Publication(uri: uri, diagnostics: []))
        // The flow tests of a flow no longer open read it from disk.
        if let path = LSPFileURI.path(of: uri) { publishTests(of: path) }
    }

    private func notify(_ method: String, _ params: RPCValue) {
        switch LSPMethod.Notification(rawValue: method) {
        case .exit?:
            exitStatus = isShutDown ? 0 : 1
        case .didOpen?:
            guard isInitialized, let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            guard documents[uri] != nil || documents.count < Self.openDocumentLimit else {
                return showMessage("\(uri) is not checked: \(Self.openDocumentLimit) documents are open already")
            }
            guard openBytes(besides: uri) + text.utf8.count <= Self.openBytesLimit else {
                forget(uri)
                return showMessage(Self.overTotal(uri))
            }
            let document = LSPDocument(uri: uri, version: item["version"]?.integer ?? 0, text: text, encoding: encoding)
            documents[uri] = document
            publish(document)
        case .didChange?:
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri] else { return }
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { continue }
                guard change["range"] != nil else {
                    document.replace(from: nil, to: nil, with: text, encoding: encoding)
                    continue
                }
                // A range that does not read (a missing, negative or fractional position) changes nothing.
                guard let range = LSPRange(rpc: change["range"]) else { continue }
                let (start, end) = (range.start, range.end)
                document.replace(from: (start.line, start.character), to: (end.line, end.character), with: text, encoding: encoding)
            }
            document.version = params["textDocument"]?["version"]?.integer ?? document.version
            guard document.bytes.count <= Self.documentLimit else {
                forget(uri)
                return showMessage(
                    "\(uri) grew over \(Self.documentLimit / 1024 / 1024) MiB: it is no longer checked; reopen it when it is smaller")
            }
            guard openBytes(besides: uri) + document.bytes.count <= Self.openBytesLimit else {
                forget(uri)
                return showMessage(Self.overTotal(uri))
            }
            documents[uri] = document
            // Published once the changes read so far are applied (``publishChanged()``): a
            // burst of keystrokes is compiled once, not once each.
            changed.insert(uri)
        case .didClose?:
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            forget(uri)
        case .publishDiagnostics?, .showMessage?, nil:
            // `initialized`, `$/cancelRequest` (every request is answered at once), `$/setTrace`…
            break
        }
    }

    /// Compiles `document` as `validate` compiles a file (the configuration's rule levels
    /// for its path) and publishes its diagnostics; a flow test file
    /// (``FlowScenarios/FlowTestFile/isFlowTest(_:)``) is read as `test` reads it
    /// instead (``flowTestAnalysis(previous:path:source:loaded:options:lookup:)``). The open flow
    /// tests that name a flow are checked again when it is.
    private func publish(_ document: LSPDocument) {
        let path = LSPFileURI.path(of: document.uri) ?? document.uri
        let options = options(forFile: path)
        let source = SourceFile(path: path, bytes: document.bytes)
        let loaded = DocumentLoader.load(source, limits: options.loadingLimits)
        if FlowTestFile.isFlowTest(path) {
            let analysis = Self.flowTestAnalysis(
                previous: analyses[document.uri]?.flowTest, path: path, source: source, loaded: loaded, options: options,
                lookup: { compiledFlow(at: $0) })
            analyses[document.uri] = analysis
            let diagnostics = analysis.diagnostics.map { LSPDiagnostic($0, in: document, path: path, info: info) }
            return send(.publishDiagnostics, LSPDiagnostic.Publication(uri: document.uri, version: document.version, diagnostics: diagnostics))
        }
        let compilation = FlowCompiler.compile(loaded, options: options)
        // validate's messages exactly, its hints naming the option that declares a name included.
        let found = hints.adding(to: compilation.diagnostics)
        let diagnostics = found.map { LSPDiagnostic($0, in: document, path: path, info: info) }
        // A text that does not load or decode keeps what completion offers from its last good version.
        var analysis = analyses[document.uri] ?? DocumentAnalysis()
        analysis.references = ScreenReferences(root: loaded.root)
        if loaded.root != nil { analysis.knownIDs = analysis.references.definedIDs }
        analysis.diagnostics = found
        analysis.flow = compilation.flow
        analysis.source = source
        analysis.options = options
        analysis.root = loaded.root
        analysis.anchors = loaded.root == nil ? [] : loaded.anchorPlaces
        analysis.namePlaces = nil
        if let flow = compilation.flow {
            analysis.screens = Dictionary(flow.screens.map { ($0.id, "\($0.style.name): \($0.title.raw)") }) { first, _ in first }
            analysis.names = ReadableName.all(in: flow, options: options)
            analysis.handlers = flow.handlers + options.handlerManifest.filter { declared in !flow.handlers.contains { $0.name == declared.name } }
        }
        analyses[document.uri] = analysis
        send(.publishDiagnostics, LSPDiagnostic.Publication(uri: document.uri, version: document.version, diagnostics: diagnostics))
        publishTests(of: path, besides: document.uri)
    }

    /// The compile options of the file at `path` as `validate` reads them, from the
    /// configuration found from the file's folder up: its rule levels, context names and
    /// handler manifest. A broken configuration is said once (`window/showMessage`), and
    /// the file is compiled with the defaults.
    private func options(forFile path: String) -> CompileOptions {
        do throws(UsageError) {
            let options = try CompileSettings.options(forFile: path, workingDirectory: configurationFolder)
            configurationProblem = nil
            return options
        } catch {
            if configurationProblem != error.message {
                configurationProblem = error.message
                showMessage(error.message)
            }
            return CompileOptions()
        }
    }

    /// The flow at `path`, as a flow test names it, compiled as `validate` compiles it
    /// here (``options(forFile:)``): from the client's open document of that file when
    /// it has one, else from disk; or why it cannot be read.
    private func compiledFlow(at path: String) -> FlowTestCheck.FlowLookup {
        let options = options(forFile: path)
        var compilation: FlowCompilation
        if let open = openDocument(atPath: path) {
            compilation = FlowCompiler.compile(DocumentLoader.load(SourceFile(path: path, bytes: open.bytes), limits: options.loadingLimits), options: options)
        } else {
            guard PathKind(path) == .other else { return .unreadable(PathKind.unreachable(path)) }
            compilation = FlowCompiler.compile(path: path, options: options, keepingTree: false)
        }
        compilation.diagnostics = hints.adding(to: compilation.diagnostics)
        return .compiled(compilation)
    }

    /// The open document of the file at `path` (its parts `.` and `..` resolved), if any.
    /// O(open documents).
    private func openDocument(atPath path: String) -> LSPDocument? {
        let file = Self.comparable(path)
        return documents.values.first { document in LSPFileURI.path(of: document.uri).map(Self.comparable) == file }
    }

    /// `path` as two spellings of one file compare: an absolute path normalized, any
    /// other as written.
    static func comparable(_ path: String) -> String {
        path.hasPrefix("/") ? SARIFLocationBase.normalized(path) : path
    }

    /// Checks again the open flow tests (but `uri`) whose flow is the file at `path`, so
    /// that they follow the flow's text as it changes, is opened or is closed.
    private func publishTests(of path: String, besides uri: String? = nil) {
        let file = Self.comparable(path)
        for test in analyses.filter({ $0.key != uri && $0.value.flowTest?.flowFile == file }).keys.sorted() {
            if let document = documents[test] { publish(document) }
        }
    }

    /// Compiles and publishes every document changed since its last publication: called
    /// when no further message is at hand, so that the changes of a burst (keystrokes that
    /// arrived while a document compiled) cost one compile.
    package func publishChanged() {
        for uri in changed.sorted() {
            if let document = documents[uri] { publish(document) }
        }
        changed.removeAll()
    }

    /// The places of every name of the document `uri`, made on first need after a change.
    func namePlaces(_ uri: String) -> NamePlaces {
        if let places = analyses[uri]?.namePlaces { return places }
        guard let analysis = analyses[uri] else { return NamePlaces(screens: ScreenReferences(root: nil), index: nil, anchors: []) }
        let index = analysis.flow.map { FlowNameIndex(flow: $0, options: analysis.options, source: analysis.source) }
        let places = NamePlaces(screens: analysis.references, index: index, anchors: analysis.anchors)
        analyses[uri]?.namePlaces = places
        return places
    }

    /// Whether `name` can be written as a plain scalar that reads as that string: ASCII
    /// letters, digits, `-`, `_` and `.`, starting with a letter or `_`, and none of the
    /// words YAML reads as null or a boolean.
    static func isPlainName(_ name: String) -> Bool {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }),
            name.unicodeScalars.first.map({ $0.properties.isAlphabetic || $0 == "_" }) == true
        else { return false }
        return !["null", "true", "false", "yes", "no", "on", "off"].contains(name.lowercased())
    }

    // MARK: Writing

    /// Answers the request `id` with `result` (`nil` is `null`).
    private func respond(id: RPCValue, result: (any LSPValue)?) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id.json), ("result", result?.json ?? .null)]))
    }

    /// Answers the request `id` (`null` when it cannot be read) with `error`.
    private func fail(_ id: RPCValue, _ error: LSPError) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id.json), ("error", error.json)]))
    }

    /// An error message for the person (`window/showMessage`), prefixed with the tool's name.
    private func showMessage(_ text: String) {
        send(.showMessage, JSONValue.object([("type", LSPMethod.MessageType.error.json), ("message", .string("feedbackflow: " + text))]))
    }

    private func send(_ notification: LSPMethod.Notification, _ params: some LSPValue) {
        write(.object([("jsonrpc", .string("2.0")), ("method", .string(notification.rawValue)), ("params", params.json)]))
    }

    private func write(_ message: JSONValue) {
        let body = Array(message.serialized().utf8)
        output(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }
}
