/// What an expression may read, with types: the names `validate` knows and, for the names
/// whose values are few (a rating's `min...max`, a toggle, a boolean), those values, so
/// that a condition that is always true or always false, or an `if` chain that leaves a
/// rating value with no way forward, can be found before the flow runs.
package struct ExpressionEnvironment: Sendable {
    /// Name → type.
    package var types: [String: ValueType]
    /// Name → every value it can take, for names with few values.
    package var domains: [String: [ExpressionValue]]
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

    package init(types: [String: ValueType] = [:], domains: [String: [ExpressionValue]] = [:]) {
        self.types = types
        self.domains = domains
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

    /// Declares `name` of `type`; a boolean also gets its values (`false`, `true`, and
    /// `null` when optional).
    package mutating func declare(_ name: String, _ type: ValueType) {
        types[name] = type
        if type.base == .boolean {
            domains[name] = [.boolean(false), .boolean(true)] + (type.isOptional ? [.null] : [])
        }
    }
}
