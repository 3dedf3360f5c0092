import FlowCompile

/// What the navigator needs of a form field: its initial value, and the checks of the
/// values it may hold.
extension FormField {
    /// The value the field starts with: a rating's `value` (else unrated when required,
    /// its `min` when not), a toggle's `value`, an empty text.
    var initialValue: FieldValue {
        switch kind {
        case .rating(let min, _, let value): startsUnrated ? .unrated : .rating(value ?? min)
        case .textField, .textEditor: .text("")
        case .toggle(let value): .toggle(value)
        }
    }

    /// Refuses a value the field cannot hold: wrong kind, rating out of range, text too
    /// long (Unicode scalars).
    func check(_ value: FieldValue) throws(FieldError) {
        switch (kind, value) {
        case (.rating(let min, let max, _), .rating(let n)):
            // Compared without building a range: a bad file may have min > max.
            guard n >= min, n <= max else {
                throw .outOfRange(field: id, value: n, min: min, max: max)
            }
        case (.textField, .text(let text)), (.textEditor, .text(let text)):
            let length = text.unicodeScalars.count
            if let maxLength = kind.maxLength, length > maxLength {
                throw .tooLong(field: id, length: length, maxLength: maxLength)
            }
        case (.toggle, .toggle):
            break
        default:
            throw .wrongKind(field: id, expected: kind)
        }
    }

    /// The format problem of a held value, or `nil`.
    func problem(_ value: FieldValue) -> String? {
        if case .textField(let format, _) = kind, case .text(let text) = value {
            return FieldValidation.problem(text, format: format)
        }
        return nil
    }

    /// Filled when `required` (by default the field's own ``required``), and valid.
    func isComplete(_ value: FieldValue, required: Bool? = nil) -> Bool {
        if problem(value) != nil { return false }
        guard required ?? self.required else { return true }
        switch value {
        case .text(let text): return FieldValidation.isFilled(text)
        case .unrated: return false
        case .rating, .toggle: return true
        }
    }
}
