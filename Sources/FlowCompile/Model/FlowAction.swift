import FlowSource

/// What a button does: one step or a list of steps, run in order (BRIEF "Actions").
public struct FlowAction: Sendable {
    public var steps: [Step]
    public var span: SourceSpan?

    public init(_ steps: [Step], span: SourceSpan? = nil) {
        self.steps = steps
        self.span = span
    }

    /// A single-step action.
    public init(_ kind: Step.Kind) {
        self.init([Step(kind)])
    }
}
