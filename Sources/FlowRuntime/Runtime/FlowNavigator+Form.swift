import FlowCompile
import FlowSource

extension FlowNavigator {
    /// Every field value of the flow, by field id.
    public var fieldValues: [String: FieldValue] { values }

    /// The value of field `id`, `nil` if there is no such field.
    public func value(of id: String) -> FieldValue? {
        values[id]
    }

    /// Sets field `id` and tells the presenters (``NavigatorEvent/screenUpdated(_:)`` of
    /// the top screen). Allowed while an action runs (only buttons are disabled then).
    /// - Throws: ``FieldError``; the value is then unchanged. A text that breaks the
    ///   field's `format` is stored, not refused (see ``FieldSnapshot/problem``).
    public func setField(_ id: String, to value: FieldValue) async throws(FieldError) {
        guard outcome == nil else { throw .flowEnded }
        guard let definition = fieldDefinitions[id] else { throw .unknownField(id) }
        try definition.check(value)
        values[id] = value
        if let top = state.top, let snapshot = makeSnapshot(top) {
            await emit(.screenUpdated(snapshot))
        }
    }

    /// Adds the fields of `screen` that are not known yet, with their initial values.
    func registerFields(of screen: FeedbackConfiguration) {
        Self.addFields(of: screen, to: &fieldDefinitions, values: &values)
    }

    /// Checks that every field of `screen` agrees with the definition already known for
    /// its id (from another screen, or earlier in `screen`). O(fields of `screen`).
    /// - Throws: ``NavigatorError/conflictingField(field:screen:)``.
    func checkFields(of screen: FeedbackConfiguration) throws(NavigatorError) {
        var own: [String: FormField] = [:]
        for block in screen.extraContent {
            guard let definition = block.field else { continue }
            if let known = fieldDefinitions[definition.id] ?? own[definition.id], known != definition {
                throw .conflictingField(field: definition.id, screen: screen.id)
            }
            own[definition.id] = definition
        }
    }

    static func addFields(
        of screen: FeedbackConfiguration, to definitions: inout [String: FormField],
        values: inout [String: FieldValue]
    ) {
        for block in screen.extraContent {
            guard let definition = block.field, definitions[definition.id] == nil else { continue }
            definitions[definition.id] = definition
            values[definition.id] = definition.initialValue
        }
    }

    /// Whether every field of `screen` is complete (required → filled; all → valid).
    func isFormComplete(_ screen: FeedbackConfiguration) -> Bool {
        screen.extraContent.allSatisfy { block in
            guard let id = block.fieldID, let definition = fieldDefinitions[id], let value = values[id] else { return true }
            return definition.isComplete(value)
        }
    }

    /// The template lookup for screen `screenID` (see the type's "Templates").
    func lookup(screenID: String) -> (String) -> String? {
        let values = values, context = context, flowID = flowID
        return { name in
            switch name {
            case "flow.id": return flowID
            case "screen.id": return screenID
            default: return values[name]?.description ?? context[name]
            }
        }
    }

    /// `value` with every string leaf rendered as a template.
    func render(_ value: FlowValue, screenID: String) -> FlowValue {
        let lookup = lookup(screenID: screenID)
        func walk(_ value: FlowValue) -> FlowValue {
            switch value {
            case .string(let s): .string(TemplateString(s).render(lookup))
            case .list(let items): .list(items.map(walk))
            case .object(let members): .object(members.mapValues(walk))
            case .null, .bool, .number: value
            }
        }
        return walk(value)
    }
}
