import FlowSource

/// Content blocks of `extraContent`: `text`, `image`, `rating`, `textField`,
/// `textEditor`, `toggle`, `custom`.
extension DecodingSession {

    /// A one-key mapping `{NAME: …}`; `nil` after a reported problem.
    mutating func decodeContentBlock(_ node: Node) -> ContentBlock? {
        let shapeHint = "a content block is a one-key mapping such as 'text: Hello' or 'textField: {id: email}'"
        guard let fields = MappingFields(node) else {
            mismatch(expected: "a content block", found: node, hint: shapeHint)
            return nil
        }
        // One key names the kind; `visibleWhen` and `requiredWhen` may stand beside it.
        func isKind(_ entry: MappingEntry) -> Bool { entry.keyText.map(FormatKeys.contentBlock.contains) ?? false }
        func isCondition(_ entry: MappingEntry) -> Bool { entry.keyText.map(FormatKeys.blockConditions.contains) ?? false }
        // One pass, no arrays: the kind's entry, how many kinds, whether other keys are there.
        var kindEntry: MappingEntry?
        var kindCount = 0
        var hasOthers = false
        for position in fields.entries.indices {
            if isKind(fields.entries[position]) {
                kindCount += 1
                if kindEntry == nil { kindEntry = fields.entries[position] }
            } else if !isCondition(fields.entries[position]) {
                hasOthers = true
            }
        }
        guard kindCount <= 1 else {
            report(.invalidContent, "a content block has exactly one key naming its kind; found \(kindCount) keys", at: node.span,
                   hint: "write each block as its own list item")
            return nil
        }
        guard let entry = kindEntry, let name = entry.keyText else {
            if !hasOthers {
                report(.invalidContent, "a content block has exactly one key naming its kind; found none", at: node.span, hint: shapeHint)
            } else {
                // Most likely a misspelt kind: "did you mean" among the kinds.
                checkKeys(fields, allowed: FormatKeys.contentBlock + FormatKeys.blockConditions, what: "content block")
            }
            return nil
        }
        // A kind and keys that are neither a kind nor a condition (a misspelt `requiredWhen`,
        // or a key of the screen indented too far, under its last block).
        if hasOthers {
            var screenKeys: [MappingEntry] = []
            checkKeys(
                fields, allowed: FormatKeys.contentBlock + FormatKeys.blockConditions, what: "key",
                reportedElsewhere: FormatKeys.screenBody, elsewhere: &screenKeys)
            for stray in screenKeys {
                let key = stray.keyText ?? ""
                nestedScreenKeys.insert(key)
                report(
                    .unknownKey, "'\(key)' is a key of the screen, not of this content block: it is indented too far",
                    at: stray.key.span, hint: "indent '\(key):' as the screen's other keys, such as 'title:' and 'extraContent:'")
            }
        }
        var visibleWhen = optionalExpression(fields, "visibleWhen")
        var requiredWhen = optionalExpression(fields, "requiredWhen")
        var requiredNode = requiredWhen == nil ? nil : fields.entry("requiredWhen")?.key
        guard !entry.value.isNull else {
            let expected = name == "text" || name == "image" ? "a string" : "a mapping"
            report(.typeMismatch, "expected \(expected), found null", at: nullSpan(key: entry.key, value: entry.value))
            return nil
        }
        let value = entry.value
        let kind: ContentBlock.Kind?
        switch name {
        case "text": kind = template(value).map { .text($0) }
        case "image":
            kind = string(value).map { name in
                checkName(name, what: "image name", at: value, hint: Self.imageHint)
                return .image(name)
            }
        case _ where FieldKind.keys(ofBlock: name) != nil:
            var misplaced: [MappingEntry] = []
            kind = decodeField(value, block: name, misplaced: &misplaced).map { .field($0) }
            // A condition written inside the field's mapping belongs beside the kind: reported
            // once, with the line as meant (a line one level too deep, or a key inside the
            // braces), then read as if written there.
            for condition in misplaced {
                let key = condition.keyText ?? ""
                if fields.entry(key) != nil {
                    report(
                        .unknownKey, "'\(key)' is written twice, beside '\(name)' and inside its braces", at: condition.key.span,
                        hint: "remove the one inside the braces; the one beside '\(name)' applies")
                    continue
                }
                let block = EnclosingMapping(fields, allowed: FormatKeys.contentBlock + FormatKeys.blockConditions)
                var isSaid = false
                if let field = MappingFields(value) { isSaid = reportIndentedTooDeep(condition, of: field, enclosing: block) }
                if !isSaid {
                    let text = condition.value.string.map { "\"\($0)\"" } ?? "EXPRESSION"
                    report(
                        .unknownKey, "'\(key)' belongs beside '\(name)', not inside its braces", at: condition.key.span,
                        hint: "write it on a line of its own under '- \(name): {…}', indented as '\(name)': '\(key): \(text)'")
                }
                guard !condition.value.isNull else { continue }
                if key == "visibleWhen", visibleWhen == nil { visibleWhen = expression(condition.value) }
                if key == "requiredWhen", requiredWhen == nil {
                    requiredWhen = expression(condition.value)
                    requiredNode = condition.key
                }
            }
        default: kind = decodeCustomContent(value).map { .custom($0) }
        }
        if requiredWhen != nil, let requiredNode {
            let field: FormField? = if case .field(let field)? = kind { field } else { nil }
            if let field, field.kind.holdsText {
                if field.required {
                    report(
                        .invalidValue, "a field with 'required: true' cannot also have 'requiredWhen'", at: requiredNode.span,
                        hint: "remove 'required: true'; 'requiredWhen' says when the field is required")
                }
            } else if field == nil, FieldKind.keys(ofBlock: name)?.contains("placeholder") == true {
                // (The text fields are the kinds that take a placeholder.)
                // A text field whose braces did not decode: reported there.
            } else {
                let why =
                    switch name {
                    case "rating": "a rating is required with 'required: true'"
                    case _ where FieldKind.keys(ofBlock: name) != nil: "a \(name) always has a value"
                    default: "only a text field is filled in"
                    }
                report(
                    .unknownKey, "'requiredWhen' applies to text fields only", at: requiredNode.span,
                    hint: "\(why); use 'visibleWhen' to hide the block")
            }
        }
        return kind.map { ContentBlock($0, visibleWhen: visibleWhen, requiredWhen: requiredWhen, span: node.span) }
    }

    /// A field block: `rating: {id, label, min, max, value}`, `textField: {id, label,
    /// placeholder, required, format, maxLength}`, `textEditor: {id, label, placeholder,
    /// required, maxLength}` or `toggle: {id, label, value}`. Ranges and lengths are checked
    /// by validation.
    /// - Parameter misplaced: where the entries of `visibleWhen` and `requiredWhen` written
    ///   inside the braces go, for the block to report.
    private mutating func decodeField(_ node: Node, block: String, misplaced: inout [MappingEntry]) -> FormField? {
        guard let fields = mapping(node) else { return nil }
        let keys = FieldKind.keys(ofBlock: block) ?? []
        let suggested = checkKeys(
            fields, allowed: keys, reportedElsewhere: FormatKeys.blockConditions, elsewhere: &misplaced)
        let id = fieldID(fields, suggested: suggested)
        var spans = FormField.Spans(id: id?.span)
        let label = optionalString(fields, "label")
        // Read only where the kind takes them (a text field's); elsewhere they are unknown keys.
        let placeholder = keys.contains("placeholder") ? optionalString(fields, "placeholder") : nil
        let isRequired = keys.contains("required") ? optionalBool(fields, "required") ?? false : false
        let kind: FieldKind
        switch block {
        case "rating":
            let min = optionalInteger(fields, "min"), max = optionalInteger(fields, "max")
            let value = optionalInteger(fields, "value")
            (spans.min, spans.max, spans.value) = (min?.span, max?.span, value?.span)
            kind = .rating(min: min?.value ?? 1, max: max?.value ?? 5, value: value?.value)
        case "textField":
            var format = TextFormat.text
            if let node = fields.value("format"),
                let name = enumeration(node, name: "format", allowed: TextFormat.allCases.map(\.rawValue)),
                let chosen = TextFormat(rawValue: name)
            {
                format = chosen
            }
            let maxLength = optionalInteger(fields, "maxLength")
            spans.maxLength = maxLength?.span
            kind = .textField(format: format, maxLength: maxLength?.value)
        case "textEditor":
            let maxLength = optionalInteger(fields, "maxLength")
            spans.maxLength = maxLength?.span
            kind = .textEditor(maxLength: maxLength?.value)
        case "toggle":
            kind = .toggle(value: optionalBool(fields, "value") ?? false)
        default:
            assertionFailure("field block '\(block)' is in FieldKind.blocks but has no decoding here")
            return nil
        }
        return FormField(
            id: id?.id ?? "", label: label, placeholder: placeholder, required: isRequired, kind: kind, spans: spans)
    }

    /// `custom: {type: NAME, …}`: the other keys become `properties`.
    private mutating func decodeCustomContent(_ node: Node) -> CustomContent? {
        guard let fields = mapping(node) else { return nil }
        let type = required(fields, "type", expected: "a string").flatMap { string($0) } ?? ""
        var ignored: [TemplateString] = []
        var properties: [String: FlowValue] = [:]
        for entry in fields.entries where entry.keyText != "type" {
            guard let key = entry.keyText else {
                mismatch(expected: "a string key", found: entry.key)
                continue
            }
            if properties[key] == nil {
                properties[key] = flowValue(entry.value, templates: &ignored)
            }
        }
        return CustomContent(type: type, properties: properties)
    }

    /// The required `id` of a field block. It must be a name (``Identifier``) so that
    /// `${id}` and expressions can read it; otherwise `invalid-value`.
    private mutating func fieldID(_ fields: MappingFields, suggested: Set<String>) -> (id: String, span: SourceSpan)? {
        guard let node = required(fields, "id", expected: "a string", suggested: suggested),
            let id = string(node)
        else { return nil }
        if let hint = Identifier.hint(for: id) {
            report(.invalidValue, "invalid field id '\(id)'", at: node.span, hint: hint)
        }
        return (id, node.span)
    }
}
