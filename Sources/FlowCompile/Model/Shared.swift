/// An immutable value shared by every copy of the value type that holds it: copying the
/// holder costs one reference count, however many reference-counted parts `Value` has.
/// Model values (templates, buttons, steps, fields, expressions) are copied wherever
/// their screen is, so they keep their parts in one; a change makes a new box.
final class Shared<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Boxes are equal when they are the same box (copies of one holder, O(1)) or hold equal
/// values, so a holder's synthesized `==` and hash see through its box.
extension Shared: Equatable, Hashable where Value: Hashable {
    static func == (lhs: Shared, rhs: Shared) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
