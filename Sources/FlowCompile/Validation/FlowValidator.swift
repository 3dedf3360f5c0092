import FlowSource

/// Checks the meaning of a decoded (or code-built) ``Flow`` beyond its shape, reporting
/// every problem in one run.
///
/// Its rules are the validation codes of ``FlowDiagnosticCode``; what each means, where
/// it points and an example before and after the fix are in the rule catalog
/// (`feedbackflow explain CODE`, and `docs/rules.md`, generated from it). The checks are
/// the methods of `ValidationRun`, one file a concern.
///
/// **When a screen is "only ever a root".** A screen *may be above a root* when some
/// way of showing it puts it on top of another screen of its stack: it is the start
/// screen and `presentation` is `push` (pushed on the host's stack); or some `push: ID`
/// names it; or some `replace: ID` names it while the screen being replaced may be above
/// a root or its position is unknown (replace keeps the position). A screen reachable
/// from the start that may not be above a root is *only ever a root*: every way it is
/// shown is `present: ID`, `replace: ID` of a root, or the start with `presentation:
/// present`. (`popTo` shows no screen in a new position.) Within an action, `pop` acts on
/// the top *at that step*: the action's own screen until a navigation step runs, then the
/// pushed/presented/replacing screen, then unknown after `pop`, `popTo`, `popToRoot`,
/// `dismiss` or `finish`. `onFailure` starts on its own screen only if the failed action
/// has no navigation step before its last step, and its last step is not an `if` that
/// navigates. No step after a `finish` runs, so none is walked. The warning is given only when the top
/// is known to be a root, so a `pop` that might pop a pushed screen is never flagged.
///
/// Complexity: O(screens + steps + template length), plus the stack-root fixed point,
/// O(screens · steps) in the worst case.
package enum FlowValidator {
    /// The context variables a template may name besides field ids, as written in
    /// `${…}`: `flow.id` and `screen.id` (see ``ContextVariable``).
    package static let contextVariables: [String] = ContextVariable.names

    /// The hint of a custom step that is most likely the built-in step `name` mistyped.
    static func builtInStepHint(_ name: String) -> String {
        builtInStepHintStart + "'\(name)'?"
    }

    /// How ``builtInStepHint(_:)`` starts: a command adds no advice to declare a handler
    /// after it.
    package static let builtInStepHintStart = "did you mean the built-in step "

    /// Validates `flow`, appending to `diagnostics`.
    /// - Parameters:
    ///   - graphWarnings: whether to run the whole-graph warnings (`unreachable-screen`,
    ///     `pop-on-root`). ``FlowCompiler`` turns them off when decoding failed, since a
    ///     step dropped for a shape error would make its target look unreachable.
    ///   - options: what the host provides: template variables accepted besides field ids
    ///     and ``contextVariables`` (e.g. the navigator's extra context), custom step names
    ///     with handlers (never `unknown-step`), and the URL schemes `openURL` may use (by
    ///     default the runtime's ``URLSchemePolicy/defaultAllowedSchemes``, so the two
    ///     cannot disagree).
    ///   - source: the file `flow` was decoded from; with it, template diagnostics point
    ///     at the exact `${` also inside escaped, multi-line and block scalars.
    package static func validate(
        _ flow: Flow, diagnostics: inout DiagnosticBag, graphWarnings: Bool = true,
        options: CompileOptions = CompileOptions(), source: SourceFile? = nil
    ) {
        var run = ValidationRun(flow: flow, options: options, source: source)
        if run.checkHasScreens() {
            run.checkUniqueScreenIDs()
            let startExists = run.checkStart()
            run.checkTargets()
            run.checkStepNames()
            if graphWarnings, startExists {
                let reachable = run.reachableScreens()
                run.checkReachability(reachable)
                run.checkPopOnRoot(reachable)
                if options.runs(.deadEndScreen) { run.checkDeadEnds() }
                if options.runs(.inescapableCycle) { run.checkInescapableCycles() }
            }
            run.checkRetryButtons(effect: options.runs(.ineffectiveRetry))
            if options.runs(.duplicateScreen) { run.checkDuplicateScreens() }
            let fieldIDs = run.checkFieldIDs()
            run.checkStepArguments()
            run.checkFieldRanges()
            run.checkFeedbackRatings()
            run.checkTemplates(fieldIDs: fieldIDs)
            run.checkExpressions()
            run.checkHandlers()
            if graphWarnings, options.runs(.unusedField) { run.checkUnusedFields() }
        }
        diagnostics.append(contentsOf: run.diagnostics.diagnostics)
    }

    /// The names an expression of `flow` may read, with their types and, for the names
    /// with few values (a rating's `min...max`, a toggle, a boolean), those values: what
    /// `validate` checks the flow's expressions against, for the pictures that read the
    /// flow's conditions the same way. O(screens + blocks + declarations).
    package static func expressionEnvironment(of flow: Flow, options: CompileOptions = CompileOptions()) -> ExpressionEnvironment {
        ValidationRun(flow: flow, options: options).expressionEnvironment()
    }

    /// Validates `flow` and returns its diagnostics sorted by position.
    package static func validate(
        _ flow: Flow, graphWarnings: Bool = true, options: CompileOptions = CompileOptions(), source: SourceFile? = nil
    ) -> [Diagnostic] {
        var bag = DiagnosticBag()
        validate(flow, diagnostics: &bag, graphWarnings: graphWarnings, options: options, source: source)
        return bag.sorted
    }
}
