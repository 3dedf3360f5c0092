import FlowSource

/// What a button does: one step or a list of steps, run in order; a failing step stops
/// the rest.
public struct FlowAction: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The steps, in the order they run. An action in a file has at least one
    /// (`action: []` is `empty-action`); a step that failed to decode is left out.
    public var steps: [Step]
    /// Where the action is written (the single step, or the list of steps; the button's
    /// mapping when `action` is missing); `nil` for actions built in code.
    @IgnoredInEquality package var span: SourceSpan?

    /// An action running `steps` in order; `span` is where it is written (default `nil`).
    public init(_ steps: [Step], span: SourceSpan? = nil) {
        self.steps = steps
        self.span = span
    }

    /// A single-step action.
    public init(_ kind: Step.Kind) {
        self.init([Step(kind)])
    }

    /// Every step of the action in document order, the steps inside `if` branches included
    /// (each `if` before its `then` steps, then its `else` steps). Iterative, so however
    /// deep branches nest it uses no stack. O(steps).
    package var allSteps: [Step] {
        // Most actions have no `if`: their steps are all their steps.
        guard steps.contains(where: { if case .branch = $0.kind { true } else { false } }) else { return steps }
        var out: [Step] = []
        var pending: [ArraySlice<Step>] = [steps[...]]
        while var run = pending.popLast() {
            guard let step = run.popFirst() else { continue }
            out.append(step)
            pending.append(run)
            if case .branch(let branch) = step.kind {
                pending.append(branch.otherwise[...])
                pending.append(branch.then[...])
            }
        }
        return out
    }

    /// An action written as a list of steps: `[.collectUserFeedback(rating: "${rating}"),
    /// .push("thanks")]`.
    public init(arrayLiteral steps: Step.Kind...) {
        self.init(steps.map { Step($0) })
    }
}
