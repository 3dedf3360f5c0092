import FlowCompile

/// A form field of a ``ScreenSnapshot`` with its current value.
public struct FieldSnapshot: Sendable, Hashable {
    /// The field id: the name `${id}` renders and ``FlowNavigator/setField(_:to:)-(FieldID,_)`` takes.
    public var id: String
    /// The field's label as written; `nil` when it has none.
    public var label: String?
    /// The placeholder of a text field or editor as written; `nil` when it has none, and
    /// always for ratings and toggles.
    public var placeholder: String?
    /// What the field takes: a rating range, a text format and length, or on/off.
    public var kind: FieldKind
    /// Whether the field is a required text field or editor; always `false` for ratings and
    /// toggles.
    public var isRequired: Bool
    /// The current value. Values live for the whole flow, keyed by id, so a field shown again
    /// (or on another screen) keeps what was set.
    public var value: FieldValue
    /// What is wrong with a non-empty value (e.g. not an email address), or `nil`.
    public var problem: String?
    /// Filled (when required) and valid: what the primary action waits for.
    public var isComplete: Bool

    /// A snapshot from its parts, as the navigator builds it for ``ScreenSnapshot`` (and a
    /// presenter's test or preview may).
    public init(
        id: String, label: String? = nil, placeholder: String? = nil, kind: FieldKind, isRequired: Bool = false,
        value: FieldValue, problem: String? = nil, isComplete: Bool = true
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
