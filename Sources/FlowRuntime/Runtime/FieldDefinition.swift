import FlowCompile
import FlowSource

/// A form field as the navigator sees it: the field block of a screen reduced to what
/// setting, checking and drawing its value need.
struct FieldDefinition: Sendable, Hashable {
    var id: String
    var label: String?
    var placeholder: String?
    var isRequired: Bool
    var kind: FieldKind
    var initialValue: FieldValue

    /// The definition of a field block; `nil` for text, image and custom blocks.
    init?(_ block: ContentBlock) {
        switch block.kind {
        case .rating(let f):
            self.init(
                id: f.id, label: f.label, placeholder: nil, isRequired: false,
                kind: .rating(min: f.min, max: f.max), initialValue: .rating(f.value ?? f.min))
        case .textField(let f):
            self.init(
                id: f.id, label: f.label, placeholder: f.placeholder, isRequired: f.required,
                kind: .textField(format: f.format, maxLength: f.maxLength), initialValue: .text(""))
        case .textEditor(let f):
            self.init(
                id: f.id, label: f.label, placeholder: f.placeholder, isRequired: f.required,
                kind: .textEditor(maxLength: f.maxLength), initialValue: .text(""))
        case .toggle(let f):
            self.init(
                id: f.id, label: f.label, placeholder: nil, isRequired: false, kind: .toggle,
                initialValue: .toggle(f.value))
        case .text, .image, .custom:
            return nil
        }
    }

    init(id: String, label: String?, placeholder: String?, isRequired: Bool, kind: FieldKind, initialValue: FieldValue) {
        self.id = id
        self.label = label
        self.placeholder = placeholder
        self.isRequired = isRequired
        self.kind = kind
        self.initialValue = initialValue
    }

    /// Refuses a value the field cannot hold: wrong kind, rating out of range, text too
    /// long (Unicode scalars).
    func check(_ value: FieldValue) throws(FieldError) {
        switch (kind, value) {
        case (.rating(let min, let max), .rating(let n)):
            // Compared without building a range: a bad file may have min > max.
            guard n >= min, n <= max else {
                throw .outOfRange(field: id, value: n, min: min, max: max)
            }
        case (.textField(_, let maxLength), .text(let text)), (.textEditor(let maxLength), .text(let text)):
            let length = text.unicodeScalars.count
            if let maxLength, length > maxLength {
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

    /// Filled when required, and valid.
    func isComplete(_ value: FieldValue) -> Bool {
        if problem(value) != nil { return false }
        if isRequired, case .text(let text) = value { return FieldValidation.isFilled(text) }
        return true
    }
}
