/// The type the checker found for a node of an expression: a ``ValueType``, the type of
/// the `null` literal, or `invalid` after a problem already reported (so one mistake is
/// reported once, not again by every operator above it).
package enum CheckedType: Sendable, Hashable, CustomStringConvertible {
    case value(ValueType)
    case null
    case invalid

    /// `integer`, `string?`, `null`, as messages say it.
    package var description: String {
        switch self {
        case .value(let type): type.description
        case .null: "null"
        case .invalid: "an invalid value"
        }
    }

    package var valueType: ValueType? {
        if case .value(let type) = self { type } else { nil }
    }
}
