import FlowCompile

/// The form: field definitions shared by the whole flow, keyed by id.
extension FlowState {
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

    /// Whether every shown field of `screen` is complete (required now → filled; all →
    /// valid): what its primary action waits for. A hidden block (`visibleWhen` false)
    /// does not count.
    package func isFormComplete(_ screen: FeedbackConfiguration) -> Bool {
        screen.extraContent.allSatisfy { block in
            guard let id = block.fieldID, let definition = fieldDefinitions[id], let value = values[id],
                isVisible(block, screenID: screen.id)
            else { return true }
            return definition.isComplete(value, required: isRequired(block, definition: definition, screenID: screen.id))
        }
    }
}
