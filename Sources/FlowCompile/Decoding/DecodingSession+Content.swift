import FlowSource

/// Content blocks of `extraContent`: `text`, `image`, `rating`, `textField`,
/// `textEditor`, `toggle`, `custom`.
extension DecodingSession {
    static let contentBlockNames = ["text", "image", "rating", "textField", "textEditor", "toggle", "custom"]

    /// A one-key mapping `{NAME: …}`; `nil` after a reported problem.
    mutating func decodeContentBlock(_ node: Node) -> ContentBlock? {
        let shapeHint = "a content block is a one-key mapping such as 'text: Hello' or 'textField: {id: email}'"
        guard let fields = MappingFields(node) else {
            mismatch(expected: "a content block", found: node, hint: shapeHint)
            return nil
        }
        guard fields.entries.count == 1, let entry = fields.entries.first else {
            let found = fields.entries.isEmpty ? "an empty mapping" : "\(fields.entries.count) keys"
            report(.invalidContent, "a content block has exactly one key, its kind; found \(found)", at: node.span,
                   hint: fields.entries.count > 1 ? "write each block as its own list item" : shapeHint)
            return nil
        }
        guard let name = entry.keyText, Self.contentBlockNames.contains(name) else {
            checkKeys(fields, allowed: Self.contentBlockNames, what: "content block")
            return nil
        }
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
        case "rating": kind = decodeRating(value).map { .rating($0) }
        case "textField": kind = decodeTextField(value).map { .textField($0) }
        case "textEditor": kind = decodeTextEditor(value).map { .textEditor($0) }
        case "toggle": kind = decodeToggle(value).map { .toggle($0) }
        default: kind = decodeCustomContent(value).map { .custom($0) }
        }
        return kind.map { ContentBlock($0, span: node.span) }
    }

    /// `rating: {id, label, min, max, value}`; ranges are checked by validation.
    private mutating func decodeRating(_ node: Node) -> RatingField? {
        guard let fields = mapping(node) else { return nil }
        let suggested = checkKeys(fields, allowed: ["id", "label", "min", "max", "value"])
        let id = fieldID(fields, suggested: suggested)
        var field = RatingField(id: id?.id ?? "", label: optionalString(fields, "label"), idSpan: id?.span)
        if let min = optionalInteger(fields, "min") { (field.min, field.minSpan) = (min.value, min.span) }
        if let max = optionalInteger(fields, "max") { (field.max, field.maxSpan) = (max.value, max.span) }
        if let value = optionalInteger(fields, "value") { (field.value, field.valueSpan) = (value.value, value.span) }
        return field
    }

    /// `textField: {id, label, placeholder, required, format, maxLength}`.
    private mutating func decodeTextField(_ node: Node) -> TextInputField? {
        guard let fields = mapping(node) else { return nil }
        let suggested = checkKeys(fields, allowed: ["id", "label", "placeholder", "required", "format", "maxLength"])
        let id = fieldID(fields, suggested: suggested)
        var field = TextInputField(
            id: id?.id ?? "", label: optionalString(fields, "label"),
            placeholder: optionalString(fields, "placeholder"), required: optionalBool(fields, "required") ?? false,
            idSpan: id?.span)
        if let node = fields.value("format"),
            let name = enumeration(node, name: "format", allowed: TextFormat.allCases.map(\.rawValue)),
            let format = TextFormat(rawValue: name)
        {
            field.format = format
        }
        if let maxLength = optionalInteger(fields, "maxLength") {
            (field.maxLength, field.maxLengthSpan) = (maxLength.value, maxLength.span)
        }
        return field
    }

    /// `textEditor: {id, label, placeholder, required, maxLength}`.
    private mutating func decodeTextEditor(_ node: Node) -> TextEditorField? {
        guard let fields = mapping(node) else { return nil }
        let suggested = checkKeys(fields, allowed: ["id", "label", "placeholder", "required", "maxLength"])
        let id = fieldID(fields, suggested: suggested)
        var field = TextEditorField(
            id: id?.id ?? "", label: optionalString(fields, "label"),
            placeholder: optionalString(fields, "placeholder"), required: optionalBool(fields, "required") ?? false,
            idSpan: id?.span)
        if let maxLength = optionalInteger(fields, "maxLength") {
            (field.maxLength, field.maxLengthSpan) = (maxLength.value, maxLength.span)
        }
        return field
    }

    /// `toggle: {id, label, value}`.
    private mutating func decodeToggle(_ node: Node) -> ToggleField? {
        guard let fields = mapping(node) else { return nil }
        let suggested = checkKeys(fields, allowed: ["id", "label", "value"])
        let id = fieldID(fields, suggested: suggested)
        return ToggleField(
            id: id?.id ?? "", label: optionalString(fields, "label"), value: optionalBool(fields, "value") ?? false,
            idSpan: id?.span)
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

    /// The required `id` of a field block. It must be a template name
    /// (`[A-Za-z_][A-Za-z0-9_.-]*`) so that `${id}` can refer to it; otherwise
    /// `invalid-value`.
    private mutating func fieldID(_ fields: MappingFields, suggested: Set<String>) -> (id: String, span: SourceSpan)? {
        guard let node = required(fields, "id", expected: "a string", suggested: suggested),
            let id = string(node)
        else { return nil }
        if !TemplateString.isValidName(Substring(id)) {
            report(
                .invalidValue, "invalid field id '\(id)'", at: node.span,
                hint: "a field id starts with a letter or '_' and has only letters, digits, '_', '.' and '-', so '${id}' can name it")
        }
        return (id, node.span)
    }
}
