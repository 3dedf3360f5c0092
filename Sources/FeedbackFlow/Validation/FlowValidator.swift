import FlowDocument

/// Checks the meaning of a decoded (or code-built) ``Flow`` beyond its shape, reporting
/// every problem in one run.
///
/// Rules (codes in ``FlowDiagnosticCode``):
/// - `empty-flow`: the flow has no screen (nothing else is checked then).
/// - `duplicate-screen-id`: two screens share an id (code-built flows; in files the
///   loader reports `duplicate-key`).
/// - `unknown-screen`: `start`, or the target of a `push`, `present`, `replace` or
///   `popTo` step, names no screen; at the id as written, with "did you mean".
/// - `unreachable-screen` (warning): no chain of `push`/`present`/`replace` steps from
///   the start screen shows the screen; at the screen's key.
/// - `duplicate-field-id`: a field id (rating, textField, textEditor, toggle) is used
///   twice in the flow; a note points at the first.
/// - `invalid-template`: a malformed `${…}` (unclosed, empty or invalid name).
/// - `unknown-reference`: `${name}` names neither a field id of the flow nor a
///   ``ContextVariable`` (`flow.id`, `screen.id`); with "did you mean". Both template
///   rules point at the exact column of `$` when the scalar is single-line and written
///   plain or quoted without escapes, else at the scalar's start.
/// - `pop-on-root` (warning): a `pop` whose top screen is always the root of its stack
///   (defined precisely in ``StackRootAnalysis``): there `pop` removes the whole stack.
/// - `invalid-value`: rating `min < max` and `min <= value <= max`; `maxLength >= 1`.
///
/// Complexity: O(screens + steps + template length), plus the stack-root fixed point,
/// O(screens · steps) in the worst case.
public enum FlowValidator {
    /// The context variables a template may name besides field ids, as written in
    /// `${…}`: `flow.id` and `screen.id` (see ``ContextVariable``).
    public static let contextVariables: [String] = ContextVariable.names

    /// Validates `flow`, appending to `diagnostics`.
    /// - Parameter graphWarnings: whether to run the whole-graph warnings
    ///   (`unreachable-screen`, `pop-on-root`). ``FlowCompiler`` turns them off when
    ///   decoding failed, since a step dropped for a shape error would make its target
    ///   look unreachable.
    public static func validate(_ flow: Flow, diagnostics: inout DiagnosticBag, graphWarnings: Bool = true) {
        var run = ValidationRun(flow: flow)
        if run.checkHasScreens() {
            run.checkUniqueScreenIDs()
            let startExists = run.checkStart()
            run.checkTargets()
            if graphWarnings, startExists {
                let reachable = run.reachableScreens()
                run.checkReachability(reachable)
                run.checkPopOnRoot(reachable)
            }
            let fieldIDs = run.checkFieldIDs()
            run.checkFieldRanges()
            run.checkTemplates(fieldIDs: fieldIDs)
        }
        diagnostics.append(contentsOf: run.diagnostics.diagnostics)
    }

    /// Validates `flow` and returns its diagnostics sorted by position.
    public static func validate(_ flow: Flow, graphWarnings: Bool = true) -> [Diagnostic] {
        var bag = DiagnosticBag()
        validate(flow, diagnostics: &bag, graphWarnings: graphWarnings)
        return bag.sorted
    }
}
