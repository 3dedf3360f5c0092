import FlowSource

/// One run of ``FlowValidator`` over a flow: each rule appends to `diagnostics`.
struct ValidationRun {
    let flow: Flow
    /// Template names a host provides besides field ids and the context variables.
    let additionalVariables: [String]
    /// Custom step names the host registers handlers for (never `unknown-step`).
    let knownHandlers: Set<String>
    /// The handlers the host declares in a manifest, with their arguments.
    let handlerManifest: [HandlerDeclaration]
    /// Lower-case URL schemes `openURL` may use.
    let allowedURLSchemes: Set<String>
    /// The file the flow was decoded from, to place templates exactly (``TemplateLocator``).
    let source: SourceFile?
    var diagnostics = DiagnosticBag()
    /// Whether a field id is defined twice (``checkFieldIDs()`` tells): only then does the
    /// expression environment look for the first definition of each. `FlowValidator` runs
    /// ``checkFieldIDs()`` before any check that builds the environment; a new caller of
    /// `expressionEnvironment()` must come after it too.
    var hasDuplicateFieldIDs = false
    /// The `if` conditions ``check(_:as:in:scalarText:)`` found without a problem, by
    /// identity, so the `if`-chain rules need not check them again.
    var soundExpressions: Set<ObjectIdentifier> = []
    /// Screen ids in written order (the first of duplicates), made for the first message
    /// that lists them (``screenIDs()``).
    private var screenIDsInOrder: [String]?
    /// The screens and the ways between them; its steps are every step of every
    /// screen's actions, collected once, so that no rule copies whole screens to reach them.
    let navigation: NavigationGraph
    /// Screen id → position in `flow.screens` of its first screen (``NavigationGraph/screenIndex``).
    var screenIndex: [String: Int] { navigation.screenIndex }
    /// Every step, screen by screen (``NavigationGraph/steps``).
    var allSteps: [Step] { navigation.steps }
    /// The steps of `flow.screens[i]` are `allSteps[stepRanges[i]]`.
    var stepRanges: [Range<Int>] { navigation.stepRanges }
    /// Every template of every screen (``templates(of:)``), collected once for the rules
    /// that read them.
    let allTemplates: [TemplateString]
    /// Where in ``allTemplates`` the templates of each screen's primary action (its steps,
    /// `onFailure` included) are, for the screens whose primary action has any.
    let primaryTemplates: [(templates: Range<Int>, screen: Int)]
    /// Per screen, where the steps of its primary action (`onFailure` included), which come
    /// first in its ``stepRanges``, end in ``allSteps``.
    let primaryStepEnds: [Int]
    /// Whether the flow has anything the expression rules check: a condition, a branch, a
    /// `set`, a `${expression}`, a trigger or a declaration. Without any, they are skipped.
    let hasDecisions: Bool
    /// The expression environment, made at its first use (``sharedEnvironment()``).
    var environmentCache: ExpressionEnvironment?
    /// Screen position → the environment of its primary action, for the screens that
    /// require a rating that starts unrated (``primaryEnvironment(ofScreen:)``).
    var primaryEnvironments: [Int: ExpressionEnvironment] = [:]
    /// Each field id's first definition, as where its block is (the screen's and the
    /// block's positions), gathered at the first lookup (``firstField(_:)``): 8 bytes a
    /// field, not a copy of its kind and spans.
    var fieldTable: [String: FieldPlace]?
    /// The rules rating fields' ranges break where a field alone is a step's argument,
    /// each with its uses, in the order first found: reported once each, at the field
    /// (``reportFieldRanges()``).
    var fieldRangeFindings: [FieldRangeFinding] = []
    /// The position in `fieldRangeFindings` of each field and argument's finding.
    var fieldRangeIndex: [FieldRangeFinding.Key: Int] = [:]
    /// `screenIDs` prepared for "did you mean" on the first unknown target (one question
    /// per unknown target); `nil` until then.
    private var screenCandidates: Suggestion.Candidates?

    /// A run over `flow` with what the host provides in `options`.
    init(flow: Flow, options: CompileOptions = CompileOptions(), source: SourceFile? = nil) {
        self.flow = flow
        additionalVariables = options.additionalVariables
        knownHandlers = options.knownHandlers
        handlerManifest = options.handlerManifest
        // Schemes are compared in lower case (RFC 3986 §3.1); the set is remade only when
        // one is not written so (the defaults are), not once per file.
        let schemes = options.allowedURLSchemes
        let isLowerCase = schemes.allSatisfy { scheme in !scheme.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } }
        allowedURLSchemes = isLowerCase ? schemes : Set(schemes.map { $0.lowercased() })
        self.source = source
        navigation = NavigationGraph(flow: flow)
        var templates: [TemplateString] = []
        var decisions =
            flow.trigger != nil || !flow.context.isEmpty || !flow.events.isEmpty || !flow.variables.isEmpty
            || !flow.handlers.isEmpty
        var primaryRanges: [(templates: Range<Int>, screen: Int)] = []
        var primaryEnds: [Int] = []
        primaryEnds.reserveCapacity(flow.screens.count)
        for position in flow.screens.indices {
            let start = templates.count
            let steps = navigation.steps[navigation.stepRanges[position]]
            // The primary action's steps come first: their templates are kept apart, since
            // they read the ratings the screen requires as rated.
            let primaryCount = flow.screens[position].primaryAction.button.map { $0.action.allSteps.count + ($0.onFailure?.allSteps.count ?? 0) } ?? 0
            primaryEnds.append(navigation.stepRanges[position].lowerBound + primaryCount)
            Self.appendTemplates(of: flow.screens[position], to: &templates, steps: steps.prefix(0))
            let primaryStart = templates.count
            Self.appendStepTemplates(of: steps.prefix(primaryCount), to: &templates)
            if templates.count > primaryStart { primaryRanges.append((primaryStart..<templates.count, position)) }
            Self.appendStepTemplates(of: steps.dropFirst(primaryCount), to: &templates)
            // Read in place: copying each screen would cost what the whole pass costs.
            if !decisions {
                decisions =
                    flow.screens[position].extraContent.contains { $0.visibleWhen != nil || $0.requiredWhen != nil }
                    || flow.screens[position].primaryAction.enabledWhen != nil
                    || flow.screens[position].secondaryAction.enabledWhen != nil
                    || steps.contains(where: \.isDecision) || templates[start...].contains(where: \.hasExpressions)
            }
        }
        allTemplates = templates
        primaryTemplates = primaryRanges
        primaryStepEnds = primaryEnds
        hasDecisions = decisions
    }

    mutating func report(
        _ code: FlowDiagnosticCode, _ message: String, at span: SourceSpan?,
        notes: [Diagnostic.Note] = [], hint: String? = nil
    ) {
        diagnostics.append(Diagnostic(
            severity: code.severity, code: code.rawValue, message: message, span: span, notes: notes, hint: hint))
    }

    // MARK: Screens and navigation

    /// `empty-flow`; `false` when there is nothing further to check.
    mutating func checkHasScreens() -> Bool {
        guard flow.screens.isEmpty else { return true }
        report(.emptyFlow, "a flow needs at least one screen", at: flow.screensSpan)
        return false
    }

    /// `duplicate-screen-id` (only flows built in code can have them: in files, screen
    /// ids are mapping keys and a duplicate is the loader's `duplicate-key`).
    mutating func checkUniqueScreenIDs() {
        for position in flow.screens.indices {
            let id = flow.screens[position].id
            guard let first = screenIndex[id], first != position else { continue }
            report(.duplicateScreenID, "duplicate screen id '\(id)'", at: flow.screens[position].span,
                   notes: [Diagnostic.Note(message: "first defined here", span: flow.screens[first].span)])
        }
    }

    /// `unknown-screen` for `start` (`invalid-value` when it holds `${`); returns whether
    /// `start` names a screen.
    mutating func checkStart() -> Bool {
        guard screenIndex[flow.start] == nil else { return true }
        if Self.looksLikeTemplate(flow.start) {
            reportTemplateAsScreenID(flow.start, at: flow.startSpan, role: "start screen", example: "start")
        } else {
            reportUnknownScreen(flow.start, at: flow.startSpan, role: "start screen")
        }
        return false
    }

    /// `unknown-screen` for every `push`/`present`/`replace`/`popTo` target that names no
    /// screen; `invalid-value` for a target holding `${` (screen ids are names: the
    /// navigator never renders them, so `push: ${x}` can only fail).
    /// A step built in Swift has no place in a file: its message names its screen instead.
    mutating func checkTargets() {
        for position in flow.screens.indices {
            for step in allSteps[stepRanges[position]] {
                guard let target = step.target, screenIndex[target] == nil else { continue }
                let span = step.argumentSpan ?? step.span
                let role = "'\(step.name)' target"
                if Self.looksLikeTemplate(target) {
                    reportTemplateAsScreenID(target, at: span, role: role, example: step.name)
                } else {
                    reportUnknownScreen(target, at: span, role: role, on: flow.screens[position].id)
                }
            }
        }
    }

    /// Whether a name that is never rendered holds a template opening `${`.
    static func looksLikeTemplate(_ name: String) -> Bool {
        // Read as UTF-8 bytes, as the template parser reads `${` (a substring search over
        // Characters costs microseconds a name).
        var previous: UInt8 = 0
        for byte in name.utf8 {
            if previous == UInt8(ascii: "$"), byte == UInt8(ascii: "{") { return true }
            previous = byte
        }
        return false
    }

    private mutating func reportTemplateAsScreenID(_ id: String, at span: SourceSpan?, role: String, example: String) {
        report(
            .invalidValue, "\(role) '\(id)' is not a screen id: screen ids are names, not templates", at: span,
            hint: "write the id of a screen, e.g. '\(example): \(flow.screens.first?.id ?? "thanks")'")
    }

    /// Screen ids in written order, the first of duplicates; made once. O(screens).
    private mutating func screenIDs() -> [String] {
        if let made = screenIDsInOrder { return made }
        var seen: Set<String> = []
        let made = flow.screens.map(\.id).filter { seen.insert($0).inserted }
        screenIDsInOrder = made
        return made
    }

    /// `unknown-screen` for `id`, named as `role`; without a place in a file (a flow built
    /// in Swift) the message says the role and the `screen` whose step names it.
    private mutating func reportUnknownScreen(_ id: String, at span: SourceSpan?, role: String, on screen: String? = nil) {
        if screenCandidates == nil { screenCandidates = Suggestion.Candidates(screenIDs()) }
        let hint = screenCandidates?.hint(for: id) ?? "the screens are " + NameList.joined(screenIDs())
        let place = span != nil ? "" : " (\(role)" + (screen.map { " on screen '\($0)'" } ?? "") + ")"
        report(.unknownScreen, "unknown screen '\(id)'" + place, at: span, hint: "\(role): \(hint)")
    }

    /// The ids of the screens reachable from the start (``NavigationGraph/reachable``).
    func reachableScreens() -> Set<String> { navigation.reachable }

    /// `unreachable-screen` (warning) at each screen no chain of steps from the start shows.
    mutating func checkReachability(_ reachable: Set<String>) {
        for position in flow.screens.indices where !reachable.contains(flow.screens[position].id) {
            report(
                .unreachableScreen,
                "screen '\(flow.screens[position].id)' is unreachable from the start screen '\(flow.start)'",
                at: flow.screens[position].span, hint: "no push, present or replace step of a reachable screen shows it")
        }
    }

    /// `pop-on-root` and `pop-to-not-in-stack` (warnings); see ``StackRootAnalysis`` for
    /// the exact rules. A `popTo` target that names no screen is `unknown-screen` instead.
    mutating func checkPopOnRoot(_ reachable: Set<String>) {
        // Only a `pop` or a `popTo` is ever reported, and the analysis walks only steps
        // that `allSteps` holds too: a flow with neither needs no analysis.
        let popsAnywhere = allSteps.contains { step in
            switch step.kind {
            case .navigate(.pop), .navigate(.popTo): true
            default: false
            }
        }
        guard popsAnywhere else { return }
        let analysis = StackRootAnalysis(flow: flow, reachable: reachable)
        for (root, step) in analysis.popsOnRoot {
            report(
                .popOnRoot, "'pop' on screen '\(root)', which is always the root of its stack", at: step.span,
                hint: "here 'pop' removes the whole stack; write 'dismiss' to say so, or show '\(root)' with 'push'")
        }
        for finding in StackBelowAnalysis(flow: flow, reachable: reachable, steps: allSteps).findings
        where screenIndex[finding.target] != nil {
            reportPopTo(finding, roots: analysis)
        }
    }

    /// `pop-to-not-in-stack` for a `popTo` that can fail, saying why.
    private mutating func reportPopTo(_ finding: StackBelowAnalysis.Finding, roots: StackRootAnalysis) {
        let at = finding.step.argumentSpan ?? finding.step.span
        let (target, screen) = (finding.target, finding.screen)
        guard let top = finding.top else {
            report(
                .popToNotInStack,
                finding.judged
                    ? "'popTo: \(target)' on screen '\(screen)' can fail: which screen is on top after the steps before it is not known"
                    : "'popTo: \(target)' on screen '\(screen)' can fail: the flow has too many popTo targets to judge which are in the stack",
                at: at,
                hint: "popTo looks for '\(target)' below the top of the top stack and fails when it is not there; run it where the screen on top is known to have '\(target)' below it")
            return
        }
        if !finding.otherTops.isEmpty, !finding.always {
            let tops = NameList.joined(([top] + finding.otherTops).sorted())
            report(
                .popToNotInStack,
                "'popTo: \(target)' on screen '\(screen)' can fail: after the steps before it the top is one of \(tops), and '\(target)' is \(finding.neverBelowTop ? "never" : "not always") below '\(top)'",
                at: at,
                hint: "popTo fails when '\(target)' is not below the top of the top stack; end each branch before it on a screen pushed from '\(target)', or move the popTo into the branches")
            return
        }
        guard finding.always else {
            report(
                .popToNotInStack,
                "'popTo: \(target)' on screen '\(screen)' can fail: '\(target)' is below '\(top)' in some ways of reaching it, not in all",
                at: at,
                hint: "popTo fails when '\(target)' is not below the top of the top stack; reach '\(top)' only by pushes from '\(target)', or use 'pop' or 'popToRoot'")
            return
        }
        if !roots.mayBeAboveRoot.contains(top), roots.mayBeOnHost.contains(top) {
            report(
                .popToNotInStack,
                "'popTo: \(target)' on screen '\(top)', which is always the flow's first screen in its stack (only host screens are below it); '\(target)' is never below it",
                at: at,
                hint: "popTo looks only for screens of the flow pushed before the top one, and none is below '\(top)', so the step always fails; use 'pop' to go back to the host's screen, or push '\(top)' from '\(target)'")
        } else if !roots.mayBeAboveRoot.contains(top) {
            report(
                .popToNotInStack,
                "'popTo: \(target)' on screen '\(top)', which is always the only screen of its stack; '\(target)' is never in it",
                at: at,
                hint: "popTo looks only in the top stack, which here holds only '\(top)', so the step always fails; use 'dismiss' to close that stack, or show '\(top)' with 'push' so the screens below stay in it")
        } else {
            report(
                .popToNotInStack,
                "'popTo: \(target)' on screen '\(screen)' always fails: '\(target)' is never below '\(top)' in its stack",
                at: at,
                hint: "popTo looks only below the top of the top stack; '\(top)' is never shown by a push from '\(target)' or from a screen above it")
        }
    }

    // MARK: Steps

    /// `unknown-step` (warning): a custom step whose name is a likely typo of a built-in
    /// step (``Suggestion`` closeness, so `Push`, `openUrl` and `dismis` are caught), unless
    /// the host declares a handler of that name in `knownHandlers`. At run time such a
    /// step fails with "no handler registered" unless a handler has that exact name.
    ///
    /// When the flow or a manifest declares handlers, a custom step is ``checkHandlers()``'s
    /// to judge: a declared one is meant, and an undeclared one close to a built-in step is
    /// one `undeclared-handler` error whose hint names the built-in step: one mistake, one
    /// diagnostic.
    mutating func checkStepNames() {
        // With declared handlers, every custom step is ``checkHandlers()``'s to judge.
        guard handlerManifest.isEmpty, flow.handlers.isEmpty else { return }
        for step in allSteps {
            guard case .custom(let name, _) = step.kind, !knownHandlers.contains(name),
                let builtIn = Suggestion.closest(to: name, among: BuiltInStep.names)
            else { continue }
            report(
                .unknownStep, "unknown step '\(name)'; it will run as a custom handler",
                at: step.nameSpan ?? step.span,
                hint: "did you mean '\(builtIn)'? If '\(name)' is a custom step, declare its handler")
        }
    }

    /// Arguments of built-in steps that can only fail at run time:
    /// - `finish` with an empty outcome, or one holding `${` (outcomes are names and are
    ///   never rendered): `invalid-value` at the outcome;
    /// - every templated argument of the step's ``BuiltInStep/arguments``, by its rule
    ///   (``checkArgument(_:against:step:field:)``).
    mutating func checkStepArguments() {
        for position in flow.screens.indices {
            var ratingField: String??
            for index in stepRanges[position] {
                let step = allSteps[index]
                switch step.kind {
                case .finish(let outcome?):
                    checkOutcome(outcome, step: step)
                    continue
                case .openURL, .collectUserFeedback:
                    // The steps with templated arguments: the others need no lookup.
                    break
                default:
                    continue
                }
                guard let arguments = BuiltInStep.named[step.name]?.arguments, !arguments.isEmpty else { continue }
                // The screen's rating field, for hints; looked up at its first use.
                if ratingField == nil { ratingField = .some(flow.screens[position].ratingFieldID) }
                for argument in arguments {
                    guard let template = step.kind.template(for: argument) else { continue }
                    checkArgument(
                        template, against: argument, step: step, field: ratingField ?? nil, primaryOf: index < primaryStepEnds[position] ? position : nil)
                }
            }
        }
        reportFieldRanges()
    }

    /// `finish` with an empty outcome, or one holding `${`: `invalid-value` at the outcome.
    private mutating func checkOutcome(_ outcome: String, step: Step) {
        let span = step.argumentSpan ?? step.span
        if Self.looksLikeTemplate(outcome) {
            report(
                .invalidValue, "finish outcome '\(outcome)' is a name, not a template", at: span,
                hint: "outcomes are names and are never rendered; write a name such as 'finish: submitted'")
        } else if outcome.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            report(
                .invalidValue, "finish outcome must not be empty", at: span,
                hint: "write 'finish' alone for the outcome 'finished', or name it, e.g. 'finish: submitted'")
        }
    }

    /// `template`, the value of `argument` of `step`, against the argument's rule:
    /// - a whole number: a constant must be one by ``StepArgumentRule/wholeNumber(fromRendered:)``
    ///   (`invalid-value` at it); a template is judged by what it can render
    ///   (``checkWholeNumber(_:argument:field:at:)``);
    /// - a URL: a constant must be a URL by the runtime's rule (`invalid-value`) with an
    ///   allowed scheme (`disallowed-url-scheme`); a template, by what it can render
    ///   (``checkTemplatedURL(_:at:)``);
    /// - any text: nothing to check.
    /// `field` is the screen's rating field, for hints.
    /// `primaryOf` is the screen's position when the step belongs to its primary action,
    /// where the ratings it requires are rated.
    mutating func checkArgument(
        _ template: TemplateString, against argument: StepArgument, step: Step, field: String?, primaryOf screen: Int?
    ) {
        guard template.problems.isEmpty else { return }
        let span = template.span ?? step.argumentSpan ?? step.span
        switch argument.rule {
        case .text:
            break
        case .wholeNumber:
            guard template.isConstant else {
                checkWholeNumber(template, argument: argument, field: field, at: span, primaryOf: screen)
                return
            }
            let text = template.render { _ in nil }
            if argument.rule.wholeNumber(fromRendered: text) == nil {
                report(
                    .invalidValue, "\(argument.step) \(argument.key ?? argument.rule.noun) must be \(argument.rule.described), found '\(text)'",
                    at: span, hint: "the step takes \(argument.rule.described)")
            }
        case .url:
            guard template.isConstant else {
                checkTemplatedURL(template, at: span)
                return
            }
            let text = template.render { _ in nil }
            guard let scheme = URLSchemePolicy.scheme(of: text) else {
                report(
                    .invalidValue, "openURL '\(text)' is not a URL", at: span,
                    hint: "a URL starts with a scheme and ':' and has no spaces, e.g. 'https://example.com'")
                return
            }
            checkScheme(scheme, at: span)
        }
    }

    /// `disallowed-url-scheme` for a scheme that is not in `allowedURLSchemes`.
    mutating func checkScheme(_ scheme: String, at span: SourceSpan?) {
        guard !allowedURLSchemes.contains(scheme) else { return }
        let allowed = allowedURLSchemes.sorted().joined(separator: ", ")
        report(
            .disallowedURLScheme, "openURL scheme '\(scheme)' is not allowed (allowed: \(allowed))", at: span,
            hint: "the runtime refuses this URL and the step fails; use one of the allowed schemes")
    }

    // MARK: Fields

    /// `duplicate-field-id`, with a note at the first definition, and `reserved-field-id`
    /// for an id that is a context variable or starts like one (``ContextVariable/isReserved(_:)``);
    /// returns the field ids in written order (each once).
    mutating func checkFieldIDs() -> [String] {
        var first: [String: SourceSpan?] = [:]
        var ids: [String] = []
        for position in flow.screens.indices {
            for block in flow.screens[position].extraContent.indices {
                guard let id = flow.screens[position].extraContent[block].fieldID, !id.isEmpty else { continue }
                let span = Self.idSpan(of: flow.screens[position].extraContent[block])
                if ContextVariable.isReserved(id) {
                    report(
                        .reservedFieldID, "field id '\(id)' is reserved for the context variables", at: span,
                        hint: "'${flow.id}' and '${screen.id}' always name the flow's and the screen's id, and ids starting with "
                            + ContextVariable.reservedPrefixes.map { "'\($0)'" }.joined(separator: " or ") + " are kept for them; choose another id")
                }
                if let earlier = first[id] {
                    hasDuplicateFieldIDs = true
                    report(.duplicateFieldID, "duplicate field id '\(id)'", at: span,
                           notes: [Diagnostic.Note(message: "first defined here", span: earlier)],
                           hint: "field ids are unique in a flow, because values live for the whole flow")
                } else {
                    first[id] = span
                    ids.append(id)
                }
            }
        }
        return ids
    }

    static func idSpan(of block: ContentBlock) -> SourceSpan? {
        if case .field(let field) = block.kind { field.spans.id ?? block.span } else { block.span }
    }

    /// `invalid-value` for rating ranges (`min < max`, `min <= value <= max`) and
    /// `maxLength >= 1`.
    mutating func checkFieldRanges() {
        for position in flow.screens.indices {
            for block in flow.screens[position].extraContent {
                guard case .field(let field) = block.kind else { continue }
                let spans = field.spans
                if case .rating(let min, let max, let value) = field.kind {
                    if min >= max {
                        report(.invalidValue, "rating min \(min) must be less than max \(max)",
                               at: spans.min ?? spans.max ?? block.span)
                    } else if let value, value < min || value > max {
                        report(.invalidValue, "rating value \(value) is outside \(min)...\(max)",
                               at: spans.value ?? block.span, hint: "min <= value <= max")
                    }
                }
                if let maxLength = field.kind.maxLength, maxLength < 1 {
                    report(.invalidValue, "maxLength must be at least 1, found \(maxLength)", at: spans.maxLength ?? block.span)
                }
            }
        }
    }

    // MARK: Feedback

    /// `missing-key` for a `collectUserFeedback` step without `rating` (a submission always
    /// carries a rating from 1 to 5, so such a step can only fail), at the step. A written
    /// rating is checked by its rule (``checkStepArguments()``).
    mutating func checkFeedbackRatings() {
        for position in flow.screens.indices {
            for step in allSteps[stepRanges[position]] {
                guard case .collectUserFeedback(let request) = step.kind, request.rating == nil else { continue }
                let range = StepArgument.ratings
                let hint = flow.screens[position].ratingFieldID.map {
                    "write 'rating: \"${\($0)}\"' (the screen's rating field) or a whole number from \(range.lowerBound) to \(range.upperBound)"
                } ?? "write 'rating: N' with a whole number from \(range.lowerBound) to \(range.upperBound), or '${ID}' naming a rating field"
                report(.missingKey, "collectUserFeedback needs 'rating'", at: step.span, hint: hint)
            }
        }
    }

    // MARK: Templates

    /// `invalid-template` and `unknown-reference` in every template of every screen.
    /// The places of one template's problems are found together
    /// (``TemplateLocator/spans(in:for:source:)``: one pass over the scalar however many
    /// `${…}` it holds), and "did you mean" asks a list of known names prepared once.
    mutating func checkTemplates(fieldIDs: [String]) {
        let returned = (handlerManifest + flow.handlers).flatMap { handler in handler.returns.map { handler.returnedName($0.name) } }
        let known = fieldIDs + ContextVariable.names + additionalVariables + (flow.context + flow.variables).map(\.name) + returned
        let knownSet = Set(known)
        var candidates: Suggestion.Candidates?
        for template in allTemplates {
            do {
                let unknown = template.references.filter {
                    TemplateString.isValidName(Substring($0.name)) && !knownSet.contains($0.name)
                }
                guard !template.problems.isEmpty || !unknown.isEmpty else { continue }
                let requests =
                    template.problems.map { TemplateLocator.Request(offset: $0.offset, length: 1) }
                    + unknown.map { TemplateLocator.Request(offset: $0.offset, length: $0.name.unicodeScalars.count + 3) }
                let spans = TemplateLocator.spans(in: template, for: requests, source: source)
                for (problem, span) in zip(template.problems, spans) {
                    report(.invalidTemplate, problem.message, at: span,
                           hint: "write '${name}' for a value, '$$' for a literal '$'")
                }
                for ((name, _), span) in zip(unknown, spans.dropFirst(template.problems.count)) {
                    if candidates == nil { candidates = Suggestion.Candidates(known) }
                    let hint = candidates?.hint(for: name).map {
                        "\($0) If the host provides '\(name)', declare it as a host-provided variable"
                    } ?? "a template names a field id of the flow, "
                        + ContextVariable.names.map { "'\($0)'" }.joined(separator: ", ")
                        + ", or a host-provided variable; if the host provides '\(name)', declare it as one"
                    report(.unknownReference, "unknown reference '\(name)'", at: span, hint: hint)
                }
            }
        }
    }

    /// Every template of a screen, in written order as far as the model keeps it: title,
    /// subtitle, text blocks, then per action the button titles and the step arguments.
    static func templates(of screen: FeedbackConfiguration) -> [TemplateString] {
        var templates: [TemplateString] = []
        appendTemplates(of: screen, to: &templates, steps: screen.actions.flatMap(\.allSteps)[...])
        return templates
    }

    /// ``templates(of:)`` appended to `templates`, with the screen's `steps` (every step
    /// of its actions, nested ones included) already collected.
    static func appendTemplates(of screen: FeedbackConfiguration, to templates: inout [TemplateString], steps: ArraySlice<Step>) {
        templates.append(screen.title)
        if let subtitle = screen.subtitle { templates.append(subtitle) }
        for block in screen.extraContent {
            if case .text(let text) = block.kind { templates.append(text) }
        }
        // The buttons' titles read from the cases in place (``FeedbackPrimaryAction/button``
        // copies the whole button).
        func appendTitles(of button: ActionButton) {
            templates.append(button.title)
            if let loading = button.loadingTitle { templates.append(loading) }
        }
        switch screen.primaryAction {
        case .none: break
        case .button(let button), .retryButton(let button): appendTitles(of: button)
        }
        switch screen.secondaryAction {
        case .none: break
        case .button(let button), .link(let button): appendTitles(of: button)
        }
        appendStepTemplates(of: steps, to: &templates)
    }

    /// The templates of `steps` (their arguments), appended to `templates` in order.
    static func appendStepTemplates(of steps: ArraySlice<Step>, to templates: inout [TemplateString]) {
        for step in steps {
            step.kind.appendTemplates(to: &templates)
            templates.append(contentsOf: step.argumentTemplates)
        }
    }
}
