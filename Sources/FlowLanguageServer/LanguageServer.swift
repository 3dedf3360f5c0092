import FeedbackFlow
import FlowCompile
import FlowFormat
import FlowSource
import FlowSystem
import FlowWorkspace

/// `feedbackflow lsp`'s server: Language Server Protocol 3.17 over a byte stream, built on
/// the loader, decoder and validator `validate` uses, so the editor and CI report the
/// same diagnostics. What it does: the lifecycle (`initialize`, `initialized`,
/// `shutdown`, `exit`), documents (`didOpen`, incremental `didChange`, `didClose`) and
/// `textDocument/publishDiagnostics` on each, in the position encoding the client offers
/// (UTF-8, else UTF-32, else UTF-16, the protocol's default); for every name of a flow
/// (``NamePlaces``: screen ids, field ids, context values, variables, handlers and the
/// values they return, anchors) `definition`, `references`, `prepareRename` and `rename`
/// (`LanguageServer+Names.swift`);
/// `completion` of keys, steps, values, screen ids and names (`+Completion`); `hover`
/// (`+Hover`); `codeAction` quick fixes (`+CodeActions`); the screens and their buttons
/// as `documentSymbol`s, and `foldingRange`s.
///
/// Robust: a message that is not JSON gets `ParseError` (-32700), one that is no request
/// `InvalidRequest` (-32600), an unknown method `MethodNotFound` (-32601), a request before
/// `initialize` `ServerNotInitialized` (-32002), one after `shutdown` `InvalidRequest`;
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
        // JSON-RPC 2.0 §4: `"jsonrpc": "2.0"`, and an id that is a string, a number or null.
        let id = message["id"]
        switch id {
        case nil, .string?, .integer?, .null?: break
        default: return respond(id: .null, error: -32600, "a request's id is a string or a number")
        }
        guard message["jsonrpc"] == .string("2.0") else { return respond(id: id ?? .null, error: -32600, "a message needs \"jsonrpc\": \"2.0\"") }
        let params = message["params"] ?? .null
        guard let id else { return notify(method, params) }
        guard !isShutDown else { return respond(id: id, error: -32600, "the server is shut down") }
        guard isInitialized || method == "initialize" else {
            return respond(id: id, error: -32002, "the first request must be 'initialize'")
        }
        switch method {
        case "initialize":
            guard !isInitialized else { return respond(id: id, error: -32600, "'initialize' was sent already") }
            isInitialized = true
            let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
            encoding = [.utf8, .utf32].first { offered.contains($0.rawValue) } ?? .utf16
            client = LSPClientSupport(params["capabilities"])
            respond(
                id: id,
                result: .object([
                    (
                        "capabilities",
                        .object([
                            ("positionEncoding", .string(encoding.rawValue)),
                            ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2))])),
                            (
                                "completionProvider",
                                .object([("triggerCharacters", .array([" ", ":", "{", "."].map(JSONValue.string)))])
                            ),
                            ("definitionProvider", .bool(true)),
                            ("hoverProvider", .bool(true)),
                            ("documentSymbolProvider", .bool(true)),
                            ("foldingRangeProvider", .bool(true)),
                            ("referencesProvider", .bool(true)),
                            // `prepareProvider` only for a client that says it can ask (LSP 3.17 `RenameOptions`).
                            ("renameProvider", client.prepareRename ? .object([("prepareProvider", .bool(true))]) : .bool(true)),
                            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                            ("documentFormattingProvider", .bool(true)),
                        ])
                    ),
                    ("serverInfo", .object([("name", .string(info.name)), ("version", .string(info.version))])),
                ]))
        case "shutdown":
            isShutDown = true
            respond(id: id, result: .null)
        case "textDocument/definition", "textDocument/references", "textDocument/prepareRename", "textDocument/rename",
            "textDocument/completion", "textDocument/codeAction", "textDocument/hover", "textDocument/documentSymbol",
            "textDocument/foldingRange", "textDocument/formatting":
            guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else {
                return respond(id: id, error: -32602, "the document is not open")
            }
            // A request reads the document as it is now.
            if changed.remove(uri) != nil { publish(document) }
            answer(method, id: id, params: params, document: document)
        default:
            respond(id: id, error: -32601, "'\(method)' is not a method this server has")
        }
    }

    /// Stops following `uri`: its text and analysis are dropped and its diagnostics cleared.
    private func forget(_ uri: String) {
        documents[uri] = nil
        analyses[uri] = nil
        changed.remove(uri)
        send(notification: "textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
    }

    private func notify(_ method: String, _ params: RPCValue) {
        switch method {
        case "exit":
            exitStatus = isShutDown ? 0 : 1
        case "textDocument/didOpen":
            guard isInitialized, let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            guard documents[uri] != nil || documents.count < Self.openDocumentLimit else {
                return showMessage("\(uri) is not checked: \(Self.openDocumentLimit) documents are open already")
            }
            guard openBytes(besides: uri) + text.utf8.count <= Self.openBytesLimit else {
                forget(uri)
                return showMessage(Self.overTotal(uri))
            }
            let document = LSPDocument(uri: uri, version: item["version"]?.integer ?? 0, text: text)
            documents[uri] = document
            publish(document)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri] else { return }
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { continue }
                guard let range = change["range"] else {
                    document.replace(from: nil, to: nil, with: text, encoding: encoding)
                    continue
                }
                func position(_ key: String) -> (line: Int, character: Int)? {
                    guard let point = range[key], let line = point["line"]?.integer, let character = point["character"]?.integer else {
                        return nil
                    }
                    return (line, character)
                }
                // A range that does not read (a missing or fractional position) changes nothing.
                guard let start = position("start"), let end = position("end") else { continue }
                document.replace(from: start, to: end, with: text, encoding: encoding)
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
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            forget(uri)
        default:
            // `initialized`, `$/cancelRequest` (every request is answered at once), `$/setTrace`…
            break
        }
    }

    /// Compiles `document` as `validate` compiles a file (the configuration's rule levels
    /// for its path) and publishes its diagnostics.
    private func publish(_ document: LSPDocument) {
        let path = LSPFileURI.path(of: document.uri) ?? document.uri
        // The configuration as validate reads it, found from the file's folder up: its
        // rule levels, context names and handler manifest. A broken one is said once.
        var options = CompileOptions()
        do throws(UsageError) {
            options = try CompileSettings.options(forFile: path, workingDirectory: configurationFolder)
            configurationProblem = nil
        } catch {
            if configurationProblem != error.message {
                configurationProblem = error.message
                showMessage(error.message)
            }
        }
        let source = SourceFile(path: path, bytes: document.bytes)
        let loaded = DocumentLoader.load(source, limits: options.loadingLimits)
        let compilation = FlowCompiler.compile(loaded, options: options)
        // validate's messages exactly, its hints naming the option that declares a name included.
        let found = hints.adding(to: compilation.diagnostics)
        let diagnostics = found.map { LSPDiagnostic.json($0, in: document, path: path, encoding: encoding, info: info) }
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
            analysis.screens = [:]
            for screen in flow.screens where analysis.screens[screen.id] == nil {
                analysis.screens[screen.id] = "\(screen.style.name): \(screen.title.raw)"
            }
            var seen: Set<String> = []
            var names = flow.screens.flatMap(\.extraContent).compactMap(\.field).filter { seen.insert($0.id).inserted }
                .map { ($0.id, "field: \($0.kind.name)") }
            names += flow.context.map { ($0.name, "context: \($0.type)") } + flow.variables.map { ($0.name, "variable: \($0.type)") }
            for handler in flow.handlers + options.handlerManifest {
                names += handler.returns.map { (handler.returnedName($0.name), "returned by \(handler.name): \($0.type)?") }
            }
            names += options.additionalVariables.map { ($0, "provided by the host: string") }
            analysis.names = names + [("flow.id", "the flow's id"), ("screen.id", "the screen's id")]
            analysis.handlers = flow.handlers + options.handlerManifest.filter { declared in !flow.handlers.contains { $0.name == declared.name } }
        }
        analyses[document.uri] = analysis
        send(
            notification: "textDocument/publishDiagnostics",
            .object([("uri", .string(document.uri)), ("version", .int(document.version)), ("diagnostics", .array(diagnostics))]))
    }

    /// What the last compile of the document `uri` found, if it is open.
    func analysis(of uri: String) -> DocumentAnalysis? { analyses[uri] }

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

    // MARK: Requests about a document

    private func answer(_ method: String, id: RPCValue, params: RPCValue, document: LSPDocument) {
        let analysis = analyses[document.uri] ?? DocumentAnalysis()
        let needsPosition = !["textDocument/codeAction", "textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/formatting"]
            .contains(method)
        // A `Position` is two whole numbers from 0 (LSP 3.17); anything else is not guessed at.
        guard !needsPosition || Self.isPosition(params["position"]) else {
            return respond(id: id, error: -32602, "'position' needs a 'line' and a 'character', whole numbers from 0")
        }
        let offset = offset(of: params["position"], in: document) ?? 0
        switch method {
        case "textDocument/definition": answer(.definition, id: id, params: params, at: offset, in: document)
        case "textDocument/references": answer(.references, id: id, params: params, at: offset, in: document)
        case "textDocument/prepareRename": answer(.prepareRename, id: id, params: params, at: offset, in: document)
        case "textDocument/rename": answer(.rename, id: id, params: params, at: offset, in: document)
        case "textDocument/completion":
            respond(id: id, result: completion(at: offset, in: document, analysis: analysis))
        case "textDocument/codeAction":
            respond(
                id: id,
                result: .array(
                    quickFixes(params["range"], in: document, analysis: analysis)
                        + otherActions(params["range"], in: document, analysis: analysis)))
        case "textDocument/hover":
            respond(id: id, result: hover(at: offset, in: document, analysis: analysis))
        case "textDocument/documentSymbol":
            respond(id: id, result: .array(symbols(of: analysis.references, in: document, analysis: analysis)))
        case "textDocument/formatting":
            formatting(id: id, document: document, analysis: analysis)
        case "textDocument/foldingRange":
            // Each screen of more than one line folds from its key's line to its last line.
            let ranges = analysis.references.screens.compactMap { screen -> JSONValue? in
                let first = document.position(of: screen.whole.start.offset, encoding: encoding).line
                var last = document.position(of: screen.whole.end.offset, encoding: encoding)
                // A span ending at a line's start ends on the line before.
                if last.character == 0, last.line > first { last.line -= 1 }
                guard last.line > first else { return nil }
                return .object([("startLine", .int(first)), ("endLine", .int(last.line))])
            }
            respond(id: id, result: .array(ranges))
        default:
            respond(id: id, error: -32601, "'\(method)' is not a method this server has")
        }
    }

    /// `fmt`'s layout of the document as one edit of the whole text (none when it is in the
    /// layout already, or is not a flow); a text fmt leaves as it is is a `RequestFailed`
    /// error (-32803) saying why and where, as `fmt` would. The request's tab size and
    /// spacing options are not read: the layout is the format's, two spaces.
    private func formatting(id: RPCValue, document: LSPDocument, analysis: DocumentAnalysis) {
        let path = analysis.source.path.isEmpty ? LSPFileURI.path(of: document.uri) ?? document.uri : analysis.source.path
        let source = SourceFile(path: path, bytes: document.bytes)
        switch FlowFormatter.format(source, as: DocumentFormat(path: path), options: analysis.options) {
        case .formatted(let text):
            guard !text.utf8.elementsEqual(document.bytes) else { return respond(id: id, result: .array([])) }
            let edit = JSONValue.object([
                ("range", LSPDiagnostic.range(from: 0, to: document.bytes.count, in: document, encoding: encoding)), ("newText", .string(text)),
            ])
            respond(id: id, result: .array([edit]))
        case .notFlow:
            respond(id: id, result: .array([]))
        case .refused(let reasons):
            let first = reasons.first
            let place = first?.span.map { "\($0.start.line):\($0.start.column): " } ?? ""
            respond(id: id, error: -32803, "fmt leaves this file as it is: \(place)\(first?.message ?? "it cannot be laid out")")
        }
    }

    /// Each screen (a `Class` symbol: a type of screen the flow shows), from its key to the
    /// end of its mapping, with its style and title, and its buttons inside it; flat
    /// `SymbolInformation`s for a client without hierarchical symbols.
    private func symbols(of references: ScreenReferences, in document: LSPDocument, analysis: DocumentAnalysis) -> [JSONValue] {
        func location(_ span: SourceSpan) -> JSONValue {
            .object([("uri", .string(document.uri)), ("range", range(span, in: document))])
        }
        guard client.hierarchicalSymbols else {
            return references.screens.flatMap { screen -> [JSONValue] in
                let own = JSONValue.object([("name", .string(screen.id)), ("kind", .int(5)), ("location", location(screen.whole))])
                return [own]
                    + screen.buttons.map { button in
                        .object([
                            ("name", .string(button.title ?? button.slot)), ("kind", .int(8)), ("location", location(button.whole)),
                            ("containerName", .string(screen.id)),
                        ])
                    }
            }
        }
        return references.screens.map { screen -> JSONValue in
            let buttons = screen.buttons.map { button -> JSONValue in
                .object([
                    ("name", .string(button.title ?? button.slot)), ("detail", .string("\(button.slot): \(button.kind)")), ("kind", .int(8)),
                    ("range", range(button.whole, in: document)), ("selectionRange", range(button.key, in: document)),
                ])
            }
            return .object([
                ("name", .string(screen.id)), ("detail", .optional(analysis.screens[screen.id])), ("kind", .int(5)),
                ("range", range(screen.whole, in: document)), ("selectionRange", range(screen.key, in: document)),
                ("children", .array(buttons)),
            ])
        }
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

    func range(_ span: SourceSpan, in document: LSPDocument) -> JSONValue {
        LSPDiagnostic.range(span, in: document, encoding: encoding)
    }

    static func point(_ position: (line: Int, character: Int)) -> JSONValue {
        LSPDiagnostic.point(position)
    }

    /// The range from byte `start` to byte `end` of `document`.
    func range(from start: Int, to end: Int, in document: LSPDocument) -> JSONValue {
        LSPDiagnostic.range(from: start, to: end, in: document, encoding: encoding)
    }

    /// Whether `value` is a protocol `Position`: `line` and `character`, whole numbers from 0.
    static func isPosition(_ value: RPCValue?) -> Bool {
        guard let line = value?["line"]?.integer, let character = value?["character"]?.integer else { return false }
        return line >= 0 && character >= 0
    }

    /// The byte offset of a protocol `Position` (`{"line", "character"}`) in `document`;
    /// `nil` when there is none.
    func offset(of position: RPCValue?, in document: LSPDocument) -> Int? {
        position.map { document.offset(line: $0["line"]?.integer ?? 0, character: $0["character"]?.integer ?? 0, encoding: encoding) }
    }

    // MARK: Writing

    func respond(id: RPCValue, result: JSONValue) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id.json), ("result", result)]))
    }

    func respond(id: RPCValue, error code: Int, _ message: String) {
        write(.object([
            ("jsonrpc", .string("2.0")), ("id", id.json), ("error", .object([("code", .int(code)), ("message", .string(message))])),
        ]))
    }

    /// An error message for the person (`window/showMessage`), prefixed with the tool's name.
    private func showMessage(_ text: String) {
        send(notification: "window/showMessage", .object([("type", .int(1)), ("message", .string("feedbackflow: " + text))]))
    }

    private func send(notification method: String, _ params: JSONValue) {
        write(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    private func write(_ message: JSONValue) {
        let body = Array(message.serialized().utf8)
        output(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }
}
