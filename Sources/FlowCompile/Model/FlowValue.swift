/// A JSON-like value: arguments of custom steps, `custom` fields of feedback, properties
/// of custom content blocks. Numbers keep their exact decimal text (never rounded); two
/// numbers are equal when JSON writes them the same (`+1` and `1`, `0x1F` and `31`,
/// `.5` and `0.5`), so a flow reads the same in YAML and in JSON.
public enum FlowValue: Sendable, Hashable {
    /// A null: a plain `~`, `null`, `Null`, `NULL` or empty scalar (YAML 1.2 core schema), or
    /// JSON `null`.
    case null
    /// A boolean: only a plain `true` or `false` (not `True`, `yes` or `on`).
    case bool(Bool)
    /// A number as written, e.g. `12`, `-0.5`, `1e3`.
    case number(String)
    /// A string: a quoted or block scalar, or a plain one that is not null, a boolean or a
    /// number, exactly as written. In a custom step's argument and in `collectUserFeedback`'s
    /// `custom`, string leaves are templates rendered when the step runs; in a custom
    /// step's argument a leaf that is exactly one `${…}` keeps its value's type
    /// (``ActionInvocation/argument``).
    case string(String)
    /// A sequence, in written order.
    case list([FlowValue])
    /// A mapping with string keys; a repeated key keeps its first value. Unordered: JSON
    /// output writes the keys sorted by Unicode scalar values.
    case object([String: FlowValue])

    /// Whether two values are the same: numbers by the JSON text they are written as.
    public static func == (lhs: FlowValue, rhs: FlowValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b || (jsonNumber(a) ?? a) == (jsonNumber(b) ?? b)
        case (.string(let a), .string(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// Hashes the value as ``==(_:_:)`` compares it. O(size; a hex or octal number's digits squared).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .number(let written): hasher.combine(2); hasher.combine(Self.jsonNumber(written) ?? written)
        case .string(let text): hasher.combine(3); hasher.combine(text)
        case .list(let items): hasher.combine(4); hasher.combine(items)
        case .object(let members): hasher.combine(5); hasher.combine(members)
        }
    }

    /// The string, when this is `.string`.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
