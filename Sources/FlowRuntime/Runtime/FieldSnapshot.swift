import FlowCompile
import FlowSource

/// A form field of a ``ScreenSnapshot`` with its current value.
public struct FieldSnapshot: Sendable, Hashable {
    public var id: String
    public var label: String?
    public var placeholder: String?
    public var kind: FieldKind
    public var isRequired: Bool
    public var value: FieldValue
    /// What is wrong with a non-empty value (e.g. not an email address), or `nil`.
    public var problem: String?
    /// Filled (when required) and valid: what the primary action waits for.
    public var isComplete: Bool

    package init(
        id: String, label: String?, placeholder: String?, kind: FieldKind, isRequired: Bool,
        value: FieldValue, problem: String?, isComplete: Bool
    ) {
        self.id = id
        self.label = label
        self.placeholder = placeholder
        self.kind = kind
        self.isRequired = isRequired
        self.value = value
        self.problem = problem
        self.isComplete = isComplete
    }
}
