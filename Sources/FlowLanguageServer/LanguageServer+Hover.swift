import FlowCompile
import FlowReporting
import FlowSource
import FlowWorkspace

/// `textDocument/hover`: what the thing under the cursor is. A name (``NamePlaces``): a
/// screen's style and title, a field's kind and type, a context value's or variable's
/// type, a handler's arguments, returned values and description, a returned value's type
/// and the handler step that gives it, an anchor's aliases. An
/// expression: its type. A key or a step: the schema's description (in a flow test file,
/// the key's help from its table). On a diagnostic's
/// range, its rule's summary and explanation (as `explain` writes them).
extension LanguageServer {
    func hover(_ request: LSPDocumentRequest) -> LSPHover? {
        let (offset, document, analysis) = (request.offset, request.document, request.analysis)
        var parts: [String] = []
        var spot: (start: Int, end: Int)?
        let names = namePlaces(document.uri)
        if let place = names.place(at: offset) {
            parts.append(describe(place, among: names, analysis: analysis))
            spot = (place.span.start.offset, place.span.end.offset)
        } else if let expression = NamePlaces.narrowest(names.index?.expressions ?? [], at: offset, \.span) {
            parts.append("**expression** `\(expression.text)`: " + (expression.type.map { "`\($0)`" } ?? "does not check (see its diagnostic)"))
            spot = (expression.span.start.offset, expression.span.end.offset)
        } else if let key = Self.isFlowTest(document)
            ? flowTestKeyHelp(at: offset, in: document) : keyDocumentation(at: offset, in: document, analysis: analysis)
        {
            parts.append(key.text)
            spot = (key.start, key.end)
        }
        for diagnostic in analysis.diagnostics {
            guard let span = diagnostic.span, span.start.offset <= offset, offset <= span.end.offset,
                let rule = DiagnosticRuleCatalog.rule(for: diagnostic.code)
            else { continue }
            parts.append("**\(rule.code)** (\(rule.severity)): \(rule.summary)\n\n\(rule.explanation)")
            spot = spot ?? (span.start.offset, span.end.offset)
        }
        guard !parts.isEmpty else { return nil }
        return LSPHover(contents: markup(parts.joined(separator: "\n\n---\n\n"), forHover: true), range: spot.map { document.range(from: $0.start, to: $0.end) })
    }

    /// What `place`'s name is, in Markdown.
    private func describe(_ place: NamePlaces.Place, among names: NamePlaces, analysis: DocumentAnalysis) -> String {
        let type = names.index?.types[place.name].map { "`\($0)`" } ?? "of no known type"
        switch place.kind {
        case .screen:
            return "**screen** `\(place.name)` — " + (analysis.screens[place.name] ?? "no such screen")
        case .field:
            let kind = analysis.names.first { $0.name == place.name }?.fieldKind?.name ?? "field"
            return "**field** `\(place.name)` (\(kind)): \(type)"
        case .context:
            return "**context value** `\(place.name)`: \(type), provided by the host"
        case .variable:
            return "**variable** `\(place.name)`: \(type), set by `set` steps"
        case .handler:
            guard let handler = analysis.handlers.first(where: { $0.name == place.name }) else { return "**handler** `\(place.name)`" }
            let arguments = handler.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            var text = "**handler** `\(handler.name)(\(arguments))`"
            if !handler.returns.isEmpty {
                text += " → " + handler.returns.map { "`\(handler.returnedName($0.name))`: \($0.type)?" }.joined(separator: ", ")
            }
            if let description = handler.description { text += "\n\n" + description }
            return text
        case .returnedValue:
            return describeReturnedValue(place.name, type: type, analysis: analysis)
        case .anchor:
            let aliases = names.places(sharing: place).filter { !$0.isDefinition }.count
            return "**anchor** `&\(place.name)` — \(aliases) alias\(aliases == 1 ? "" : "es") (`*\(place.name)`)"
        }
    }

    /// What the value a handler returns, `name` (`HANDLER.VALUE`) of type `type` as
    /// expressions read it, is: its type, the step that gives it and null before it has
    /// run, and the handler's description; or that the handler declares no such value.
    private func describeReturnedValue(_ name: String, type: String, analysis: DocumentAnalysis) -> String {
        guard let dot = name.firstIndex(of: "."), let handler = analysis.handlers.first(where: { $0.name == name[..<dot] }) else {
            return "**returned value** `\(name)`"
        }
        let value = name[name.index(after: dot)...]
        guard handler.returns.contains(where: { $0.name == value }) else {
            let declared = handler.returns.map { "`\($0.name)`" }.joined(separator: ", ")
            return "**returned value** `\(name)`: handler `\(handler.name)` declares no returned value `\(value)`"
                + (declared.isEmpty ? "" : " (it returns \(declared))")
        }
        var text = "**returned value** `\(name)`: \(type), returned by the handler step `\(handler.name)` (null until that step has run)"
        if let description = handler.description { text += "\n\n`\(handler.name)`: " + description }
        return text
    }

    /// The schema's description of the key at `offset` (a YAML key on its own line, a
    /// JSON object's key), or of the step named there (`- dismiss`, `action: dismiss`,
    /// `- push: …`, `{"push": …}`), with the name's byte range. Only the 1 KiB of the line
    /// around the cursor is read.
    private func keyDocumentation(at offset: Int, in document: LSPDocument, analysis: DocumentAnalysis) -> (text: String, start: Int, end: Int)? {
        guard let (line, name, start, end, before, after) = keyWord(at: offset, in: document) else { return nil }
        let path: [String]
        let isKey: Bool
        let isItem: Bool
        if DocumentFormat(path: LSPFileURI.path(of: document.uri) ?? document.uri) == .json {
            // `"name"` then `:`: a key, whose enclosing keys the braces before it say; else a
            // value (a step is then known by the key before it).
            if start > 0, document.bytes[start - 1] == UInt8(ascii: "\""), after.firstMatch(of: /^"\s*:/) != nil,
                let found = KeyCompletion.jsonPath(document.bytes, offset: start - 1)
            {
                (path, isKey, isItem) = (found.path, true, found.path.last == "-")
            } else {
                (path, isKey, isItem) = ([], false, false)
            }
        } else {
            path = KeyCompletion.path(in: document, line: line, before: Substring(before))
            isKey = after.firstMatch(of: /^\s*:/) != nil
            isItem = before.firstMatch(of: /^ *- +$/) != nil
        }
        // A step: an item of a list of steps, or the value of a key that takes steps.
        let steps = path.filter { $0 != "-" }.last.map(Self.stepListKeys.contains) == true && (isItem || !isKey || path.last == "-")
        let valueOfStepKey = before.firstMatch(of: /(?:^|[\s{,"'])([A-Za-z]+)["']?\s*:\s*\[?\s*$/).map { Self.stepListKeys.contains(String($0.1)) } == true
        if steps || valueOfStepKey || (isKey && path.last.map(Self.stepListKeys.contains) == true) {
            if let text = SchemaFacts.descriptions["step"]?[name] { return ("**step** `\(name)`: \(text)", start, end) }
            if let handler = analysis.handlers.first(where: { $0.name == name }) {
                return ("**handler** `\(name)`" + (handler.description.map { ": " + $0 } ?? ""), start, end)
            }
            return nil
        }
        // A key on its own line (after indentation and `- `), or a JSON key.
        guard isKey, DocumentFormat(path: LSPFileURI.path(of: document.uri) ?? document.uri) == .json || before.firstMatch(of: /^ *(?:- +)?$/) != nil,
            // A YAML list item's first key belongs to the item (a content block's kind).
            let (definition, keys) = FormatKeys.row(at: isItem && path.last != "-" ? path + ["-"] : path), keys.contains(name),
            let text = SchemaFacts.descriptions[definition]?[name]
        else { return nil }
        return ("**\(name)**: \(text)", start, end)
    }
}

extension LanguageServer {
    /// The key-like word the cursor at `offset` stands in, with its line, its byte range
    /// and the text of its line before and after it: what hover reads a key or a step's name from,
    /// in flows and flow tests. Only the 1 KiB of the line around the cursor is read.
    func keyWord(at offset: Int, in document: LSPDocument) -> (line: Int, name: String, start: Int, end: Int, before: String, after: String)? {
        let (line, _) = document.position(of: offset, encoding: encoding)
        let lineStart = max(document.offset(line: line, character: 0, encoding: encoding), offset - 1024)
        var lineEnd = offset
        while lineEnd < document.bytes.count, lineEnd - offset < 1024, document.bytes[lineEnd] != 10, document.bytes[lineEnd] != 13 { lineEnd += 1 }
        var start = offset
        var end = offset
        while start > lineStart, Word.key.holds(document.bytes[start - 1]) { start -= 1 }
        while end < lineEnd, Word.key.holds(document.bytes[end]) { end += 1 }
        guard start < end else { return nil }
        return (
            line, String(decoding: document.bytes[start..<end], as: UTF8.self), start, end,
            String(decoding: document.bytes[lineStart..<start], as: UTF8.self), String(decoding: document.bytes[end..<lineEnd], as: UTF8.self)
        )
    }
}
