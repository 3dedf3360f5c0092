import FlowSource

/// Checks the meaning of a decoded (or code-built) ``Flow`` beyond its shape, reporting
/// every problem in one run.
///
/// Rules (codes in ``FlowDiagnosticCode``):
/// - `empty-flow`: the flow has no screen (nothing else is checked then).
/// - `duplicate-screen-id`: two screens share an id (code-built flows; in files the
///   loader reports `duplicate-key`).
/// - `unknown-screen`: `start`, or the target of a `push`, `present`, `replace` or
///   `popTo` step, names no screen; at the id as written, with "did you mean".
/// - `invalid-value` for names that are never rendered: a `start`, navigation target or
///   `finish` outcome holding `${` ("screen ids are names, not templates"; such a target
///   is not also `unknown-screen`), and an empty `finish` outcome.
/// - `unreachable-screen` (warning): no chain of `push`/`present`/`replace` steps from
///   the start screen shows the screen; at the screen's key.
/// - `unknown-step` (warning): a custom step whose name is within ``Suggestion``'s
///   distance of a built-in step name (`Push`, `openUrl`, `dismis`), unless listed in
///   the options' ``CompileOptions/knownHandlers``; at the step's name.
/// - `disallowed-url-scheme`: an `openURL` whose scheme is written as a constant (the
///   whole URL, or the text before its first `${` when it holds the scheme's `:`) and is
///   not in ``CompileOptions/allowedURLSchemes`` (default: the runtime's
///   ``URLSchemePolicy/defaultAllowedSchemes``); `invalid-value` for a constant
///   URL without a scheme (RFC 3986 §3.1) or with white space. At the URL.
/// - `duplicate-field-id`: a field id (rating, textField, textEditor, toggle) is used
///   twice in the flow; a note points at the first.
/// - `reserved-field-id`: a field id equal to a ``ContextVariable`` name or starting with
///   `flow.` or `screen.`.
/// - `invalid-template`: a malformed `${…}` (unclosed, empty or invalid name).
/// - `unknown-reference`: `${name}` names neither a field id of the flow, a
///   ``ContextVariable`` (`flow.id`, `screen.id`), nor one of
///   ``CompileOptions/additionalVariables``; with "did you mean" and a reminder that a
///   name the host provides can be declared as a host-provided variable. Both
///   template rules point at the `${` itself, found in the file's bytes when `source` is
///   given (see ``TemplateLocator``), else only in single-line unescaped scalars; the
///   scalar's start otherwise.
/// - `pop-on-root` (warning): a `pop` whose top screen is always the root of its stack,
///   where `pop` removes the whole stack (a stack left empty is removed, as by
///   `dismiss`); at the `pop` step. Defined below.
/// - `pop-to-not-in-stack` (warning): a `popTo: X` whose top is known to be a root R ≠ X
///   (the top stack is then `[R]`), or a screen R ≠ X with only the host's screens below
///   it (the start with `presentation: push`; a popTo target must be a screen of the flow
///   pushed before the top); the step always fails; at X. Any other `popTo: X` whose X is
///   not on top or always below the top when it runs (``StackBelowAnalysis``), at X.
/// - `invalid-value`: rating `min < max` and `min <= value <= max`; `maxLength >= 1`;
///   a constant `collectUserFeedback` `rating` (no `${…}`) that is not a whole number
///   from 1 to 5 (surrounding spaces allowed), at the rating.
/// - The step-argument rules (``StepArgument``, `ValidationRun+Arguments.swift`): a
///   templated argument that can never be what its step takes is `invalid-value`, one
///   that fails for some of its values is `argument-may-fail` (warning), each at the
///   argument and naming the values — but a rating field named alone, whose range is the
///   cause, is reported once at its range with a note at each step that submits it;
///   `if` conditions and `set` values whose evaluation can fail (a divisor that can be
///   zero) likewise.
/// - `missing-key`: a `collectUserFeedback` step without `rating`, at the step (a
///   submission always carries a rating from 1 to 5, so the step could only fail at run
///   time).
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
/// navigates. The warning is given only when the top
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
