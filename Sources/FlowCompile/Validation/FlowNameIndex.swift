import FlowSource

/// Where a decoded flow defines and reads each of its names, for an editor's go to
/// definition, find references, rename and hover: field ids, declared context values and
/// variables, handlers and the values they return, at their definitions and wherever a
/// step, a `${…}` or an expression names them; a screen id written as a string that is
/// compared with `screen.id` (`screen.id == 'thanks'`); and the type of every expression.
///
/// Built from the model with the validator's own walk (every step of every action, every
/// template, every condition, the trigger's `when`), and placed in the file by the
/// locators `validate` reports with, so a place inside a quoted, escaped or block scalar is
/// found as `validate` finds it. Where the exact characters cannot be found (a `${` that
/// an escape produces), the place is the whole scalar: a caller that edits checks that the
/// file's bytes at a place are the name. O(size of the flow).
package struct FlowNameIndex: Sendable {
    /// What a name names.
    package enum Kind: String, Sendable, Hashable {
        /// A field's `id` (`rating`), read as a value by conditions and templates.
        case field
        /// A value declared under `context:`, provided by the host.
        case context
        /// A flow variable declared under `variables:`, set by `set` steps.
        case variable
        /// A custom step declared under `handlers:` (or in the handler manifest); what it
        /// returns is read as `HANDLER.VALUE`.
        case handler
        /// A screen id, where an expression compares it with `screen.id`.
        case screen
        /// A value a handler returns, declared under its `returns:` (in the flow or the
        /// handler manifest) and read as `HANDLER.VALUE`: the name is the whole
        /// `HANDLER.VALUE`, a place the `VALUE` part (the `HANDLER` part is the handler's).
        case returnedValue
    }

    /// One place a name is written.
    package struct Occurrence: Sendable, Hashable {
        package var name: String
        package var kind: Kind
        /// The name's characters (for a definition, the whole scalar, quotes included).
        package var span: SourceSpan
        package var isDefinition: Bool
        /// Whether `span` is a whole scalar (a key or a value, quotes included) rather
        /// than the name's characters inside an expression or a template.
        package var isScalar: Bool
    }

    /// One expression (a condition, a `set` value, a `${…}`, the trigger's `when`) and
    /// its type, `nil` when it does not check.
    package struct TypedExpression: Sendable, Hashable {
        package var text: String
        package var span: SourceSpan
        package var type: ValueType?
    }

    /// Every place, in the order the model holds them (definitions first).
    package private(set) var occurrences: [Occurrence] = []
    /// Every expression with a place in the file.
    package private(set) var expressions: [TypedExpression] = []
    /// The type of each name an expression may read (as `validate` declares them).
    package let types: [String: ValueType]
    /// The handlers' names: the flow's and the manifest's.
    package private(set) var handlerNames: Set<String> = []

    /// The names of `flow`, decoded from `source`, with what the host declares in `options`.
    package init(flow: Flow, options: CompileOptions = CompileOptions(), source: SourceFile?) {
        var run = ValidationRun(flow: flow, options: options, source: source)
        // The environment reads the first definition of a duplicated field id.
        _ = run.checkFieldIDs()
        let environment = run.expressionEnvironment()
        types = environment.types
        var kinds: [String: Kind] = [:]
        var handlers: Set<String> = Set(options.handlerManifest.map(\.name))

        for screen in flow.screens {
            for block in screen.extraContent {
                guard let field = block.field else { continue }
                kinds[field.id] = kinds[field.id] ?? .field
                add(field.id, .field, field.spans.id, isDefinition: true, isScalar: true)
            }
        }
        for declaration in flow.context {
            kinds[declaration.name] = .context
            add(declaration.name, .context, declaration.span, isDefinition: true, isScalar: true)
        }
        for declaration in flow.variables {
            kinds[declaration.name] = .variable
            add(declaration.name, .variable, declaration.span, isDefinition: true, isScalar: true)
        }
        for handler in flow.handlers {
            handlers.insert(handler.name)
            add(handler.name, .handler, handler.span, isDefinition: true, isScalar: true)
            for value in handler.returns {
                add(handler.returnedName(value.name), .returnedValue, value.span, isDefinition: true, isScalar: true)
            }
        }
        let screenIDs = Set(flow.screens.map(\.id))

        /// The names `expression` reads, and the screen ids it compares with `screen.id`;
        /// `map` is its scalar's (one per scalar, shared by a template's expressions).
        func read(_ expression: FlowExpression, scalarText: String? = nil, map: ScalarSourceMap?? = nil, environment: ExpressionEnvironment) {
            guard let tree = expression.tree else { return }
            let map = map ?? ExpressionLocator.map(of: expression, scalarText: scalarText ?? expression.text, source: source)
            func place(_ range: Range<Int>) -> SourceSpan? { ExpressionLocator.span(of: range, in: expression, map: map) }
            let (checked, problems) = ExpressionChecker.check(tree, text: expression.text, in: environment)
            if let whole = place(0..<expression.text.unicodeScalars.count) {
                let type: ValueType? = if problems.isEmpty, case .value(let type) = checked[tree.root] { type } else { nil }
                expressions.append(TypedExpression(text: expression.text, span: whole, type: type))
            }
            for node in tree.nodes {
                guard case .name(let name) = node.kind else { continue }
                if let kind = kinds[name] {
                    add(name, kind, place(node.range), isDefinition: false)
                } else if let dot = name.firstIndex(of: "."), handlers.contains(String(name[..<dot])) {
                    // `HANDLER.VALUE`: the handler's part, and the value's after the dot
                    // where it has a place of its own (not the whole scalar).
                    let handler = String(name[..<dot])
                    let end = node.range.lowerBound + handler.unicodeScalars.count
                    let handlerPlace = place(node.range.lowerBound..<end)
                    add(handler, .handler, handlerPlace, isDefinition: false)
                    if let valuePlace = place(end + 1..<node.range.upperBound), valuePlace != handlerPlace {
                        add(name, .returnedValue, valuePlace, isDefinition: false)
                    }
                }
            }
            // A screen id as a string compared with `screen.id` (`==`, `!=`, or an item of
            // `screen.id in [...]`), inside its quotes when nothing in them is escaped.
            func isScreenID(_ index: Int) -> Bool { tree.nodes[index].kind == .name(ContextVariable.screenID.rawValue) }
            for node in tree.nodes {
                let compared: [Int]
                switch node.kind {
                case .infix(.equal), .infix(.notEqual):
                    let (left, right) = (node.children[0], node.children[1])
                    compared = isScreenID(left) ? [right] : isScreenID(right) ? [left] : []
                case .membership:
                    compared = isScreenID(node.children[0]) ? Array(node.children.dropFirst()) : []
                default: continue
                }
                for index in compared {
                    let literal = tree.nodes[index]
                    guard case .literal(.string(let text)) = literal.kind, screenIDs.contains(text),
                        literal.range.count == text.unicodeScalars.count + 2
                    else { continue }
                    add(text, .screen, place(literal.range.lowerBound + 1..<literal.range.upperBound - 1), isDefinition: false)
                }
            }
        }

        for step in run.allSteps {
            switch step.kind {
            case .custom(let name, _) where handlers.contains(name):
                add(name, .handler, step.nameSpan, isDefinition: false, isScalar: true)
            case .branch(let branch):
                read(branch.condition, environment: environment)
            case .assign(let assignments):
                for assignment in assignments {
                    add(assignment.name, .variable, assignment.span, isDefinition: false, isScalar: true)
                    read(assignment.value, environment: environment)
                }
            default: break
            }
        }
        for screen in flow.screens {
            for condition in [screen.primaryAction.enabledWhen, screen.secondaryAction.enabledWhen] {
                if let condition { read(condition, environment: environment) }
            }
            for block in screen.extraContent {
                for condition in [block.visibleWhen, block.requiredWhen] {
                    if let condition { read(condition, environment: environment) }
                }
            }
        }
        for template in run.allTemplates where !template.isConstant {
            let references = template.references
            // The locator places a reference from its `${` (it checks the file writes one
            // there); the name starts two characters on.
            let places = TemplateLocator.spans(
                in: template, for: references.map { .init(offset: $0.offset, length: 2 + $0.name.unicodeScalars.count) }, source: source)
            for (reference, place) in zip(references, places) {
                guard let place else { continue }
                // The name's characters, where the file writes them as the name (on one line, no escapes).
                let isExact = place.end.offset - place.start.offset == 2 + reference.name.utf8.count && place.start.line == place.end.line
                /// The `count` bytes of the name from its byte `from`, where it is exact.
                func part(from: Int, count: Int) -> SourceSpan {
                    var part = place
                    part.start = SourcePosition(line: place.start.line, column: place.start.column + 2 + from, offset: place.start.offset + 2 + from)
                    part.end = SourcePosition(line: part.start.line, column: part.start.column + count, offset: part.start.offset + count)
                    return part
                }
                if let kind = kinds[reference.name] {
                    add(reference.name, kind, isExact ? part(from: 0, count: reference.name.utf8.count) : place, isDefinition: false)
                } else if let dot = reference.name.firstIndex(of: "."), handlers.contains(String(reference.name[..<dot])) {
                    // `${HANDLER.VALUE}`: the handler's part, and the value's where the name is exact.
                    let handler = String(reference.name[..<dot])
                    let handlerBytes = handler.utf8.count
                    add(handler, .handler, isExact ? part(from: 0, count: handlerBytes) : place, isDefinition: false)
                    if isExact {
                        let valueBytes = reference.name.utf8.count - handlerBytes - 1
                        add(reference.name, .returnedValue, part(from: handlerBytes + 1, count: valueBytes), isDefinition: false)
                    }
                }
            }
            var map: ScalarSourceMap??
            for (expression, _) in template.expressions {
                if map == nil { map = .some(ExpressionLocator.map(of: expression, scalarText: template.raw, source: source)) }
                read(expression, scalarText: template.raw, map: map, environment: environment)
            }
        }
        handlerNames = handlers
        if let trigger = flow.trigger, let condition = trigger.when {
            var withEvent = environment
            withEvent.readsEvent = true
            read(condition, environment: withEvent)
        }
    }

    private mutating func add(_ name: String, _ kind: Kind, _ span: SourceSpan?, isDefinition: Bool, isScalar: Bool = false) {
        guard let span else { return }
        occurrences.append(Occurrence(name: name, kind: kind, span: span, isDefinition: isDefinition, isScalar: isScalar))
    }
}
