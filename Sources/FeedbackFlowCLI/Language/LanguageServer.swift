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
/// same diagnostics. What it does: the lifecycle (`initialize`, `initialized`,
/// `shutdown`, `exit`), documents (`didOpen`, incremental `didChange`, `didClose`) and
/// `textDocument/publishDiagnostics` on each, in the position encoding the client offers
/// (UTF-8, else UTF-32, else UTF-16, the protocol's default); for screen ids
/// (``ScreenReferences``) `definition`, `references`, `prepareRename`, `rename` and
/// `completion` (and of keys, ``KeyCompletion``); `hover` (a screen's style and title, a diagnostic's rule), the screens as
/// `documentSymbol`s and `foldingRange`s, and `codeAction` quick fixes from "did you mean" hints.
///
/// Robust: a message that is not JSON gets `ParseError` (-32700), one that is no request
/// `InvalidRequest` (-32600), an unknown method `MethodNotFound` (-32601), a request before
/// `initialize` `ServerNotInitialized` (-32002), one after `shutdown` `InvalidRequest`;
/// a message over ``LSPMessageReader/messageLimit`` is dropped unread and answered with an
/// error; the server goes on after each. Each message is handled before the next is read.
package actor LanguageServer {
    /// Where framed messages go.
    private let output: @Sendable ([UInt8]) -> Void
    private let configurationFolder: String
    private var documents: [String: LSPDocument] = [:]
    /// What the last compile of each open document found: the screens it names, its
    /// diagnostics (for quick fixes) and each screen's style and title (for completion).
    private var analyses: [String: Analysis] = [:]

    private struct Analysis {
        /// The screen ids' places in the current text: empty when it does not load, so no
        /// request edits by the offsets of an older text.
        var references: ScreenReferences
        /// The screen ids of the last text that loaded, for completion.
        var knownIDs: [String]
        var diagnostics: [Diagnostic]
        var screens: [String: String]
        /// The names a `${…}` template can read, with what each is: the fields (by kind),
        /// the declared context values and variables (by type), `flow.id` and `screen.id`.
        var names: [(name: String, detail: String)] = []
    }
    /// The configuration problem said last (`window/showMessage`), said again only when it changes.
    private var configurationProblem: String?
    private var encoding = LSPDocument.Encoding.utf16
    private var isInitialized = false
    private var isShutDown = false
    /// Set by `exit`: the process's status (0 after `shutdown`, else 1).
    package private(set) var exitStatus: Int32?

    /// A server writing its messages through `output`; configuration files
    /// (`.feedbackflow.yaml`) are found from each document's folder up.
    package init(output: @escaping @Sendable ([UInt8]) -> Void, workingDirectory: String) {
        self.output = output
        configurationFolder = workingDirectory
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
        let params = message["params"] ?? .null
        guard let id = message["id"] else { return notify(method, params) }
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
            respond(
                id: id,
                result: .object([
                    (
                        "capabilities",
                        .object([
                            ("positionEncoding", .string(encoding.rawValue)),
                            ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2))])),
                            ("completionProvider", .object([("triggerCharacters", .array([.string(" "), .string(":"), .string("{")]))])),
                            ("definitionProvider", .bool(true)),
                            ("hoverProvider", .bool(true)),
                            ("documentSymbolProvider", .bool(true)),
                            ("foldingRangeProvider", .bool(true)),
                            ("referencesProvider", .bool(true)),
                            ("renameProvider", .object([("prepareProvider", .bool(true))])),
                            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                        ])
                    ),
                    ("serverInfo", .object([("name", .string(FeedbackFlowTool.name)), ("version", .string(FeedbackFlowTool.version))])),
                ]))
        case "shutdown":
            isShutDown = true
            respond(id: id, result: .null)
        case "textDocument/definition", "textDocument/references", "textDocument/prepareRename", "textDocument/rename",
            "textDocument/completion", "textDocument/codeAction", "textDocument/hover", "textDocument/documentSymbol",
            "textDocument/foldingRange":
            guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else {
                return respond(id: id, error: -32602, "the document is not open")
            }
            answer(method, id: id, params: params, document: document)
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
            documents[uri] = document
            publish(document)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            documents[uri] = nil
            analyses[uri] = nil
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
        // The configuration as validate reads it, found from the file's folder up: its
        // rule levels, context names and handler manifest. A broken one is said once.
        var options = CompileOptions()
        let folder = SettingsPath.folder(of: path, workingDirectory: configurationFolder)
        do throws(UsageError) {
            let configuration = try ValidationConfiguration.find(explicit: nil, workingDirectory: folder)
            options = try configuration.applied(to: options, manifestGiven: false)
            options.ruleLevels = configuration.ruleLevels(for: path, workingDirectory: folder)
            configurationProblem = nil
        } catch {
            if configurationProblem != error.message {
                configurationProblem = error.message
                send(notification: "window/showMessage", .object([("type", .int(1)), ("message", .string("feedbackflow: " + error.message))]))
            }
        }
        let loaded = DocumentLoader.load(SourceFile(path: path, bytes: document.bytes), limits: options.loadingLimits)
        let compilation = FlowCompiler.compile(loaded, options: options)
        // validate's messages exactly, its hints naming the option that declares a name included.
        let found = ValidateCommand.flagHint.adding(to: compilation.diagnostics)
        let diagnostics = found.map { LSPDiagnostic.json($0, in: document, path: path, encoding: encoding) }
        var screens = analyses[document.uri]?.screens ?? [:]
        if let flow = compilation.flow {
            screens = [:]
            for screen in flow.screens where screens[screen.id] == nil { screens[screen.id] = "\(screen.style.name): \(screen.title.raw)" }
        }
        let references = ScreenReferences(root: loaded.root)
        // A file that does not load keeps the screen ids of its last good version for completion.
        let knownIDs = loaded.root == nil ? analyses[document.uri]?.knownIDs ?? [] : references.definedIDs
        var names = analyses[document.uri]?.names ?? []
        if let flow = compilation.flow {
            var seen: Set<String> = []
            names = flow.screens.flatMap(\.extraContent).compactMap(\.field).filter { seen.insert($0.id).inserted }
                .map { ($0.id, "field: \($0.kind.name)") }
            names += flow.context.map { ($0.name, "context: \($0.type)") } + flow.variables.map { ($0.name, "variable: \($0.type)") }
            names += [("flow.id", "the flow's id"), ("screen.id", "the screen's id")]
        }
        analyses[document.uri] = Analysis(references: references, knownIDs: knownIDs, diagnostics: found, screens: screens, names: names)
        send(
            notification: "textDocument/publishDiagnostics",
            .object([("uri", .string(document.uri)), ("version", .int(document.version)), ("diagnostics", .array(diagnostics))]))
    }

    // MARK: Requests about a document

    private func answer(_ method: String, id: RPCValue, params: RPCValue, document: LSPDocument) {
        let analysis = analyses[document.uri] ?? Analysis(references: ScreenReferences(root: nil), knownIDs: [], diagnostics: [], screens: [:])
        let offset = offset(of: params["position"], in: document)
        let place = offset.flatMap { analysis.references.place(at: $0) }
        func location(_ span: SourceSpan) -> JSONValue {
            .object([("uri", .string(document.uri)), ("range", range(span, in: document))])
        }
        switch method {
        case "textDocument/definition":
            let definition = place.flatMap { analysis.references.places(of: $0.id).first(where: \.isDefinition) }
            respond(id: id, result: definition.map { location($0.span) } ?? .null)
        case "textDocument/references":
            let withDeclaration = params["context"]?["includeDeclaration"] != .bool(false)
            let places = place.map { analysis.references.places(of: $0.id) } ?? []
            respond(id: id, result: .array(places.filter { withDeclaration || !$0.isDefinition }.map { location($0.span) }))
        case "textDocument/prepareRename":
            respond(id: id, result: place.map { .object([("range", range($0.span, in: document)), ("placeholder", .string($0.id))]) } ?? .null)
        case "textDocument/rename":
            guard let place else { return respond(id: id, error: -32803, "there is no screen id here to rename") }
            let name = params["newName"]?.string ?? ""
            if let problem = Self.renameProblem(name, from: place.id, defined: analysis.references.definedIDs) {
                return respond(id: id, error: -32803, problem)
            }
            let places = analysis.references.places(of: place.id)
            if places.contains(where: { $0.style == .literal || $0.style == .folded }) {
                return respond(id: id, error: -32803, "'\(place.id)' is written as a block scalar (| or >) somewhere: rename it there by hand")
            }
            let edits = places.map { scalarEdit($0.span, to: name, in: document) }
            respond(id: id, result: .object([("changes", .object([(document.uri, .array(edits))]))]))
        case "textDocument/completion":
            respond(id: id, result: completion(at: offset ?? 0, in: document, analysis: analysis))
        case "textDocument/codeAction":
            respond(
                id: id,
                result: .array(
                    quickFixes(params["range"], in: document, analysis: analysis)
                        + otherActions(params["range"], in: document, analysis: analysis)))
        case "textDocument/hover":
            respond(id: id, result: hover(at: offset ?? 0, place: place, in: document, analysis: analysis))
        case "textDocument/documentSymbol":
            // Each screen, from its key to the end of its mapping, named by its id, with
            // its style and title.
            let symbols = analysis.references.screens.map { screen -> JSONValue in
                .object([
                    ("name", .string(screen.id)), ("detail", .optional(analysis.screens[screen.id])), ("kind", .int(5)),
                    ("range", range(screen.whole, in: document)), ("selectionRange", range(screen.key, in: document)),
                ])
            }
            respond(id: id, result: .array(symbols))
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

    /// What hovering at `offset` shows, as Markdown: a screen id's style and title; on a
    /// diagnostic's range, its rule's summary and explanation (as `explain` writes them).
    private func hover(at offset: Int, place: ScreenReferences.Place?, in document: LSPDocument, analysis: Analysis) -> JSONValue {
        var parts: [String] = []
        var span: SourceSpan?
        if let place {
            parts.append("**screen** `\(place.id)`" + (analysis.screens[place.id].map { " — \($0)" } ?? " — no such screen"))
            span = place.span
        }
        for diagnostic in analysis.diagnostics {
            guard let spot = diagnostic.span, spot.start.offset <= offset, offset <= spot.end.offset,
                let rule = DiagnosticRuleCatalog.rule(for: diagnostic.code)
            else { continue }
            parts.append("**\(rule.code)** (\(rule.severity)): \(rule.summary)\n\n\(rule.explanation)")
            span = span ?? spot
        }
        guard !parts.isEmpty else { return .null }
        var members: [(key: String, value: JSONValue)] = [
            ("contents", .object([("kind", .string("markdown")), ("value", .string(parts.joined(separator: "\n\n---\n\n")))]))
        ]
        if let span { members.append(("range", range(span, in: document))) }
        return .object(members)
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

    /// Why `name` cannot replace screen id `old`, or `nil`: a plain name (``isPlainName(_:)``)
    /// that no other screen has.
    static func renameProblem(_ name: String, from old: String, defined: [String]) -> String? {
        guard isPlainName(name) else {
            return "'\(name)' is not a screen id to write plainly: letters, digits, '-', '_' and '.', starting with a letter or '_', not null, true or false"
        }
        guard name == old || !defined.contains(name) else { return "a screen '\(name)' exists already" }
        return nil
    }

    /// An edit writing `text` in place of the scalar at `span`: after its anchor (`&name`)
    /// or tag (`!tag`), if any, which stay; in the scalar's own quotes, if any (a JSON
    /// string stays a string).
    private func scalarEdit(_ span: SourceSpan, to text: String, in document: LSPDocument) -> JSONValue {
        var start = span.start.offset
        let end = min(span.end.offset, document.bytes.count)
        func at(_ index: Int) -> UInt8 { index < end ? document.bytes[index] : 0 }
        while at(start) == UInt8(ascii: "&") || at(start) == UInt8(ascii: "!") {
            while start < end, at(start) != UInt8(ascii: " "), at(start) != UInt8(ascii: "\t") { start += 1 }
            while start < end, at(start) == UInt8(ascii: " ") || at(start) == UInt8(ascii: "\t") { start += 1 }
        }
        let quote = at(start) == UInt8(ascii: "\"") ? "\"" : at(start) == UInt8(ascii: "'") ? "'" : ""
        let range = LSPDiagnostic.range(from: start, to: end, in: document, encoding: encoding)
        return .object([("range", range), ("newText", .string(quote + text + quote))])
    }

    /// The screen ids, where the line so far is a step or `start:` that takes one.
    private func completion(at offset: Int, in document: LSPDocument, analysis: Analysis) -> JSONValue {
        let (line, _) = document.position(of: offset, encoding: encoding)
        let start = document.offset(line: line, character: 0, encoding: encoding)
        // The end of the line before the cursor (at most 256 bytes): enough for a key and its
        // value, and a bounded match whatever the line.
        let before = String(decoding: document.bytes[max(start, offset - 256)..<offset], as: UTF8.self)
        // Inside `${`: the names a template reads.
        if let inside = before.firstMatch(of: /\$\{\s*([A-Za-z0-9_.]*)$/) {
            let from = document.position(of: offset - inside.1.utf8.count, encoding: encoding)
            // To the end of the name the cursor stands in.
            var nameEnd = offset
            func isNameByte(_ byte: UInt8) -> Bool {
                let scalar = Unicode.Scalar(byte)
                return scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == ".")
            }
            while nameEnd < document.bytes.count, isNameByte(document.bytes[nameEnd]) { nameEnd += 1 }
            let to = document.position(of: nameEnd, encoding: encoding)
            let items = analysis.names.map { name, detail -> JSONValue in
                .object([
                    ("label", .string(name)), ("kind", .int(6)), ("detail", .string(detail)),
                    ("textEdit", .object([("range", .object([("start", Self.point(from)), ("end", Self.point(to))])), ("newText", .string(name))])),
                ])
            }
            return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
        }
        // A step or `start` key and what is typed of its value, up to the cursor.
        guard let match = before.firstMatch(of: /(?:^|[\s{,\[-])([A-Za-z]+)\s*:\s*["']?([^\s"',}\]]*)$/),
            ScreenReferences.stepNames.contains(String(match.1)) || match.1 == "start"
        else { return keyCompletion(line: line, lineStart: start, offset: offset, in: document) }
        let typed = String(match.2)
        let from = document.position(of: offset - typed.utf8.count, encoding: encoding)
        // To the end of the word the cursor stands in, so completing inside it replaces it.
        var wordEnd = offset
        while wordEnd < document.bytes.count, !" \t\r\n\"',}]#".utf8.contains(document.bytes[wordEnd]) { wordEnd += 1 }
        let to = document.position(of: wordEnd, encoding: encoding)
        var seen: Set<String> = []
        let items = analysis.knownIDs.filter { seen.insert($0).inserted }.map { id -> JSONValue in
            .object([
                ("label", .string(id)), ("kind", .int(18)), ("detail", .optional(analysis.screens[id])),
                (
                    "textEdit",
                    .object([("range", .object([("start", Self.point(from)), ("end", Self.point(to))])), ("newText", .string(id))])
                ),
            ])
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// For each diagnostic in `requested`: a `# feedbackflow: disable-next-line CODE` comment
    /// above its line (YAML only), and for an `unknown-screen` a stub of the screen after
    /// the last one (a YAML flow with a block `screens:` mapping).
    private func otherActions(_ requested: RPCValue?, in document: LSPDocument, analysis: Analysis) -> [JSONValue] {
        let path = LSPFileURI.path(of: document.uri) ?? document.uri
        guard DocumentFormat(path: path) == .yaml else { return [] }
        let lower = offset(of: requested?["start"], in: document) ?? 0
        let upper = offset(of: requested?["end"], in: document) ?? document.bytes.count
        func action(_ title: String, _ diagnostic: Diagnostic, insert text: String, at offset: Int) -> JSONValue {
            let point = Self.point(document.position(of: offset, encoding: encoding))
            let edit = JSONValue.object([("range", .object([("start", point), ("end", point)])), ("newText", .string(text))])
            return .object([
                ("title", .string(title)), ("kind", .string("quickfix")),
                ("diagnostics", .array([LSPDiagnostic.json(diagnostic, in: document, path: path, encoding: encoding)])),
                ("edit", .object([("changes", .object([(document.uri, .array([edit]))]))])),
            ])
        }
        var actions: [JSONValue] = []
        for diagnostic in analysis.diagnostics {
            guard let span = diagnostic.span, span.start.offset <= upper, lower <= span.end.offset else { continue }
            // The comment goes at the start of the diagnostic's line, indented as the line is.
            let (line, _) = document.position(of: span.start.offset, encoding: encoding)
            let lineStart = document.offset(line: line, character: 0, encoding: encoding)
            var indentEnd = lineStart
            while indentEnd < document.bytes.count, document.bytes[indentEnd] == UInt8(ascii: " ") { indentEnd += 1 }
            let indent = String(repeating: " ", count: indentEnd - lineStart)
            actions.append(action(
                "Disable \(diagnostic.code) for the next line", diagnostic,
                insert: "\(indent)# feedbackflow: disable-next-line \(diagnostic.code)\n", at: lineStart))
            if diagnostic.code == "unknown-screen", let last = analysis.references.screens.last,
                let id = analysis.references.places.first(where: { $0.span.start.offset == span.start.offset })?.id,
                KeyCompletion.isBlockKey(last.key, in: document.bytes)
            {
                let column = last.key.start.column - 1
                let pad = String(repeating: " ", count: column)
                let body = pad + "  "
                let lines = ["\(pad)\(id):", "\(body)style: informative", "\(body)title: \(id)", "\(body)primaryAction: {button: {title: Done, action: dismiss}}"]
                let end = min(last.whole.end.offset, document.bytes.count)
                // After the last screen: on a line of its own whether its span ends the line or not.
                let atLineStart = end == 0 || document.bytes[end - 1] == 10
                let stub = atLineStart ? lines.joined(separator: "\n") + "\n" : "\n" + lines.joined(separator: "\n")
                actions.append(action("Add a screen '\(id)'", diagnostic, insert: stub, at: end))
            }
        }
        return actions
    }

    /// The keys valid where a key is being typed on its own line of a YAML flow (only
    /// indentation, an optional `- ` and the key's first letters before the cursor),
    /// each with the schema's description.
    private func keyCompletion(line: Int, lineStart: Int, offset: Int, in document: LSPDocument) -> JSONValue {
        let empty = JSONValue.object([("isIncomplete", .bool(false)), ("items", .array([]))])
        let text = String(decoding: document.bytes[lineStart..<offset], as: UTF8.self)
        guard offset - lineStart <= 256, let typed = text.firstMatch(of: /^ *(?:- +)?([A-Za-z$]*)$/) else { return empty }
        let lines = document.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line < lines.count, let (definition, keys) = KeyCompletion.keys(for: KeyCompletion.path(lines: lines, line: line, before: Substring(text)))
        else { return empty }
        let from = document.position(of: offset - typed.1.utf8.count, encoding: encoding)
        let to = document.position(of: offset, encoding: encoding)
        let documentation = KeyCompletion.descriptions[definition] ?? [:]
        let items = keys.map { key -> JSONValue in
            var item: [(key: String, value: JSONValue)] = [
                ("label", .string(key)), ("kind", .int(10)),
                (
                    "textEdit",
                    .object([("range", .object([("start", Self.point(from)), ("end", Self.point(to))])), ("newText", .string(key + ": "))])
                ),
            ]
            if let text = documentation[key] { item.append(("documentation", .object([("kind", .string("markdown")), ("value", .string(text))]))) }
            return .object(item)
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// The "did you mean 'X'?" of each diagnostic in `requested` (``FlowSource/Suggestion``'s
    /// words) as a quick fix replacing its range with the suggestion.
    private func quickFixes(_ requested: RPCValue?, in document: LSPDocument, analysis: Analysis) -> [JSONValue] {
        let lower = offset(of: requested?["start"], in: document) ?? 0
        let upper = offset(of: requested?["end"], in: document) ?? document.bytes.count
        return analysis.diagnostics.compactMap { diagnostic -> JSONValue? in
            guard let span = diagnostic.span, let hint = diagnostic.hint, let match = hint.firstMatch(of: /^did you mean '([^']+)'\?/),
                span.start.offset <= upper, lower <= span.end.offset
            else { return nil }
            let replacement = String(match.1)
            // Only a word (a key, a step or a type name): a suggestion holding ': ' or spaces
            // would change the structure.
            guard Self.isPlainName(replacement) else { return nil }
            let edit = scalarEdit(span, to: replacement, in: document)
            return .object([
                ("title", .string("Change to '\(replacement)'")), ("kind", .string("quickfix")), ("isPreferred", .bool(true)),
                ("diagnostics", .array([LSPDiagnostic.json(diagnostic, in: document, path: span.file, encoding: encoding)])),
                ("edit", .object([("changes", .object([(document.uri, .array([edit]))]))])),
            ])
        }
    }

    private func range(_ span: SourceSpan, in document: LSPDocument) -> JSONValue {
        LSPDiagnostic.range(span, in: document, encoding: encoding)
    }

    private static func point(_ position: (line: Int, character: Int)) -> JSONValue {
        LSPDiagnostic.point(position)
    }

    /// The byte offset of a protocol `Position` (`{"line", "character"}`) in `document`;
    /// `nil` when there is none.
    private func offset(of position: RPCValue?, in document: LSPDocument) -> Int? {
        position.map { document.offset(line: $0["line"]?.integer ?? 0, character: $0["character"]?.integer ?? 0, encoding: encoding) }
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
