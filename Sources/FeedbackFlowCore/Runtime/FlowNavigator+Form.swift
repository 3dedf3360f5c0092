extension FlowNavigator {
    /// Every field value of the flow, by field id.
    public var fieldValues: [String: FieldValue] { state.values }

    /// The value of field `id`, `nil` if there is no such field.
    public func value(of id: String) -> FieldValue? {
        state.values[id]
    }

    /// Sets field `id` and tells the presenters (``NavigatorEvent/screenUpdated(_:)`` of
    /// the top screen). Allowed while an action runs (only buttons are disabled then).
    /// - Throws: ``FieldError``; the value is then unchanged. A text that breaks the
    ///   field's `format` is stored, not refused (see ``FieldSnapshot/problem``).
    public func setField(_ id: String, to value: FieldValue) async throws(FieldError) {
        let events: [NavigatorEvent]
        do {
            events = try apply(.setField(id, to: value))
        } catch {
            guard case .field(let refusal) = error else {
                assertionFailure("setField is refused only with a FieldError, got \(error)")
                throw .flowEnded
            }
            throw refusal
        }
        await delivery.deliver(events)
    }
}
