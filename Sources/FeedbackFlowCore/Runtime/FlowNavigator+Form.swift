extension FlowNavigator {
    /// Every field value of the flow, by field id.
    public var fieldValues: [String: FieldValue] { state.values }

    /// The value of field `id`, `nil` if there is no such field.
    public func value(of id: FieldID) -> FieldValue? {
        state.values[id.rawValue]
    }

    /// The value of the field whose id a `String` holds; a string literal is a ``FieldID``
    /// and takes ``value(of:)-(FieldID)``.
    @_disfavoredOverload
    public func value(of id: String) -> FieldValue? {
        value(of: FieldID(id))
    }

    /// The stars of rating field `id`; `nil` when there is no such rating.
    public func rating(_ id: FieldID) -> Int? {
        value(of: id)?.ratingValue
    }

    /// The text of text field or editor `id`; `nil` when there is no such text field.
    public func text(_ id: FieldID) -> String? {
        value(of: id)?.textValue
    }

    /// Whether toggle `id` is on; `nil` when there is no such toggle.
    public func isOn(_ id: FieldID) -> Bool? {
        value(of: id)?.isOn
    }

    /// Sets field `id` and tells the presenters (``NavigatorEvent/screenUpdated(_:)`` of
    /// the top screen). Allowed while an action runs (only buttons are disabled then).
    /// - Throws: ``FieldError``; the value is then unchanged. A text that breaks the
    ///   field's `format` is stored, not refused (see ``FieldSnapshot/problem``).
    public func setField(_ id: FieldID, to value: FieldValue) async throws(FieldError) {
        let events: [NavigatorEvent]
        do {
            events = try apply(.setField(id.rawValue, to: value))
        } catch {
            guard case .field(let refusal) = error else {
                assertionFailure("setField is refused only with a FieldError, got \(error)")
                throw .flowEnded
            }
            throw refusal
        }
        await delivery.deliver(events)
    }

    /// Sets the field whose id a `String` holds; see ``setField(_:to:)-(FieldID,_)``.
    @_disfavoredOverload
    public func setField(_ id: String, to value: FieldValue) async throws(FieldError) {
        try await setField(FieldID(id), to: value)
    }
}
