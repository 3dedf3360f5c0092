/// Literals for values built in Swift: `["source": "app", "stars": 5, "ratio": 0.5,
/// "tags": ["a", "b"], "ok": true]`; a null is spelled `.null`.
///
/// An integer literal becomes the ``FlowValue/number(_:)`` of its decimal text; a
/// floating-point literal the shortest text that reads back as the same `Double` (Swift's
/// `description`, e.g. `0.1`, `1e-07`).
extension FlowValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// ``FlowValue/string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// ``FlowValue/number(_:)`` with the integer's decimal text.
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    /// ``FlowValue/number(_:)`` with the double's shortest round-tripping text.
    public init(floatLiteral value: Double) { self = .number(String(value)) }
    /// ``FlowValue/bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// ``FlowValue/list(_:)``.
    public init(arrayLiteral elements: FlowValue...) { self = .list(elements) }
    /// ``FlowValue/object(_:)``; a repeated key keeps its first value, as in a file.
    public init(dictionaryLiteral elements: (String, FlowValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }
}
