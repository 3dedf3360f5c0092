import FlowCompile
import FlowSource

/// Templates and expressions evaluated from the state: `flow.id`, `screen.id`, field
/// values, flow variables, then the host's context.
extension FlowState {
    /// The value of every name an expression on screen `screenID` may read: `flow.id`,
    /// `screen.id`, a field (a rating as an integer, a text as a string, a toggle as a
    /// boolean), a flow variable, then a value the host provides (`null` for an optional
    /// declared value not given, and for what a handler returns before it has); `nil` for
    /// an unknown name.
    package func expressionLookup(screenID: String) -> (String) -> ExpressionValue? {
        let values = values, variables = variables, context = context, flowID = flowID, nullUntilGiven = nullUntilGiven
        return { name in
            switch name {
            case ContextVariable.flowID.rawValue: return .string(flowID)
            case ContextVariable.screenID.rawValue: return .string(screenID)
            default:
                if let value = values[name] { return value.expressionValue }
                return variables[name] ?? context[name] ?? (nullUntilGiven.contains(name) ? .null : nil)
            }
        }
    }

    /// `template` rendered for screen `screenID`: names and `${expression}`s replaced by
    /// their values (an expression that cannot be evaluated renders as the empty string,
    /// or, with ``marksMissingValues``, a value not given or `null` as ``placeholder(naming:)``).
    package func render(_ template: TemplateString, screenID: String) -> String {
        render(template, screenID: screenID, encoding: { $0 })
    }

    private func render(_ template: TemplateString, screenID: String, encoding: (String) -> String) -> String {
        let values = expressionLookup(screenID: screenID)
        let marks = marksMissingValues
        return template.render({ name in
            let value = values(name)
            if marks, value == nil || value == .null { return encoding(Self.placeholder(naming: name)) }
            return value.map { encoding($0.description) }
        }) { expression in
            if case .value(let value) = expression.evaluate(values), !(marks && value == .null) { return encoding(value.description) }
            return marks ? encoding(Self.placeholder(naming: expression.text)) : ""
        }
    }

    /// What a picture of the flow shows for a value the host fills in: `‹user.name›`.
    package static func placeholder(naming name: String) -> String { "‹\(name)›" }

    /// `value` with every string leaf rendered as a template for screen `screenID`. With
    /// `keepingTypes` (a custom step's argument), a leaf that is exactly one `${…}` keeps
    /// the type of its value (a number stays a number, a boolean a boolean, `null` null),
    /// as validation checks it against the handler's declared argument types; any other
    /// leaf is text.
    package func render(_ value: FlowValue, screenID: String, keepingTypes: Bool = false) -> FlowValue {
        let values = expressionLookup(screenID: screenID)
        func typed(_ template: TemplateString) -> FlowValue? {
            guard keepingTypes, template.segments.count == 1 else { return nil }
            let value: ExpressionValue?
            switch template.segments[0] {
            case .variable(let name, _): value = values(name)
            case .expression(let expression, _):
                if case .value(let result) = expression.evaluate(values) { value = result } else { value = nil }
            case .literal: return nil
            }
            switch value {
            case .integer(let number)?: return .number(String(number))
            case .decimal?: return .number(value?.description ?? "0")
            case .boolean(let flag)?: return .bool(flag)
            case .null?: return .null
            case .string, nil: return nil
            }
        }
        func walk(_ value: FlowValue) -> FlowValue {
            switch value {
            case .string(let s):
                let template = TemplateString(s)
                return typed(template) ?? .string(render(template, screenID: screenID))
            case .list(let items): return .list(items.map(walk))
            case .object(let members): return .object(members.mapValues(walk))
            case .null, .bool, .number: return value
            }
        }
        return walk(value)
    }

    /// An `openURL` text rendered for screen `screenID` with each substituted `${…}` value
    /// percent-encoded (RFC 3986 §2.1), keeping only the unreserved characters
    /// `A–Z a–z 0–9 - . _ ~` (§2.3); the literal text of the template is used as written.
    /// So a value with a space or a `&` stays one piece of the URL. Non-ASCII values are
    /// encoded as their UTF-8 bytes. O(length).
    package func renderedURL(_ template: TemplateString, screenID: String) -> String {
        render(template, screenID: screenID, encoding: { PercentEncoding.encoded($0) })
    }

    /// Whether block `block` of screen `screenID` is shown: its `visibleWhen` is absent or true.
    package func isVisible(_ block: ContentBlock, screenID: String) -> Bool {
        block.visibleWhen.map { $0.isTrue(expressionLookup(screenID: screenID)) } ?? true
    }

    /// Whether the field of `block` must be filled now: `required: true`, or a
    /// `requiredWhen` that is true (a hidden block is never required).
    package func isRequired(_ block: ContentBlock, definition: FormField, screenID: String) -> Bool {
        if let condition = block.requiredWhen { return condition.isTrue(expressionLookup(screenID: screenID)) }
        return definition.required
    }

    /// Whether button `button` of screen `screenID` may be tapped as far as its own
    /// `enabledWhen` goes.
    package func isEnabled(_ button: ActionButton, screenID: String) -> Bool {
        button.enabledWhen.map { $0.isTrue(expressionLookup(screenID: screenID)) } ?? true
    }

    /// The rendered argument shown in ``NavigatorEvent/StepRun``: the target screen id,
    /// the `finish` outcome, the URL, a custom step's argument, an `if`'s condition, the
    /// names a `set` assigns; `nil` for the others.
    func argument(of step: Step, screenID: String) -> FlowValue? {
        switch step.kind {
        case .navigate(let operation): operation.screenID.map { .string($0) }
        case .finish(let name): .string(name ?? FlowOutcome.finished.name)
        case .openURL(let template): .string(renderedURL(template, screenID: screenID))
        case .custom(_, let argument): argument.map { render($0, screenID: screenID) }
        case .branch(let branch): .string(branch.condition.text)
        case .assign(let assignments): .list(assignments.map { .string($0.name) })
        case .collectUserFeedback, .perform: nil
        }
    }
}
