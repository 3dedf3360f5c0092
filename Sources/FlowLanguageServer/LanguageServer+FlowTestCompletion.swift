import FlowCompile
import FlowScenarios
import FlowSource

/// `textDocument/completion` in a flow test file, with the flow's machinery (the enclosing
/// keys from ``KeyCompletion``, the same lists and edits): where a key is typed (on its own
/// line, in a flow mapping `{…}`, in a JSON object), the keys of the ``FlowScenarios/ScenarioKey``
/// table there that the mapping lacks, with their help, and under the mappings keyed by
/// the flow's names, those names: the flow's field ids under `set:` and `fields:`, its
/// button titles under `buttons:`, its custom steps under `handlers:`. As values, from the
/// flow the file names: screen ids after `screen:` and in `stacks:`, button titles after
/// `tap:`, event names after `event:` (and an event's `name:`), and `presented` after
/// `decision:`.
extension LanguageServer {
    /// The completion list of the flow test `document` at byte `offset`, on the line
    /// starting at `start` whose text before the cursor is `before` (at most 256 bytes) and
    /// whose enclosing keys are `path` (``KeyCompletion/path(in:line:before:)``).
    func flowTestCompletion(
        at offset: Int, lineStart start: Int, before: String, path: [String], isJSON: Bool, in document: LSPDocument,
        analysis: DocumentAnalysis
    ) -> LSPCompletionItem.List {
        let test = analysis.flowTest ?? FlowTestAnalysis()
        let after = Self.lineRest(after: offset, in: document)
        // An item of `stacks:`: a screen id.
        if let typed = Self.stackItem(before: before, path: path, isJSON: isJSON) {
            return list(flowScreenItems(test), replacing: typed, at: offset, in: document, word: .screenID)
        }
        // A key of a flow mapping on this line (`- expect: {screen: rate, fi`).
        if !isJSON, offset - start <= 256, let place = KeyCompletion.flowKey(before: Substring(before), after: Substring(after)) {
            let items = flowTestKeyItems(at: path + place.path, written: place.written, test).map { item in
                item.with { $0.insertText = Self.yamlText(item.label) + ": " }
            }
            return list(items, replacing: place.typed, at: offset, in: document, word: .key)
        }
        // `key: value-so-far`: the last key on the line, as in a flow.
        if let match = before.firstMatch(of: /(?:^|[\s{,\[\-"'])([A-Za-z$][A-Za-z0-9_.$\-]*)["']?\s*:(\s*)(["']?)([^"'#:\[{]*)$/) {
            let (key, typed, isQuoted) = (String(match.1), String(match.4), !match.3.isEmpty)
            let lead = match.2.isEmpty && !isQuoted ? " " : ""
            let quote = isJSON && !isQuoted ? "\"" : ""
            let isWord = typed.utf8.allSatisfy(Word.screenID.holds)
            let keys = path.filter { $0 != "-" }
            // An event's `name:`: in `event:`'s mapping on the lines above, or on this line.
            let isEventName = key == "name" && (keys.last == "event" || before.firstMatch(of: /event["']?\s*:\s*\{[^{}]*name["']?\s*:[^:]*$/) != nil)
            let items: [LSPCompletionItem]? =
                switch key {
                case "screen" where isWord: flowScreenItems(test)
                case "event" where isWord: flowEventItems(test)
                case "name" where isWord && isEventName: flowEventItems(test)
                case "decision" where isWord: [LSPCompletionItem(label: "presented", kind: .enumMember)]
                // A title is written as YAML or JSON reads it back (quoted where it must be).
                case "tap" where typed.firstMatch(of: /[,\[\]{}]/) == nil:
                    flowTitleItems(test).map { item in
                        item.with { $0.insertText = isJSON ? Self.jsonContent(item.label) : isQuoted ? nil : Self.yamlText(item.label) }
                    }
                default: nil
                }
            if let items { return list(items, replacing: typed, at: offset, in: document, word: .screenID, around: (lead + quote, quote)) }
        }
        let keys = { (path: [String], written: Set<String>) in self.flowTestKeyItems(at: path, written: written, test) }
        if isJSON { return jsonKeyCompletion(at: offset, in: document, keys: keys) }
        return keyCompletion(path: path, lineStart: start, offset: offset, in: document, newScreen: false) { path, written in
            keys(path, written).map { item in item.with { $0.insertText = Self.yamlText(item.label) } }
        }
    }

    /// The keys to offer in the mapping at `path` (list items `-`) that has the keys
    /// `written`: under `set:` and `fields:` the flow's field ids, under `buttons:` its
    /// titles, under `handlers:` its custom steps; else the keys of the table there
    /// (``FlowScenarios/ScenarioKey/table(at:)``) with their help, none in a step that
    /// says what it does already (a step is one key). None of `written`.
    private func flowTestKeyItems(at path: [String], written: Set<String>, _ test: FlowTestAnalysis) -> [LSPCompletionItem] {
        let keys = path.filter { $0 != "-" }
        if let holder = keys.last, ScenarioKey.table(at: Array(keys.dropLast()))?.contains(where: { $0.name == holder }) == true {
            let names: [LSPCompletionItem]? =
                switch holder {
                case "set", "fields": flowFieldItems(test)
                case "buttons": flowTitleItems(test)
                case "handlers": test.names.map { $0.customSteps.map { LSPCompletionItem(label: $0, kind: .function, detail: "custom step") } } ?? []
                default: nil
                }
            if let names { return names.filter { !written.contains($0.label) } }
        }
        guard let table = ScenarioKey.table(at: keys) else { return [] }
        if table == ScenarioKey.step, !written.isDisjoint(with: ScenarioKey.names(table)) { return [] }
        return table.filter { !written.contains($0.name) }.map { key in
            LSPCompletionItem(label: key.name, kind: .property, detail: key.isRequired ? "required" : nil, documentation: markup(key.help))
        }
    }

    /// The flow's screen ids, each with its style and title.
    private func flowScreenItems(_ test: FlowTestAnalysis) -> [LSPCompletionItem] {
        (test.names?.screens ?? []).map { LSPCompletionItem(label: $0, kind: .reference, detail: test.screens[$0]) }
    }

    /// The flow's field ids, each with its kind, in the order of their names.
    private func flowFieldItems(_ test: FlowTestAnalysis) -> [LSPCompletionItem] {
        (test.names?.fields ?? [:]).sorted { $0.key < $1.key }.map { LSPCompletionItem(label: $0.key, kind: .field, detail: $0.value.name) }
    }

    /// The flow's button titles that render as written (a title with `${…}` renders to
    /// text not known here).
    private func flowTitleItems(_ test: FlowTestAnalysis) -> [LSPCompletionItem] {
        (test.names?.titles ?? []).filter { !$0.contains("${") }.map { LSPCompletionItem(label: $0, kind: .value, detail: "button") }
    }

    /// The events the flow declares.
    private func flowEventItems(_ test: FlowTestAnalysis) -> [LSPCompletionItem] {
        test.events.map { LSPCompletionItem(label: $0, kind: .event, detail: "event") }
    }

    /// What is typed of a screen id in an item of `stacks:` (a list of lists of screen
    /// ids), where the line before the cursor is `before` and the enclosing keys are
    /// `path`: `stacks: [[rate, th`, `"stacks": [["rate", "th`, or under `stacks:` on the
    /// lines above, `- [rate, th` or `- - th`; `nil` elsewhere.
    static func stackItem(before: String, path: [String], isJSON: Bool) -> String? {
        if isJSON {
            return before.firstMatch(of: /"stacks"\s*:\s*\[[\[\]",\sA-Za-z0-9_.\-]*"([A-Za-z0-9_.\-]*)$/).map { String($0.1) }
        }
        let inside: Substring
        if let match = before.firstMatch(of: /(?:^|[\s{,])stacks["']?\s*:\s*(\[[\[\],\sA-Za-z0-9_.\-]*)$/) {
            inside = match.1
        } else if path.last(where: { $0 != "-" }) == "stacks", let match = before.firstMatch(of: /^ *((?:- +)*[\[\],\sA-Za-z0-9_.\-]*)$/) {
            inside = match.1
        } else {
            return nil
        }
        // The id typed after `[`, `,` or `- `, with no key on the line.
        guard let typed = inside.firstMatch(of: /(?:^|[\[,\s])([A-Za-z0-9_.\-]*)$/) else { return nil }
        let head = inside.dropLast(typed.1.count).drop { $0 == " " }
        guard head.contains("[") || head.hasPrefix("-") else { return nil }
        return String(typed.1)
    }

    /// `text` as a YAML plain scalar where it reads back as that string, in a block or a
    /// flow collection; else single-quoted (a quote doubled).
    static func yamlText(_ text: String) -> String {
        let indicators: Set<Character> = ["-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`", " "]
        let words: Set<String> = ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n"]
        let isPlain =
            !text.isEmpty && text.first.map { !indicators.contains($0) } == true && text.last != " "
            && text.firstMatch(of: /: |:$| #|[,\[\]{}\t\n\r]/) == nil && !words.contains(text.lowercased()) && Double(text) == nil
            && text.unicodeScalars.allSatisfy { $0.value >= 0x20 }
        return isPlain ? text : "'" + text.replacing("'", with: "''") + "'"
    }

    /// `text` as the content of a JSON string (between its quotes).
    static func jsonContent(_ text: String) -> String {
        let json = JSONValue.string(text).serialized()
        return String(json.dropFirst().dropLast())
    }
}
