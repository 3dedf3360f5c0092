/// What an expression may read, with types: the names `validate` knows and, for the names
/// whose values are few (a rating's `min...max`, a toggle, a boolean), those values, so
/// that a condition that is always true or always false, or an `if` chain that leaves a
/// rating value with no way forward, can be found before the flow runs.
package struct ExpressionEnvironment: Sendable {
    /// Name → type.
    package var types: [String: ValueType]
    /// Name → every value it can take, for names with few values (``declareValues(_:of:)``).
    package private(set) var domains: [String: [ExpressionValue]]
    /// Name → the least and greatest value of an integer name whose values are bounded (a
    /// rating field's `min...max`), for ``ExpressionBounds``.
    package var ranges: [String: ClosedRange<Int>] = [:]
    /// The text names that are never empty (`flow.id`, `screen.id`), for ``ExpressionBounds``.
    package var nonEmpty: Set<String> = []
    /// Name → the most characters (Unicode scalars) of a text field with a `maxLength`,
    /// for ``ExpressionBounds``.
    package var maximumLengths: [String: Int] = [:]
    /// The field ids refused where they are declared because an expression cannot name
    /// them (`user-email`): an expression that spells one is not reported again.
    package var refusedNames: [String] = []
    /// The types of the names in ``domains``, one bit each (``hasDomains(_:)``).
    private var basesWithDomains: UInt8 = 0
    /// Prefixes of names not checked, because the declaration they need was already
    /// reported missing (`event.` when the trigger's event is unknown): such a name is
    /// neither known nor reported.
    package var unchecked: [String] = []
    /// Names not checked, exactly (declared with a type that did not decode).
    package var uncheckedNames: Set<String> = []
    /// Whether `event.NAME` may be read here (only in the trigger's `when`): the trigger
    /// event's payload is declared with the rest, and hidden from every other expression,
    /// so the trigger's check needs no copy of the tables.
    package var readsEvent = false

    /// An environment with no names.
    package init() {
        types = [:]
        domains = [:]
    }

    /// Every name that may be read here, sorted, for "did you mean".
    package var names: [String] { types.keys.filter(isReadable).sorted() }

    /// The type of `name` where it is read: `nil` when it is not declared, or is an
    /// event's payload outside the trigger's `when`.
    package func type(of name: String) -> ValueType? {
        isReadable(name) ? types[name] : nil
    }

    private func isReadable(_ name: String) -> Bool {
        readsEvent || !name.hasPrefix(EventDeclaration.payloadPrefix)
    }

    /// The values of a boolean, and of an optional one.
    private static let booleanValues: [ExpressionValue] = [.boolean(false), .boolean(true)]
    private static let optionalBooleanValues: [ExpressionValue] = booleanValues + [.null]

    /// Declares `name` of `type`; a boolean also gets its values (`false`, `true`, and
    /// `null` when optional).
    package mutating func declare(_ name: String, _ type: ValueType) {
        types[name] = type
        if type.base == .boolean {
            declareValues(type.isOptional ? Self.optionalBooleanValues : Self.booleanValues, of: name)
        }
    }

    /// This environment where each of `names` is known to have a value (a required rating
    /// in the primary action of its screen, which waits until it is rated): its type
    /// without `?`, its values without `null`. O(names), plus one copy of each table.
    package func withValues(_ names: [String]) -> ExpressionEnvironment {
        var copy = self
        for name in names {
            if let type = copy.types[name] { copy.types[name] = type.nonOptional }
            if let values = copy.domains[name] { copy.domains[name] = values.filter { $0 != .null } }
        }
        return copy
    }

    /// Gives `name` the only `values` it can take (a rating's `min...max`).
    package mutating func declareValues(_ values: [ExpressionValue], of name: String) {
        domains[name] = values
        // The values' own types, so the order of `declare` and this call does not matter.
        for value in values {
            if let base = value.base { basesWithDomains |= Self.bit(base) }
        }
    }

    /// Whether any name of type `base` has a domain: when not, a name of that type (a
    /// string, a decimal) has none, known from its type alone, with no lookup. O(1).
    package func hasDomains(_ base: ValueType.Base) -> Bool {
        basesWithDomains & Self.bit(base) != 0
    }

    private static func bit(_ base: ValueType.Base) -> UInt8 {
        switch base {
        case .integer: 1
        case .decimal: 2
        case .string: 4
        case .boolean: 8
        }
    }
}
