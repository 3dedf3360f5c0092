import FlowSource

/// What a flow decides with: typed declarations (`context`, `events`, `variables`), the
/// `trigger`, and expressions wherever they are written.
extension DecodingSession {
    // MARK: Expressions

    /// A scalar read as an expression (parsed now; checked by validation). A collection or
    /// null is a `type-mismatch`.
    mutating func expression(_ node: Node) -> FlowExpression? {
        guard case .scalar(let text, let style) = node.kind, !node.isNull else {
            mismatch(expected: "an expression", found: node, hint: "write a condition such as \"rating <= 2\"")
            return nil
        }
        return FlowExpression(text, span: node.span, style: style)
    }

    mutating func optionalExpression(_ fields: MappingFields, _ key: String) -> FlowExpression? {
        fields.value(key).flatMap { expression($0) }
    }

    // MARK: Declarations

    /// The decisions of a flow file or single-screen file: `context`, `events`,
    /// `variables` and `trigger`, all optional.
    mutating func decodeDecisions(_ top: MappingFields, into flow: inout Flow) {
        defer {
            flow.namesWithBrokenTypes = brokenTypeNames
            brokenTypeNames = []
        }
        if let node = top.value("context") { flow.context = declarations(node, what: "context value") }
        if let node = top.value("variables") { flow.variables = declarations(node, what: "variable") }
        if let node = top.value("events"), let fields = mapping(node, expected: "a mapping of events") {
            for entry in fields.entries {
                guard let name = entry.keyText else {
                    mismatch(expected: "an event name", found: entry.key)
                    continue
                }
                checkDeclaredName(name, what: "event", at: entry.key, dotted: false)
                let payload = entry.value.isNull ? [] : declarations(entry.value, what: "payload field", dotted: false, prefix: EventDeclaration.payloadPrefix)
                flow.events.append(EventDeclaration(name: name, payload: payload, span: entry.key.span))
            }
        }
        if let node = top.value("trigger") {
            let allowed = FormatKeys.topLevel(singleScreen: FormatKeys.isSingleScreenFile(keys: top.keys))
            flow.trigger = decodeTrigger(node, in: EnclosingMapping(top, allowed: allowed))
        }
        if let node = top.value("handlers") { flow.handlers = decodeHandlers(node) }
    }

    /// `handlers:` of a flow, or the root of a handler manifest: a mapping of handler
    /// names to `{arguments, returns, description}` (each optional; `{}` or null for a
    /// handler with none).
    mutating func decodeHandlers(_ node: Node) -> [HandlerDeclaration] {
        guard let fields = mapping(node, expected: "a mapping of handler names to declarations") else { return [] }
        var handlers: [HandlerDeclaration] = []
        for entry in fields.entries {
            guard let name = entry.keyText else {
                mismatch(expected: "a handler name", found: entry.key)
                continue
            }
            if BuiltInStep.named[name] != nil {
                report(
                    .invalidValue, "'\(name)' is a built-in step, not a handler", at: entry.key.span,
                    hint: "choose another name for the handler")
            } else if name.isBlank {
                report(.invalidValue, "handler name must not be empty", at: entry.key.span)
            }
            var declaration = HandlerDeclaration(name: name, span: entry.key.span)
            if !entry.value.isNull, let parts = mapping(entry.value, expected: "a mapping with arguments, returns or description") {
                checkKeys(parts, allowed: FormatKeys.handlerDeclaration)
                if let node = parts.value("arguments") { declaration.arguments = declarations(node, what: "argument", dotted: false) }
                if let node = parts.value("returns") {
                    declaration.returns = declarations(node, what: "returned value", dotted: false, prefix: name + ".")
                }
                declaration.description = optionalString(parts, "description")
            }
            handlers.append(declaration)
        }
        return handlers
    }

    /// A mapping of names to types (`call.maxParticipants: integer`, `reason: string?`).
    /// - Parameter prefix: what expressions write before a declared name (`event.` for a
    ///   payload field), to remember names whose type is broken.
    private mutating func declarations(_ node: Node, what: String, dotted: Bool = true, prefix: String = "") -> [ValueDeclaration] {
        guard let fields = mapping(node, expected: "a mapping of names to types") else { return [] }
        var out: [ValueDeclaration] = []
        for entry in fields.entries {
            guard let name = entry.keyText else {
                mismatch(expected: "a name", found: entry.key)
                continue
            }
            checkDeclaredName(name, what: what, at: entry.key, dotted: dotted)
            guard let text = string(entry.value) else { continue }
            guard let type = ValueType(parsing: text) else {
                brokenTypeNames.append(prefix + name)
                var bare = text.filter { !$0.isWhitespace }
                let optional = bare.hasSuffix("?")
                while bare.hasSuffix("?") { bare.removeLast() }
                if ValueType(parsing: bare) != nil {
                    report(
                        .invalidValue, "unknown type '\(text)'", at: entry.value.span,
                        hint: "did you mean '\(bare)\(optional ? "?" : "")'?")
                    continue
                }
                report(
                    .invalidValue, "unknown type '\(text)'", at: entry.value.span,
                    hint: ValueType.otherNames[bare.lowercased()].map { "did you mean '\($0.rawValue)'?" }
                        ?? Suggestion.hint(for: bare, among: ValueType.spellings)
                        ?? "write one of " + ValueType.spellings.map { "'\($0)'" }.joined(separator: ", ")
                        + ", with a trailing '?' when the value may be null")
                continue
            }
            out.append(ValueDeclaration(name: name, type: type, span: entry.key.span))
        }
        return out
    }

    /// `invalid-value` for a declared name that an expression cannot name, or that is kept
    /// for built-in names (`flow.`, `screen.`, `event.`).
    private mutating func checkDeclaredName(_ name: String, what: String, at node: Node, dotted: Bool) {
        let valid = ValueDeclaration.isExpressionName(name) && (dotted || !name.utf8.contains(UInt8(ascii: ".")))
        if !valid {
            report(
                .invalidValue, "\(what) name '\(name)' cannot be named in an expression", at: node.span,
                hint: dotted
                    ? "use letters, digits and '_' in parts joined by '.', such as 'call.maxParticipants'"
                    : "use letters, digits and '_', such as 'durationSeconds'")
        } else if dotted, ContextVariable.isReserved(name) || name.hasPrefix(EventDeclaration.payloadPrefix) {
            report(
                .invalidValue, "\(what) name '\(name)' is reserved", at: node.span,
                hint: "names starting with 'flow.', 'screen.' or 'event.' are built in; choose another name")
        }
    }

    // MARK: Trigger

    /// `trigger: {event, when, validator, limit}`; `event` is required. `top`: the top
    /// level, which holds the trigger.
    private mutating func decodeTrigger(_ node: Node, in top: EnclosingMapping) -> PresentationTrigger? {
        guard let fields = mapping(node) else { return nil }
        let suggested = checkKeys(fields, allowed: FormatKeys.trigger, enclosing: top)
        var spans = PresentationTrigger.Spans(trigger: node.span)
        let eventNode = required(fields, "event", expected: "a string", suggested: suggested, hint: "name a declared event, e.g. 'event: callEnded'")
        let event = eventNode.flatMap { string($0) }
        spans.event = eventNode?.span
        let when = optionalExpression(fields, "when")
        var validator: String?
        if let node = fields.value("validator"), let name = string(node) {
            validator = name
            spans.validator = node.span
            checkName(name, what: "validator name", at: node)
        }
        let limit = fields.value("limit").map { decodeLimit($0, in: EnclosingMapping(fields, allowed: FormatKeys.trigger)) } ?? PresentationLimit()
        guard let event else { return nil }
        return PresentationTrigger(event: event, when: when, validator: validator, limit: limit, spans: spans)
    }

    /// `limit: {maxPresentations, per, minInterval, untilResponded}`, every key optional.
    /// `trigger`: the trigger's mapping, which holds the limit.
    private mutating func decodeLimit(_ node: Node, in trigger: EnclosingMapping) -> PresentationLimit {
        guard let fields = mapping(node) else { return PresentationLimit() }
        checkKeys(fields, allowed: FormatKeys.presentationLimit, enclosing: trigger)
        var limit = PresentationLimit()
        if let (value, span) = optionalInteger(fields, "maxPresentations") {
            if value < 1 {
                report(.invalidValue, "maxPresentations must be at least 1, found \(value)", at: span)
            } else {
                limit.maxPresentations = value
            }
        }
        limit.periodSeconds = duration(fields, "per")
        limit.minimumIntervalSeconds = duration(fields, "minInterval")
        limit.untilResponded = optionalBool(fields, "untilResponded") ?? false
        if limit.periodSeconds != nil, limit.maxPresentations == nil, let entry = fields.entry("per") {
            report(
                .invalidValue, "'per' needs 'maxPresentations'", at: entry.key.span,
                hint: "write 'maxPresentations: N' to allow N presentations per period")
        }
        return limit
    }

    /// A duration such as `7d` (``DurationText``), in seconds.
    private mutating func duration(_ fields: MappingFields, _ key: String) -> Int? {
        guard let node = fields.value(key), let text = string(node) else { return nil }
        guard let seconds = DurationText.seconds(text) else {
            report(
                .invalidValue, "invalid duration '\(text)'", at: node.span,
                hint: DurationText.hint)
            return nil
        }
        return seconds
    }

    // MARK: Steps

    /// `if: {condition, then, else}`: `condition` and `then` required.
    mutating func decodeConditional(_ node: Node) -> ConditionalSteps? {
        guard let fields = mapping(node) else { return nil }
        let suggested = checkKeys(fields, allowed: FormatKeys.conditionalSteps)
        let condition = required(fields, "condition", expected: "an expression", suggested: suggested).flatMap { expression($0) }
        let then = required(fields, "then", expected: "a step or a list of steps", suggested: suggested).map { decodeAction($0) }
        let otherwise = fields.value("else").map { decodeAction($0) }
        guard let condition, let then else { return nil }
        return ConditionalSteps(condition: condition, then: then.steps, otherwise: otherwise?.steps ?? [])
    }

    /// `set: {NAME: EXPRESSION, …}`: at least one name.
    mutating func decodeAssignments(_ node: Node) -> [VariableAssignment]? {
        guard let fields = mapping(node, expected: "a mapping of variables to expressions") else { return nil }
        var assignments: [VariableAssignment] = []
        for entry in fields.entries {
            guard let name = entry.keyText else {
                mismatch(expected: "a variable name", found: entry.key)
                continue
            }
            guard let value = expression(entry.value) else { continue }
            assignments.append(VariableAssignment(name: name, value: value, span: entry.key.span))
        }
        if fields.entries.isEmpty {
            report(.missingArgument, "step 'set' needs at least one variable", at: node.span, hint: "write 'set: {score: \"rating * 2\"}'")
        }
        return assignments.isEmpty ? nil : assignments
    }
}
