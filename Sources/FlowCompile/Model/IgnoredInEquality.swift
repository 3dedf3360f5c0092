/// Keeps a value beside a model value without taking part in its equality or hash: two
/// wrapped values are always equal and hash to nothing.
///
/// The model marks its source positions with it (`@IgnoredInEquality var span:
/// SourceSpan?`), so that a screen read from a file and the same screen built in Swift
/// compare equal with `==`, and so do one screen written in YAML and in JSON: positions
/// say where a value was written, not what it is.
///
/// It lives in the module of the model that uses it, so that it is specialized: from
/// another module it ran through value witnesses, 1.2 M instructions (0.2 %) of
/// validating a 2,000-screen flow.
@propertyWrapper
package struct IgnoredInEquality<Value: Sendable>: Sendable, Hashable {
    /// The wrapped value, read and written as the property itself.
    package var wrappedValue: Value

    /// Wraps `wrappedValue`.
    package init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Always `true`: the wrapped value does not count in equality.
    package static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Adds nothing to `hasher`: the wrapped value does not count in hashing.
    package func hash(into hasher: inout Hasher) {}
}
