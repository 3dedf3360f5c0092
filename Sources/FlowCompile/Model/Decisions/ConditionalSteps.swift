import FlowSource

/// The argument of an `if` step: `if: {condition, then, else}`. When the step runs,
/// `condition` is evaluated and the steps of `then` (when true) or `else` (otherwise) run
/// in its place; a failing step among them fails the action.
public struct ConditionalSteps: Sendable, Hashable {
    /// A boolean expression.
    public var condition: FlowExpression
    /// The steps run when the condition is true.
    public var then: [Step]
    /// The steps run when it is false (none when not written).
    public var otherwise: [Step]

    /// `if condition { then } else { otherwise }`.
    public init(condition: FlowExpression, then: [Step], otherwise: [Step] = []) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
    }
}

/// One value of a `set` step: `set: {score: "rating * 2"}` assigns the value of the
/// expression to the flow variable `score`, which the flow declares under `variables:`.
public struct VariableAssignment: Sendable, Hashable {
    /// The variable's name.
    public var name: String
    /// The expression whose value it gets.
    public var value: FlowExpression
    /// Where the name is written, for diagnostics.
    @IgnoredInEquality package var span: SourceSpan?

    /// `name = value`; `span` is where the name is written (default `nil`).
    public init(name: String, value: FlowExpression, span: SourceSpan? = nil) {
        self.name = name
        self.value = value
        self.span = span
    }
}
