import FlowSource

/// A JSON-like value: arguments of custom steps, `custom` fields of feedback, properties
/// of custom content blocks. Numbers keep their exact decimal text (never rounded).
public enum FlowValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number as written, e.g. `12`, `-0.5`, `1e3`.
    case number(String)
    case string(String)
    case list([FlowValue])
    case object([String: FlowValue])

    /// The string, when this is `.string`.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
