import FlowSource

/// The top level of a file: a flow (`screens:`) or a single FeedbackConfiguration.
extension DecodingSession {
    /// Decodes the root node of a file whose base name (without extension) is `baseName`.
    ///
    /// Returns `nil` only when nothing sensible can be built: the root is not a mapping,
    /// or `version` is an integer other than 1 (a format this tool does not know, whose
    /// other keys would only produce noise). Otherwise the flow is built even when parts
    /// are broken: a broken screen still exists under its id (with an empty title, style
    /// `informative` and no actions), so its id still counts as a navigation target and
    /// validation does not repeat a decoding error as an unknown screen.
    /// `foreign-schema` when the YAML language server's modeline names another schema.
    mutating func checkModeline(in source: SourceFile) {
        guard let (reference, span) = SchemaReference.modeline(in: source) else { return }
        checkSchemaReference(reference, at: span, what: "the modeline")
    }

    /// `foreign-schema` when `reference` (written at `span`, by `what`) is not this
    /// format's schema.
    private mutating func checkSchemaReference(_ reference: String, at span: SourceSpan?, what: String) {
        guard !SchemaReference.isOurs(reference) else { return }
        report(
            .foreignSchema, "\(what) names the schema '\(reference)', not this format's", at: span,
            hint: "editors check the file against that schema; point it at this format's schema, \(SchemaReference.fileName)")
    }

    mutating func decodeFlow(_ root: Node, baseName: String) -> Flow? {
        guard let top = mapping(root) else { return nil }
        let isSingleScreen = FormatKeys.isSingleScreenFile(keys: top.keys)
        let allowed = FormatKeys.topLevel(singleScreen: isSingleScreen)
        var besideAction: [MappingEntry] = []
        let suggested = checkKeys(
            top, allowed: allowed, reportedElsewhere: isSingleScreen ? Self.actionChoices : [], elsewhere: &besideAction)
        var emptyActions: Set<String> = []
        for entry in besideAction { emptyActions.formUnion(reportChoiceBesideAction(entry, in: top)) }
        if let node = top.value(FormatKeys.schema), let reference = string(node) {
            checkSchemaReference(reference, at: node.span, what: "'\(FormatKeys.schema)'")
        }

        var version = 1
        if let node = required(top, "version", expected: "an integer", suggested: suggested, hint: "write 'version: 1'"),
            let value = integer(node)
        {
            guard value == 1 else {
                report(
                    .unsupportedVersion, "unsupported version \(value)", at: node.span,
                    hint: "this tool reads version 1")
                return nil
            }
            version = value
        }

        var id = baseName
        if let node = top.value("id"), let text = string(node) {
            checkName(
                text, what: "flow id", at: node,
                hint: "write an id such as 'call-quality', or leave 'id' out to use the file's base name")
            id = text
        }
        var presentation = Presentation.present
        if let node = top.value("presentation"),
            let name = enumeration(node, name: "presentation", allowed: Presentation.allCases.map(\.rawValue)),
            let value = Presentation(rawValue: name)
        {
            presentation = value
        }

        if isSingleScreen {
            let screen = decodeScreen(top, id: baseName, span: root.span, suggested: suggested, emptyActions: emptyActions)
            var flow = Flow(
                version: version, id: id, start: screen.id, presentation: presentation, screens: [screen],
                screensSpan: root.span)
            decodeDecisions(top, into: &flow)
            return flow
        }

        var screens: [FeedbackConfiguration] = []
        var screensSpan: SourceSpan?
        if let node = required(top, "screens", expected: "a mapping of screens", suggested: suggested) {
            screensSpan = node.span
            if let fields = mapping(node, expected: "a mapping of screens") {
                screens.reserveCapacity(fields.entries.count)
                let entries = fields.entries
                var owner: String?
                for position in entries.indices {
                    guard let screenID = entries[position].keyText else {
                        mismatch(expected: "a screen id", found: entries[position].key)
                        continue
                    }
                    // A screen key holding a button or blocks, written one level too far
                    // left: one diagnostic at its key, not a screen with five follow-on errors.
                    let isStray = Self.isStrayScreenKey(entries[position])
                    if isStray, entries[position].value.mapping != nil {
                        report(
                            .typeMismatch, "'\(screenID)' is a screen key, not a screen: it is indented too little",
                            at: entries[position].key.span,
                            hint: owner.map { "indent it under screen '\($0)', beside its 'title'" }
                                ?? "indent it under its screen, beside the screen's 'title'")
                        continue
                    }
                    if !isStray { owner = screenID }
                    checkScreenID(screenID, key: entries[position].key)
                    // Screen keys written as screens right after this screen belong to it:
                    // their type-mismatch is enough, no missing-key for them here.
                    var strayKeys: Set<String> = []
                    if !isStray {
                        var next = position + 1
                        while next < entries.count, Self.isStrayScreenKey(entries[next]) {
                            if let key = entries[next].keyText { strayKeys.insert(key) }
                            next += 1
                        }
                    }
                    screens.append(
                        decodeScreen(entries[position].value, id: screenID, span: entries[position].key.span, strayKeys: strayKeys))
                }
            }
        }

        var start = screens.first?.id ?? ""
        var startSpan: SourceSpan?
        if let node = top.value("start") {
            if let name = string(node) {
                start = name
                startSpan = node.span
            }
        } else if screens.count > 1, !suggested.contains("start") {
            report(
                .missingKey, "missing required key 'start'", at: top.startSpan,
                hint: "a flow with more than one screen names its first screen, e.g. 'start: \(start)'")
        }
        var flow = Flow(
            version: version, id: id, start: start, presentation: presentation, screens: screens,
            startSpan: startSpan, screensSpan: screensSpan)
        decodeDecisions(top, into: &flow)
        return flow
    }

    /// `invalid-value` at a `screens` key that no `push`/`present`/`replace`/`popTo`
    /// target or `start` can name, so the screen could never be shown by a step: an
    /// empty id (the JSON Schema's `minLength: 1`), an id holding `${` (targets are
    /// names, and one holding `${` is itself an error), and a null key (`~`, `null`,
    /// an empty key), which is no name at all. The screen is decoded all the same.
    mutating func checkScreenID(_ id: String, key: Node) {
        if key.isNull {
            report(
                .invalidValue, "screen id must be a name, found null", at: key.span,
                hint: "quote the key (\"\(id.isEmpty ? "~" : id)\") to use it as a screen id")
        } else if id.isEmpty {
            report(.invalidValue, "screen id must not be empty", at: key.span, hint: "write a name such as 'thanks'")
        } else if ValidationRun.looksLikeTemplate(id) {
            report(
                .invalidValue, "screen id '\(id)' can never be a navigation target: screen ids are names, not templates",
                at: key.span, hint: "write a name without '${', such as 'thanks'")
        }
    }
}
