import FlowCompile
import FlowSource
import FlowWorkspace

/// `textDocument/completion`, from what the line before the cursor is (a half-typed file
/// gets it too): inside `${`, the names a template reads; in an expression (a key whose
/// value the schema says is one, or a `set:` value), the names and functions; after a
/// step that takes a screen or `start:`, and inside a string compared with `screen.id`,
/// the screen ids; after a key with a fixed set of values (a style, a format, a
/// presentation, a type), those values; in a list of steps, the built-in steps and the
/// declared handlers (with their required arguments); where a key is typed (on its own
/// line, or in a flow mapping `{…}`), the keys valid there that the mapping does not
/// have yet — under a handler's step, its arguments — and under `screens:` a new screen.
extension LanguageServer {
    /// The keys whose value is a list of steps.
    static let stepListKeys: Set<String> = ["action", "onFailure", "then", "else"]

    /// What a word is made of, by what it is: a name expressions read (`-` subtracts, so it
    /// ends one), a screen id (which may hold `-`), a key (`$schema`).
    enum Word {
        case name, screenID, key

        func holds(_ byte: UInt8) -> Bool {
            let scalar = Unicode.Scalar(byte)
            guard scalar.isASCII else { return false }
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" { return true }
            switch self {
            case .name: return scalar == "."
            case .screenID: return scalar == "." || scalar == "-"
            case .key: return scalar == "$"
            }
        }
    }

    /// How a step is written where one is completed.
    enum StepSyntax {
        /// A list item (`- push: …`) or an item of a flow sequence (`[push: …]`).
        case item
        /// A key's value on its line (`action: {push: …}`).
        case value
        /// A JSON value (`"dismiss"`, `{"push": …}`).
        case json
        /// Inside a JSON string: only a step that takes no argument fits.
        case jsonString
    }

    /// The completion list at the request's position.
    func completion(_ request: LSPDocumentRequest) -> LSPCompletionItem.List {
        let (offset, document, analysis) = (request.offset, request.document, request.analysis)
        let (line, _) = document.position(of: offset, encoding: encoding)
        let start = document.offset(line: line, character: 0, encoding: encoding)
        // The end of the line before the cursor (at most 256 bytes): enough for a key and its
        // value, and a bounded match whatever the line.
        let before = String(decoding: document.bytes[max(start, offset - 256)..<offset], as: UTF8.self)
        let isJSON = DocumentFormat(path: LSPFileURI.path(of: document.uri) ?? document.uri) == .json
        // Nothing in a YAML comment.
        guard isJSON || !Self.isInComment(before) else { return LSPCompletionItem.List(items: []) }
        let path = offset - start <= 256 ? KeyCompletion.path(in: document, line: line, before: Substring(before)) : []
        if Self.isFlowTest(document) {
            return flowTestCompletion(at: offset, lineStart: start, before: before, path: path, isJSON: isJSON, in: document, analysis: analysis)
        }

        // Inside a string an expression compares with `screen.id`: the screen ids.
        if let typed = Self.screenIDString(before: before, after: Self.lineRest(after: offset, in: document)) {
            return list(screenItems(analysis), replacing: typed, at: offset, in: document, word: .screenID)
        }
        // Inside `${` (not the escaped `$${`): the names a template reads; in an expression
        // there (`${stars * 2`), the functions too.
        if let inside = before.firstMatch(of: /(?:^|[^$])\$\{([^}]*)$/) {
            let word = inside.1.firstMatch(of: /[A-Za-z0-9_.]*$/).map { String($0.0) } ?? ""
            let isExpression = inside.1.trimmingPrefix(while: \.isWhitespace).count > word.count
            return list(nameItems(analysis, functions: isExpression), replacing: word, at: offset, in: document, word: .name)
        }
        // A key of a flow mapping (`- sendBugReport: {em`, `{email: x, `): the keys valid
        // there that it does not have, a handler's arguments under its step.
        if !isJSON, offset - start <= 256,
            let place = KeyCompletion.flowKey(before: Substring(before), after: Substring(Self.lineRest(after: offset, in: document)))
        {
            let items = keyItems(at: path + place.path, written: place.written, analysis).map { item in
                item.with { $0.insertText = item.label + ": " }
            }
            return list(items, replacing: place.typed, at: offset, in: document, word: .key)
        }
        // An item of a flow sequence of steps: `then: [`, `[push: done, `.
        if let item = before.firstMatch(of: /([A-Za-z]+)["']?\s*:\s*\[(?:[^\[\]{}]*,)?\s*([A-Za-z]*)$/),
            Self.stepListKeys.contains(String(item.1))
        {
            return list(stepItems(analysis, isJSON ? .json : .item), replacing: String(item.2), at: offset, in: document, word: .name)
        }
        // `key: value-so-far` on this line (in a block or a flow mapping, a list item, or
        // JSON's `"key": "`): the last key, since the value so far holds no `:`, `[` or `{`.
        if let match = before.firstMatch(of: /(?:^|[\s{,\[\-"'])([A-Za-z$][A-Za-z0-9_.$\-]*)["']?\s*:(\s*)(["']?)([^"'#:\[{]*)$/) {
            let key = String(match.1)
            let typed = String(match.4)
            let isQuoted = !match.3.isEmpty
            // Right after the `:` (a client completes on it): a space first.
            let lead = match.2.isEmpty && !isQuoted ? " " : ""
            // A JSON value not yet in quotes is written in them.
            let quote = isJSON && !isQuoted ? "\"" : ""
            // Under a mapping of names (`variables:`, a handler's `arguments:`, `set:`), the
            // key is a name and its value what the mapping holds; an event's payload holds types.
            let value =
                path.last.flatMap { SchemaFacts.namedValues[$0] } ?? (path.dropLast().last == "events" ? SchemaFacts.namedValues["context"] : nil)
                ?? SchemaFacts.values[key]
            let isWord = typed.utf8.allSatisfy(Word.screenID.holds)
            switch value {
            case .expression:
                // The name the cursor stands in: after the last character no name holds.
                let word = typed.firstMatch(of: /[A-Za-z0-9_.]*$/).map { String($0.0) } ?? ""
                return list(nameItems(analysis, functions: true), replacing: word, at: offset, in: document, word: .name)
            case .screenID where isWord:
                return list(screenItems(analysis), replacing: typed, at: offset, in: document, word: .screenID, around: (lead + quote, quote))
            case .oneOf(let words) where isWord:
                let items = words.map { LSPCompletionItem(label: $0, kind: .enumMember) }
                return list(items, replacing: typed, at: offset, in: document, word: .screenID, around: (lead + quote, quote))
            default:
                if Self.stepListKeys.contains(key), typed.utf8.allSatisfy(Word.name.holds) {
                    // The step is the key's value: one written inline, `{push: …}` where it takes one.
                    let syntax: StepSyntax = isJSON ? (isQuoted ? .jsonString : .json) : .value
                    return list(stepItems(analysis, syntax), replacing: typed, at: offset, in: document, word: .name, around: (lead, ""))
                }
            }
        }
        // A list item of steps: `- ` and what is typed of a step's name.
        if let item = before.firstMatch(of: /^ *- +([A-Za-z]*)$/), let last = path.last, Self.stepListKeys.contains(last) {
            return list(stepItems(analysis, .item), replacing: String(item.1), at: offset, in: document, word: .name)
        }
        let keys = { (path: [String], written: Set<String>) in self.keyItems(at: path, written: written, analysis) }
        if isJSON { return jsonKeyCompletion(at: offset, in: document, keys: keys) }
        return keyCompletion(path: path, lineStart: start, offset: offset, in: document, newScreen: true, keys: keys)
    }

    /// The keys valid where a key is being typed in a JSON document (after `{` or `,`, or
    /// inside the key's opening quote) that the object does not have yet (before the
    /// cursor or after it), each written `"key": ` over what is typed of it: `keys` gives
    /// them for the object's path and the keys it has (in a flow, ``keyItems(at:written:_:)``).
    func jsonKeyCompletion(
        at offset: Int, in document: LSPDocument, keys: ([String], Set<String>) -> [LSPCompletionItem]
    ) -> LSPCompletionItem.List {
        guard let (path, keyStart, keysBefore) = KeyCompletion.jsonPath(document.bytes, offset: offset) else { return LSPCompletionItem.List(items: []) }
        // Over the key typed so far, and its closing quote if the editor wrote one.
        var end = offset
        while end < document.bytes.count, end - offset < 256, Word.key.holds(document.bytes[end]) { end += 1 }
        if keyStart < offset, end < document.bytes.count, document.bytes[end] == UInt8(ascii: "\"") { end += 1 }
        let range = document.range(from: keyStart, to: end)
        let written = keysBefore.union(KeyCompletion.jsonKeys(document.bytes, from: end))
        return LSPCompletionItem.List(
            items: keys(path, written).map { item in
                item.with {
                    $0.filterText = "\"" + item.label
                    $0.textEdit = LSPTextEdit(range: range, newText: "\"\(item.label)\": ")
                }
            })
    }

    /// The keys to offer in the mapping at `path` (``FlowCompile/FormatKeys/row(at:)``'s
    /// path) that has the keys `written` already: under a step that runs a declared
    /// handler, its arguments with their types; else the keys of the format's row with the
    /// schema's descriptions, and no second kind of content block. None of `written`.
    private func keyItems(at path: [String], written: Set<String>, _ analysis: DocumentAnalysis) -> [LSPCompletionItem] {
        if let holder = path.dropLast().last, Self.stepListKeys.contains(holder) || holder == "-",
            let handler = analysis.handlers.first(where: { $0.name == path.last })
        {
            return handler.arguments.filter { !written.contains($0.name) }.map {
                LSPCompletionItem(label: $0.name, kind: .field, detail: "\($0.type)")
            }
        }
        guard let (definition, all) = FormatKeys.row(at: path) else { return [] }
        let hasKind = !written.isDisjoint(with: FormatKeys.contentBlock)
        let documentation = SchemaFacts.descriptions[definition] ?? [:]
        return all.filter { !written.contains($0) && !(hasKind && FormatKeys.contentBlock.contains($0)) }.map {
            LSPCompletionItem(label: $0, kind: .property, documentation: documentation[$0].map { markup($0) })
        }
    }

    /// The rest of the line after byte `offset` of `document` (at most 256 bytes).
    static func lineRest(after offset: Int, in document: LSPDocument) -> String {
        var end = offset
        while end < document.bytes.count, end - offset < 256, document.bytes[end] != 10, document.bytes[end] != 13 { end += 1 }
        return String(decoding: document.bytes[offset..<end], as: UTF8.self)
    }

    /// What is typed of a screen id inside a string literal an expression compares with
    /// `screen.id` (``FlowCompile/ContextVariable/screenID``), where the cursor stands
    /// between `before` and `after` on its line: `screen.id == 'th`, `screen.id != 'th`,
    /// an item of `screen.id in ['sorry', 'th`, or `'th` before `' == screen.id`. A quote
    /// may be doubled (in a single-quoted YAML scalar); `nil` elsewhere.
    static func screenIDString(before: String, after: String) -> String? {
        let screenID = ContextVariable.screenID.rawValue
        if let match = before.firstMatch(of: /([A-Za-z_][A-Za-z0-9_.]*)\s*(?:==|!=)\s*'{1,2}([A-Za-z0-9_.\-]*)$/), match.1 == screenID {
            return String(match.2)
        }
        if let match = before.firstMatch(of: /([A-Za-z_][A-Za-z0-9_.]*)\s+in\s*\[(?:[^\[\]]*,)?\s*'{1,2}([A-Za-z0-9_.\-]*)$/),
            match.1 == screenID
        {
            return String(match.2)
        }
        if let typed = before.firstMatch(of: /'([A-Za-z0-9_.\-]*)$/),
            let compared = after.firstMatch(of: /^[A-Za-z0-9_.\-]*'{1,2}\s*(?:==|!=)\s*([A-Za-z_][A-Za-z0-9_.]*)/), compared.1 == screenID
        {
            return String(typed.1)
        }
        return nil
    }

    /// Whether the end of a YAML line, `before`, is in a comment: a `#` at its start or
    /// after a blank, outside quotes.
    static func isInComment(_ before: String) -> Bool {
        var quote: Character?
        var previous: Character = " "
        for character in before {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous.isWhitespace {
                return true
            }
            previous = character
        }
        return false
    }

    /// `items` as a complete list, each replacing `typed` (the text before the cursor) and
    /// the rest of the `word` the cursor stands in, its text written between `around`'s
    /// two parts (a space after a bare `:`, a JSON value's quotes).
    func list(
        _ items: [LSPCompletionItem], replacing typed: String, at offset: Int, in document: LSPDocument, word: Word,
        around: (before: String, after: String) = ("", "")
    ) -> LSPCompletionItem.List {
        var wordEnd = offset
        while wordEnd < document.bytes.count, wordEnd - offset < 256, word.holds(document.bytes[wordEnd]) { wordEnd += 1 }
        let range = document.range(from: offset - typed.utf8.count, to: wordEnd)
        var list = LSPCompletionItem.List(items: items)
        for index in items.indices {
            let item = items[index]
            // What the client filters by is the label, not the space or quotes around it.
            if !around.before.isEmpty || !around.after.isEmpty { list.items[index].filterText = item.filterText ?? item.label }
            list.items[index].textEdit = LSPTextEdit(range: range, newText: around.before + (item.insertText ?? item.label) + around.after)
            list.items[index].insertText = nil
        }
        return list
    }

    /// The names a template or an expression reads, each with what it is; in an
    /// expression, the functions too.
    private func nameItems(_ analysis: DocumentAnalysis, functions: Bool) -> [LSPCompletionItem] {
        let names = analysis.names.map { LSPCompletionItem(label: $0.name, kind: .variable, detail: $0.detail) }
        guard functions else { return names }
        return names
            + ExpressionFunction.allCases.map { function in
                LSPCompletionItem(
                    label: function.rawValue, kind: .function, detail: "\(function.signature) → \(function.result)",
                    insertText: client.snippets ? function.rawValue + "($1)" : nil, insertTextFormat: client.snippets ? .snippet : nil)
            }
    }

    /// The screen ids of the last text that loaded, each with its style and title.
    private func screenItems(_ analysis: DocumentAnalysis) -> [LSPCompletionItem] {
        var seen: Set<String> = []
        return analysis.knownIDs.filter { seen.insert($0).inserted }.map {
            LSPCompletionItem(label: $0, kind: .reference, detail: analysis.screens[$0])
        }
    }

    /// The built-in steps (from the one table of steps, with the schema's description of
    /// each) and the handlers declared in the flow or the manifest, with their arguments,
    /// each written as `syntax` says: a step that takes an argument is a one-key mapping
    /// where it is a value (`{push: …}`), none in a JSON string. A step whose argument is a
    /// mapping with required keys (a handler's required arguments, `collectUserFeedback`'s
    /// ``FlowCompile/BuiltInStep/requiredKeys``) is written with those keys to fill in.
    private func stepItems(_ analysis: DocumentAnalysis, _ syntax: StepSyntax) -> [LSPCompletionItem] {
        /// `item` writing `name: argument` as `syntax` writes it; `$1`-style tab stops kept only for a client that takes snippets.
        func write(_ item: inout LSPCompletionItem, _ argument: String) {
            let text =
                switch syntax {
                case .item: "\(item.label): \(argument)"
                case .value: "{\(item.label): \(argument)}"
                case .json, .jsonString: "{\"\(item.label)\": \(argument)}"
                }
            item.insertText = client.snippets ? text : text.replacing(/\$\{\d+\}|\$\d+/, with: "")
            item.insertTextFormat = client.snippets ? .snippet : nil
        }
        /// `item` writing its name with `required` keys to fill in (a mapping, each key's
        /// value a tab stop); the bare name when there are none (quoted in JSON).
        func write(_ item: inout LSPCompletionItem, requiring required: [String]) {
            guard !required.isEmpty else {
                if syntax == .json { item.insertText = "\"\(item.label)\"" }
                return
            }
            let slots = required.enumerated().map { syntax == .json ? "\"\($0.element)\": ${\($0.offset + 1)}" : "\($0.element): ${\($0.offset + 1)}" }
            write(&item, "{\(slots.joined(separator: ", "))}")
        }
        let documentation = SchemaFacts.descriptions["step"] ?? [:]
        let fits = { (takesArgument: Bool) in syntax != .jsonString || !takesArgument }
        let steps = BuiltInStep.all.filter { fits($0.needsArgument) }.map { step in
            LSPCompletionItem(label: step.name, kind: .keyword, documentation: documentation[step.name].map { markup($0) }).with {
                if step.argument.isRequired {
                    write(&$0, syntax == .json ? "\"$1\"" : "$1")
                } else {
                    write(&$0, requiring: step.requiredKeys)
                }
            }
        }
        return steps
            + analysis.handlers.filter { fits($0.arguments.contains { !$0.type.isOptional }) }.map { handler in
                let arguments = handler.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
                let item = LSPCompletionItem(
                    label: handler.name, kind: .function, detail: "handler(\(arguments))", documentation: handler.description.map { markup($0) })
                return item.with { write(&$0, requiring: handler.arguments.filter { !$0.type.isOptional }.map(\.name)) }
            }
    }

    /// The keys valid where a key is being typed on its own line of a YAML document (only
    /// indentation, an optional `- ` and the key's first letters before the cursor) that
    /// the mapping does not have yet, as `keys` gives them for the mapping's path and the
    /// keys it has (in a flow, ``keyItems(at:written:_:)``: each with the schema's
    /// description; under a step that runs a declared handler, its arguments with their
    /// types); with `newScreen`, directly under `screens:`, a new screen.
    func keyCompletion(
        path: [String], lineStart: Int, offset: Int, in document: LSPDocument, newScreen: Bool,
        keys: ([String], Set<String>) -> [LSPCompletionItem]
    ) -> LSPCompletionItem.List {
        guard offset - lineStart <= 256 else { return LSPCompletionItem.List(items: []) }
        let text = String(decoding: document.bytes[lineStart..<offset], as: UTF8.self)
        guard let typed = text.firstMatch(of: /^( *)(?:- +)?([A-Za-z$]*)$/) else { return LSPCompletionItem.List(items: []) }
        if newScreen, path.last == "screens", !text.contains("-") {
            return list([newScreenItem(indent: typed.1.count)], replacing: String(typed.2), at: offset, in: document, word: .screenID)
        }
        // On a list item's line (`- `), the item's keys (a content block's), none written yet.
        let isItem = text.contains("-")
        let (line, _) = document.position(of: offset, encoding: encoding)
        let written = isItem ? [] : KeyCompletion.siblingKeys(in: document, line: line, indent: typed.1.count)
        let items = keys(isItem ? path + ["-"] : path, written).map { item in
            item.with { $0.insertText = (item.insertText ?? item.label) + ": " }
        }
        return list(items, replacing: String(typed.2), at: offset, in: document, word: .key)
    }

    /// A screen to fill in, written at the key's column `indent`: its id, style, title
    /// and a button (a snippet with tab stops where the client takes one).
    private func newScreenItem(indent: Int) -> LSPCompletionItem {
        let pad = String(repeating: " ", count: indent)
        let styles = SchemaFacts.values["style"].flatMap { if case .oneOf(let words) = $0 { words } else { nil } } ?? ["feedback"]
        let lines: [String] =
            client.snippets
            ? [
                "${1:new-screen}:", "  style: ${2|\(styles.joined(separator: ","))|}", "  title: ${3:Title}",
                "  primaryAction:", "    button:", "      title: ${4:Done}", "      action: ${5:dismiss}",
            ]
            : ["new-screen:", "  style: \(styles[0])", "  title: Title", "  primaryAction:", "    button:", "      title: Done", "      action: dismiss"]
        let text = lines.enumerated().map { $0.offset == 0 ? $0.element : pad + $0.element }.joined(separator: "\n")
        // The lines are indented here: the client must not indent them again (`asIs`).
        return LSPCompletionItem(
            label: "new screen", kind: .snippet, detail: "a screen with a title and a button", filterText: "screen", insertText: text,
            insertTextFormat: client.snippets ? .snippet : nil, insertTextMode: .asIs)
    }

    /// `text` (Markdown) as the client reads a completion's documentation (or, `forHover`,
    /// a hover): Markdown where it says it takes it, else plain text.
    func markup(_ text: String, forHover: Bool = false) -> LSPMarkupContent {
        (forHover ? client.markdownHover : client.markdownDocumentation)
            ? LSPMarkupContent(kind: .markdown, value: text) : LSPMarkupContent(kind: .plainText, value: Self.plain(text))
    }

    /// Markdown's emphasis and code marks taken out, for a plain-text client.
    static func plain(_ markdown: String) -> String {
        markdown.replacing("**", with: "").replacing("`", with: "")
    }
}
