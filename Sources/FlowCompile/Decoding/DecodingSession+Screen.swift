import FlowSource

/// Screens (``FeedbackConfiguration``: `style`, `image`, `title`, `subtitle`,
/// `primaryAction`, `secondaryAction`, `extraContent`) and their primary and secondary
/// actions.
extension DecodingSession {
    static let fixedStyles: [String: FeedbackStyle] = ["success": .success, "informative": .informative, "error": .error]
    /// The hint for a screen without `style`, made once.
    static let missingStyleHint = "add 'style: success' (one of \(FeedbackStyle.names.joined(separator: ", ")))"

    /// A screen written as the value of `screens.ID`; `span` is its key.
    ///
    /// A screen whose id is a screen key (`primaryAction`) and whose value is not a mapping
    /// is almost always that key indented too little, directly under `screens:`; its
    /// `type-mismatch` then says so in a hint.
    /// - Parameter strayKeys: screen keys written as screens right after this one (see
    ///   ``isStrayScreenKey(_:)``); they are not reported again as missing here.
    mutating func decodeScreen(
        _ node: Node, id: String, span: SourceSpan, strayKeys: Set<String> = []
    ) -> FeedbackConfiguration {
        let hint = FormatKeys.screenBody.contains(id) ? "'\(id)' is a screen key: is it indented under its screen?" : nil
        if node.isNull {
            // `thanks:` with nothing after it: the key is the only text to point at.
            report(
                .typeMismatch, "expected a mapping, found null", at: node.span.start == node.span.end ? span : node.span,
                hint: hint)
            return Self.placeholderScreen(id: id, span: span)
        }
        guard let fields = MappingFields(node) else {
            mismatch(expected: "a mapping", found: node, hint: hint)
            return Self.placeholderScreen(id: id, span: span)
        }
        var besideAction: [MappingEntry] = []
        var suggested = checkKeys(
            fields, allowed: FormatKeys.screenBody, reportedElsewhere: Self.actionChoices, elsewhere: &besideAction)
        var emptyActions: Set<String> = []
        for entry in besideAction { emptyActions.formUnion(reportChoiceBesideAction(entry, in: fields)) }
        suggested.formUnion(strayKeys)
        return decodeScreen(fields, id: id, span: span, suggested: suggested, missingKeysAt: span, emptyActions: emptyActions)
    }

    /// The keys of action mappings (`button`, `retryButton`, `link`), which written among a
    /// screen's keys are almost always indented too little under an empty action.
    static let actionChoices = FormatKeys.primaryAction + FormatKeys.secondaryAction.filter { !FormatKeys.primaryAction.contains($0) }

    /// Reports `entry` (a `button`, `retryButton` or `link` among a screen's keys): beside an
    /// empty `primaryAction:` or `secondaryAction:` that takes it, it is that action's value
    /// indented too little; otherwise an unknown key that belongs under one of them.
    /// - Returns: the action it was meant for, whose emptiness is then not reported again.
    mutating func reportChoiceBesideAction(_ entry: MappingEntry, in fields: MappingFields) -> Set<String> {
        let name = entry.keyText ?? ""
        for (action, choices) in [("primaryAction", FormatKeys.primaryAction), ("secondaryAction", FormatKeys.secondaryAction)]
        where choices.contains(name) {
            guard let written = fields.entry(action), written.value.isNull else { continue }
            report(
                .unknownKey, "'\(name)' belongs under '\(action)', which is empty: it is indented too little", at: entry.key.span,
                hint: "indent '\(name):' and what follows it by two more spaces, under '\(action):'")
            return [action]
        }
        report(
            .unknownKey, "unknown key '\(name)'", at: entry.key.span,
            hint: "a '\(name)' goes under 'primaryAction' or 'secondaryAction': '{\(name): {title: …, action: …}}'")
        return []
    }

    /// Whether the entry of `screens` looks like a screen key indented too little: its id
    /// is a screen key and its value is not a screen — not a mapping (null included), or a
    /// mapping without any screen key (`primaryAction: {button: …}`).
    static func isStrayScreenKey(_ entry: MappingEntry) -> Bool {
        guard let id = entry.keyText, FormatKeys.screenBody.contains(id) else { return false }
        guard let entries = entry.value.mapping else { return true }
        return !entries.contains { $0.keyText.map(FormatKeys.screenBody.contains) ?? false }
    }

    /// A screen whose keys have already been checked (the root of a single-screen file).
    /// - Parameter missingKeysAt: where a missing required key is reported, naming the
    ///   screen: its id in `screens` (where a person adds the key), else the mapping's
    ///   start.
    /// - Parameter emptyActions: actions left empty because their value was written one
    ///   level too far left (reported there): not reported again as null.
    mutating func decodeScreen(
        _ fields: MappingFields, id: String, span: SourceSpan, suggested: Set<String>, missingKeysAt: SourceSpan? = nil,
        emptyActions: Set<String> = []
    ) -> FeedbackConfiguration {
        var screen = Self.placeholderScreen(id: id, span: span)
        screenBeingDecoded = (id, missingKeysAt ?? fields.startSpan)
        nestedScreenKeys = []
        defer { screenBeingDecoded = nil }
        // The blocks first: a screen key found inside one is not reported missing here too.
        if let node = fields.value("extraContent") {
            if let items = node.sequence {
                var blocks: [ContentBlock] = []
                blocks.reserveCapacity(items.count)
                for item in items {
                    if let block = decodeContentBlock(item) { blocks.append(block) }
                }
                screen.extraContent = blocks
            } else {
                mismatch(expected: "a list of content blocks", found: node)
            }
        }

        // A screen key found inside a block (reported there) is not reported missing too.
        let suggested = nestedScreenKeys.isEmpty ? suggested : suggested.union(nestedScreenKeys)
        let styleName = required(
            fields, "style", expected: "a string", suggested: suggested,
            missingFromScreen: Self.missingStyleHint
        ).flatMap {
            enumeration($0, name: "style", allowed: FeedbackStyle.names)
        }
        if let styleName, let fixed = Self.fixedStyles[styleName] {
            screen.style = fixed
            if let entry = fields.entry("image"), !entry.value.isNull {
                report(
                    .imageNotAllowed, "'image' is not allowed with style '\(styleName)'", at: entry.key.span,
                    hint: "only style 'feedback' shows an image; remove 'image' or use 'style: feedback'")
            }
        } else if styleName == "feedback" {
            let imageNode = required(
                fields, "image", expected: "a string", suggested: suggested,
                hint: "style 'feedback' shows the named image instead of a fixed icon",
                missingFromScreen: "add 'image: NAME': style 'feedback' shows the named image instead of a fixed icon")
            let image = imageNode.flatMap { string($0) }
            if let image, let imageNode { checkName(image, what: "image name", at: imageNode, hint: Self.imageHint) }
            screen.style = .feedback(image: image ?? "")
        } else {
            _ = optionalString(fields, "image")
        }

        if let node = required(
            fields, "title", expected: "a string", suggested: suggested, missingFromScreen: "add 'title: …', the text shown at the top of the screen"),
            let title = template(node)
        {
            checkNotEmpty(title, at: node)
            screen.title = title
        }
        screen.subtitle = optionalTemplate(fields, "subtitle")

        if !emptyActions.contains("primaryAction"), let node = required(
            fields, "primaryAction", expected: "'none' or a mapping", suggested: suggested,
            missingFromScreen: "add 'primaryAction: {button: {title: Done, action: dismiss}}', or 'primaryAction: none'")
        {
            screen.primaryAction = decodePrimaryAction(node, in: EnclosingMapping(fields, allowed: FormatKeys.screenBody))
        }
        if let node = fields.value("secondaryAction") {
            screen.secondaryAction = decodeSecondaryAction(node, in: EnclosingMapping(fields, allowed: FormatKeys.screenBody))
        }
        return screen
    }

    /// What a screen that could not be decoded stands in as: it keeps its id and span.
    static func placeholderScreen(id: String, span: SourceSpan) -> FeedbackConfiguration {
        FeedbackConfiguration(
            id: id, style: .informative, title: noTitle, subtitle: nil, primaryAction: .none,
            secondaryAction: .none, extraContent: [], span: span)
    }

    /// The placeholder's title, made once.
    private static let noTitle = TemplateString("")

    static let imageHint = "name the image to show, e.g. 'image: feedbackLogo'"

    /// `invalid-value` when a name that is shown or reported as is (a flow id, an image
    /// name) is empty or only white space, or holds a control character (Unicode
    /// category Cc, e.g. a newline or ESC) or a line or paragraph separator (U+2028,
    /// U+2029).
    mutating func checkName(_ text: String, what: String, at node: Node, hint: String? = nil) {
        if let found = Self.nameProblem(text) {
            switch found {
            case .empty:
                report(.invalidValue, "\(what) must not be empty", at: node.span, hint: hint)
            case .control(let scalar):
                report(
                    .invalidValue,
                    "\(what) must not contain control characters or line breaks, found \(scalar.codePointNotation)",
                    at: node.span, hint: hint)
            }
        }
    }

    /// What ``nameProblem(_:)`` finds wrong with a name.
    private enum NameProblem { case empty, control(Unicode.Scalar) }

    /// What is wrong with a name: empty or only white space (Unicode `White_Space`), or
    /// holding a control character (general category Cc) or a line or paragraph separator
    /// (Zl, Zp), the first one found. ASCII text is decided from its bytes, without the
    /// property tables: its white space is U+0009–U+000D and U+0020, its controls
    /// U+0000–U+001F and U+007F, and it has no separators. O(length).
    private static func nameProblem(_ text: String) -> NameProblem? {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            if utf8.allSatisfy(\.isASCIIWhitespace) { return .empty }
            return utf8.first(where: { $0 < 0x20 || $0 == 0x7F }).map { .control(Unicode.Scalar($0)) }
        }
        if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return .empty }
        let scalar = text.unicodeScalars.first {
            switch $0.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
        return scalar.map { .control($0) }
    }

    /// `empty-title` when a title is empty or only whitespace.
    mutating func checkNotEmpty(_ title: TemplateString, at node: Node) {
        if title.raw.isBlank {
            report(.emptyTitle, "title must not be empty", at: node.span)
        }
    }

    // MARK: Primary and secondary actions

    /// `none` | `{button: …}` | `{retryButton: …}`. A broken choice decodes as `.none`.
    /// `screen`: the screen's mapping, which holds the action.
    mutating func decodePrimaryAction(_ node: Node, in screen: EnclosingMapping? = nil) -> FeedbackPrimaryAction {
        let choices = FormatKeys.primaryAction
        guard let (name, value, fields) = actionChoice(node, what: "primary action", choices: choices, enclosing: screen) else {
            return .none
        }
        guard let kind = ActionButton.Kind(rawValue: name),
            let button = decodeButton(value, kind: kind, in: EnclosingMapping(fields, allowed: choices))
        else {
            return .none
        }
        return kind == .retryButton ? .retryButton(button) : .button(button)
    }

    /// `none` | `{button: …}` | `{link: …}`. A broken choice decodes as `.none`.
    /// `screen`: the screen's mapping, which holds the action.
    mutating func decodeSecondaryAction(_ node: Node, in screen: EnclosingMapping? = nil) -> FeedbackSecondaryAction {
        let choices = FormatKeys.secondaryAction
        guard let (name, value, fields) = actionChoice(node, what: "secondary action", choices: choices, enclosing: screen) else {
            return .none
        }
        guard let kind = ActionButton.Kind(rawValue: name),
            let button = decodeButton(value, kind: kind, in: EnclosingMapping(fields, allowed: choices))
        else {
            return .none
        }
        return kind == .link ? .link(button) : .button(button)
    }

    /// Reads `none` or a one-key mapping whose key is one of `choices`: its key, value and
    /// the mapping; `nil` for `none` and after a reported problem. `enclosing`: the
    /// mapping that holds the action.
    private mutating func actionChoice(
        _ node: Node, what: String, choices: [String], enclosing: EnclosingMapping?
    ) -> (String, Node, MappingFields)? {
        // Only built when a problem is reported: a valid action needs neither text.
        var choiceList: String { choices.map { "'\($0)'" }.joined(separator: " or ") }
        var shape: String { "'none' or a mapping with one key, \(choiceList)" }
        if case .scalar = node.kind, let text = node.string {
            guard text == "none" else {
                // `primaryAction: button`: the kind is there, its mapping is not.
                let hint = choices.contains(text)
                    ? "'\(text)' is written as a mapping: '{\(text): {title: Done, action: dismiss}}'"
                    : Suggestion.hint(for: text, among: ["none"]) ?? "write \(shape)"
                report(.invalidValue, "unknown \(what) '\(text)'", at: node.span, hint: hint)
                return nil
            }
            return nil
        }
        guard let fields = MappingFields(node) else {
            mismatch(expected: "'none' or a mapping", found: node)
            return nil
        }
        let unknown = fields.entries.contains { entry in entry.keyText.map { !choices.contains($0) } ?? true }
        if unknown {
            checkKeys(fields, allowed: choices, enclosing: enclosing)
            let known = fields.entries.filter { entry in entry.keyText.map { choices.contains($0) } ?? false }
            guard known.count == 1, let entry = known.first, let name = entry.keyText else { return nil }
            return (name, entry.value, fields)
        }
        guard fields.entries.count == 1, let entry = fields.entries.first, let name = entry.keyText else {
            let found = fields.entries.isEmpty ? "an empty mapping" : "\(fields.entries.count) keys"
            report(.invalidAction, "expected exactly one of \(choiceList), found \(found)", at: node.span,
                   hint: "write \(shape)")
            return nil
        }
        return (name, entry.value, fields)
    }

    // MARK: Buttons

    /// `button`, `link` or `retryButton`: `title` and `action` required, `onFailure`
    /// optional, and for a `retryButton` an optional `loadingTitle`. `action`: the action's
    /// mapping, which holds the button.
    mutating func decodeButton(_ node: Node, kind: ActionButton.Kind, in action: EnclosingMapping? = nil) -> ActionButton? {
        guard let fields = mapping(node) else { return nil }
        let suggested = checkKeys(fields, allowed: FormatKeys.button(kind), enclosing: action)
        let (title, action, onFailure) = decodeButtonParts(fields, suggested: suggested)
        let loadingTitle = kind == .retryButton ? optionalTemplate(fields, "loadingTitle") : nil
        return ActionButton(
            title: title, loadingTitle: loadingTitle, action: action, onFailure: onFailure,
            enabledWhen: optionalExpression(fields, "enabledWhen"), span: node.span)
    }

    private mutating func decodeButtonParts(
        _ fields: MappingFields, suggested: Set<String>
    ) -> (TemplateString, FlowAction, FlowAction?) {
        var title = TemplateString("")
        if let node = required(fields, "title", expected: "a string", suggested: suggested), let text = template(node) {
            checkNotEmpty(text, at: node)
            title = text
        }
        var action = FlowAction([], span: fields.node.span)
        if let node = required(fields, "action", expected: "a step or a list of steps", suggested: suggested) {
            action = decodeAction(node)
        }
        let onFailure = fields.value("onFailure").map { decodeAction($0, isOnFailure: true) }
        return (title, action, onFailure)
    }
}
