import FlowCompile

/// A name a `${…}` or an expression reads, and what it is: a fact of the last text that
/// decoded, which completion lists and hover tells.
struct ReadableName {
    /// What a name names, with what is known of it.
    enum Kind {
        /// A field's id, and the field's kind.
        case field(FieldKind)
        /// A value declared under `context:`, which the host provides.
        case context(ValueType)
        /// A flow variable declared under `variables:`, set by `set` steps.
        case variable(ValueType)
        /// A value a handler returns (`HANDLER.VALUE`): null until its step has run.
        case returnedValue(handler: String, ValueType)
        /// A name the configuration says the host provides, a string.
        case host
        case flowID, screenID
    }

    let name: String
    let kind: Kind
    /// What completion writes beside the name: `field: starRating`, `variable: number`, …
    let detail: String

    init(_ name: String, _ kind: Kind) {
        (self.name, self.kind) = (name, kind)
        detail =
            switch kind {
            case .field(let kind): "field: \(kind.name)"
            case .context(let type): "context: \(type)"
            case .variable(let type): "variable: \(type)"
            case .returnedValue(let handler, let type): "returned by \(handler): \(type)?"
            case .host: "provided by the host: string"
            case .flowID: "the flow's id"
            case .screenID: "the screen's id"
            }
    }

    /// The kind of the field the name is the id of, if it is one.
    var fieldKind: FieldKind? {
        if case .field(let kind) = kind { kind } else { nil }
    }

    /// The names `flow`, compiled with `options`, reads: its fields (each id once), context
    /// values and variables, what its handlers and the manifest's return, the names the
    /// host provides, `flow.id` and `screen.id`.
    static func all(in flow: Flow, options: CompileOptions) -> [ReadableName] {
        var seen: Set<String> = []
        var names = flow.screens.flatMap(\.extraContent).compactMap(\.field).filter { seen.insert($0.id).inserted }
            .map { ReadableName($0.id, .field($0.kind)) }
        names += flow.context.map { ReadableName($0.name, .context($0.type)) }
        names += flow.variables.map { ReadableName($0.name, .variable($0.type)) }
        for handler in flow.handlers + options.handlerManifest {
            names += handler.returns.map { ReadableName(handler.returnedName($0.name), .returnedValue(handler: handler.name, $0.type)) }
        }
        names += options.additionalVariables.map { ReadableName($0, .host) }
        return names + [ReadableName("flow.id", .flowID), ReadableName("screen.id", .screenID)]
    }
}
