import FlowSource

/// Actions (one step or a list of steps) and steps (a bare name or a one-key mapping),
/// and ``FlowValue`` arguments.
extension DecodingSession {
    /// One step or a list of steps. An empty list is `empty-action`; a broken step is
    /// reported and left out, the others are kept.
    /// - Parameter isOnFailure: whether `node` is an `onFailure` (which can simply be
    ///   left out, so the hint says that instead of removing the button).
    mutating func decodeAction(_ node: Node, isOnFailure: Bool = false) -> FlowAction {
        if let items = node.sequence {
            if items.isEmpty {
                report(
                    .emptyAction, "an action needs at least one step", at: node.span,
                    hint: isOnFailure
                        ? "write a step such as 'dismiss', or remove 'onFailure' (then a failure is shown on the screen)"
                        : "write a step such as 'dismiss', or remove the button")
            }
            var steps: [Step] = []
            steps.reserveCapacity(items.count)
            for item in items {
                if let step = decodeStep(item) { steps.append(step) }
            }
            return FlowAction(steps, span: node.span)
        }
        return FlowAction(decodeStep(node).map { [$0] } ?? [], span: node.span)
    }

    /// A bare name (`pop`) or a one-key mapping (`push: thanks`). Unknown names are
    /// custom steps, handled by a registered handler at run time; the argument shapes of
    /// the built-in steps are checked here.
    mutating func decodeStep(_ node: Node) -> Step? {
        let shapeHint = "a step is a name such as 'dismiss' or a one-key mapping such as 'push: thanks'"
        switch node.kind {
        case .sequence:
            mismatch(expected: "a step", found: node, hint: shapeHint)
            return nil
        case .scalar:
            guard let name = node.string else {
                mismatch(expected: "a step", found: node, hint: shapeHint)
                return nil
            }
            return decodeStep(name: name, nameNode: node, written: nil, span: node.span)
        case .mapping(let entries):
            guard entries.count == 1, let entry = entries.first else {
                let found = entries.isEmpty ? "an empty mapping" : "\(entries.count) keys"
                report(.invalidStep, "a step mapping has exactly one key, the step name; found \(found)",
                       at: node.span, hint: entries.count > 1 ? "write each step as its own list item" : shapeHint)
                return nil
            }
            guard let name = entry.keyText else {
                mismatch(expected: "a step name", found: entry.key)
                return nil
            }
            return decodeStep(name: name, nameNode: entry.key, written: entry.value, span: node.span)
        }
    }

    /// - Parameters:
    ///   - nameNode: the bare name or the mapping's key; its span becomes the step's `nameSpan`.
    ///   - written: the value after the step name in a one-key mapping (possibly null, as
    ///     in `push:`), `nil` for a bare name.
    private mutating func decodeStep(name: String, nameNode: Node, written: Node?, span: SourceSpan) -> Step? {
        var step = decodeStepKind(name: name, nameNode: nameNode, written: written, span: span)
        step?.nameSpan = nameNode.span
        return step
    }

    /// The step for `name` and its argument, before its `nameSpan` is set.
    private mutating func decodeStepKind(name: String, nameNode: Node, written: Node?, span: SourceSpan) -> Step? {
        let argument = written.flatMap { $0.isNull ? nil : $0 }
        guard !name.isBlank else {
            report(.invalidStep, "empty step name", at: nameNode.span)
            return nil
        }
        let argumentSpan = argument?.span
        guard let builtIn = BuiltInStep.named[name] else {
            // Only a name that is not a built-in step's can hold white space.
            if let hint = Self.spacedStepHint(name) {
                report(.invalidStep, "step name '\(name)' holds white space", at: nameNode.span, hint: hint)
                return nil
            }
            var templates: [TemplateString] = []
            let value = argument.map { flowValue($0, templates: &templates) }
            var step = Step(.custom(name: name, argument: value), span: span, argumentSpan: argumentSpan,
                            argumentTemplates: templates)
            if let entries = argument?.mapping, case .object(let object)? = value {
                var placed: [Step.ArgumentEntry] = []
                var seen: Set<String> = []
                for entry in entries {
                    // The value decoded above (the first of a repeated key), with this entry's places.
                    guard let key = entry.keyText, let entryValue = object[key], seen.insert(key).inserted else { continue }
                    let style: ScalarStyle? = if case .scalar(_, let style) = entry.value.kind { style } else { nil }
                    let template = entryValue.stringValue.map { TemplateString($0, span: entry.value.span, style: style) }
                    placed.append(Step.ArgumentEntry(
                        name: key, keySpan: entry.key.span, valueSpan: entry.value.span, value: entryValue, template: template))
                }
                step.placeArguments(placed)
            }
            return step
        }
        guard let argument else {
            guard !builtIn.argument.isRequired else {
                // `push` written bare, or `push:` / `push: ~`: a null argument is the same as
                // none (as for optional keys), reported at the `~` when written, else at the name.
                let (what, example) = builtIn.argument.described
                report(.missingArgument, "step '\(name)' needs \(what)",
                       at: written.map { nullSpan(key: nameNode, value: $0) } ?? span, hint: "write '\(name): \(example)'")
                return nil
            }
            let value: BuiltInStep.Value = switch builtIn.argument {
            case .optionalOutcome: .outcome(nil)
            case .feedbackRequest: .feedbackRequest(FeedbackRequest())
            default: .none
            }
            return builtIn.make(value).map { Step($0, span: span) }
        }
        var templates: [TemplateString] = []
        let value: BuiltInStep.Value?
        switch builtIn.argument {
        case .screenID: value = string(argument).map { .screenID($0) }
        case .url: value = template(argument).map { .url($0) }
        case .optionalOutcome: value = string(argument).map { .outcome($0) }
        case .feedbackRequest: value = decodeFeedbackRequest(argument, templates: &templates).map { .feedbackRequest($0) }
        case .conditional: value = decodeConditional(argument).map { .conditional($0) }
        case .assignments: value = decodeAssignments(argument).map { .assignments($0) }
        case .none:
            report(.unexpectedArgument, "step '\(name)' takes no argument", at: argument.span, hint: "write '\(name)' on its own")
            return nil
        }
        return value.flatMap(builtIn.make).map { Step($0, span: span, argumentSpan: argumentSpan, argumentTemplates: templates) }
    }

    /// `collectUserFeedback: {rating, reason, custom}`; every key is optional here (the
    /// validator reports a missing `rating`).
    private mutating func decodeFeedbackRequest(_ node: Node, templates: inout [TemplateString]) -> FeedbackRequest? {
        guard let fields = mapping(node) else { return nil }
        checkKeys(fields, allowed: FormatKeys.feedbackRequest)
        var request = FeedbackRequest(
            rating: optionalTemplate(fields, "rating"), reason: optionalTemplate(fields, "reason"))
        if let custom = fields.value("custom") {
            if case .object(let object) = flowValue(custom, templates: &templates), custom.mapping != nil {
                request.custom = object
            } else {
                mismatch(expected: "a mapping", found: custom)
            }
        }
        return request
    }

    /// Any node as a JSON-like value, typed by the YAML 1.2 core schema (plain scalars
    /// may be null, booleans or numbers; quoted and block scalars are strings). String
    /// leaves are appended to `templates` with their spans. A complex key is a
    /// `type-mismatch` and its entry is left out.
    package mutating func flowValue(_ node: Node, templates: inout [TemplateString]) -> FlowValue {
        switch node.kind {
        case .scalar(let text, let style):
            if style == .plain {
                if node.isNull { return .null }
                if let value = node.bool { return .bool(value) }
                if let number = node.number { return .number(number) }
            }
            templates.append(TemplateString(text, span: node.span, style: style))
            return .string(text)
        case .sequence(let items):
            return .list(items.map { flowValue($0, templates: &templates) })
        case .mapping(let entries):
            var object: [String: FlowValue] = [:]
            for entry in entries {
                guard let key = entry.keyText else {
                    mismatch(expected: "a string key", found: entry.key)
                    continue
                }
                if object[key] == nil {
                    object[key] = flowValue(entry.value, templates: &templates)
                }
            }
            return .object(object)
        }
    }
}

extension DecodingSession {
    /// The hint for a step name that holds white space, `nil` for a name without any.
    ///
    /// No step name holds white space: such a name is almost always a step whose colon
    /// was left out (`push sorry`, `- replace thanks`), which would otherwise become a
    /// custom step with no handler and fail only at run time. When the first word is a
    /// built-in step's name, the hint is the step as it was meant
    /// (`did you mean 'push: sorry'?`).
    static func spacedStepHint(_ name: String) -> String? {
        // ASCII names without white space, nearly all of them, are told by their bytes.
        guard name.utf8.contains(where: { $0 >= 0x80 || $0.isASCIIWhitespace }),
            name.unicodeScalars.contains(where: \.properties.isWhitespace)
        else { return nil }
        let (first, rest) = name.splitFirstWord()
        if let builtIn = BuiltInStep.named[first] {
            return builtIn.argument == .none
                ? "'\(first)' takes no argument; did you mean '\(first)'?"
                : "did you mean '\(first): \(rest)'?"
        }
        return "a step name holds no white space; a step with an argument is a one-key mapping such as 'push: thanks'"
    }
}
