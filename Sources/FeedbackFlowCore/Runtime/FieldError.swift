import FlowCompile

/// Why ``FlowNavigator/setField(_:to:)-(FieldID,_)`` refused a value. The field keeps its previous
/// value. (A text that breaks the field's `format` is *not* refused: it is stored and
/// reported by ``FieldSnapshot/problem``, as a text box would show it while typing.)
public enum FieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No field with this id in the navigator's screens.
    case unknownField(String)
    /// The value's kind does not match the field (e.g. a text for a rating).
    case wrongKind(field: String, expected: FieldKind)
    /// A rating outside `min...max`.
    case outOfRange(field: String, value: Int, min: Int, max: Int)
    /// A text longer than `maxLength` Unicode scalars.
    case tooLong(field: String, length: Int, maxLength: Int)
    /// The flow has ended; fields no longer change.
    case flowEnded

    public var description: String {
        switch self {
        case .unknownField(let id):
            "no field '\(id)'"
        case .wrongKind(let id, let expected):
            "'\(id)' is \(expected.described.what): give \(expected.described.takes)"
        case .outOfRange(let id, let value, let min, let max):
            "'\(id)' must be from \(min) to \(max), got \(value)"
        case .tooLong(let id, let length, let maxLength):
            "'\(id)' takes at most \(maxLength) characters, got \(length)"
        case .flowEnded:
            "the flow has ended"
        }
    }
}
