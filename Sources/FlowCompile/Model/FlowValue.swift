import FlowSource

/// A JSON-like value: arguments of custom steps, `custom` fields of feedback, properties
/// of custom content blocks. Numbers keep their exact decimal text (never rounded).
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

    /// The string, when this is `.string`.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
