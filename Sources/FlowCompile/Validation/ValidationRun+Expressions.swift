import FlowSource

/// The rules of expressions and decisions: every expression type-checked at its exact
/// place, conditions that are constant, `if` chains that leave rating values without a
/// step or hold a branch that can never run, and the trigger's event.
extension ValidationRun {
    /// What an expression is for: the type its value must have.
    enum ExpressionRole {
        /// A condition (`enabledWhen`, `visibleWhen`, `requiredWhen`, `if`, `when`): a boolean.
        case condition
        /// A `${…}` in a template: any value.
        case template
        /// A `set` value for a variable of this type.
        case assignment(ValueType)
    }

    /// The names every expression of the flow may read, with their types and (for few
    /// values) their domains: field ids, `flow.id`, `screen.id`, declared context values
    /// and variables, host-provided variables (strings), what handlers return, and the
    /// payload of the trigger's event (readable only where ``ExpressionEnvironment/readsEvent``).
    /// Everything is read in place: no screen, block or declaration list is copied.
    func expressionEnvironment() -> ExpressionEnvironment {
        var environment = ExpressionEnvironment()
        // Room for every name declared below, so the table is not regrown on the way.
        environment.types.reserveCapacity(
            additionalVariables.count + ContextVariable.names.count + flow.context.count + flow.variables.count
                + blockCount + 8)
        if !flow.namesWithBrokenTypes.isEmpty { environment.uncheckedNames = Set(flow.namesWithBrokenTypes) }
        for name in additionalVariables { environment.declare(name, ValueType(.string)) }
        for name in ContextVariable.names {
            environment.declare(name, ValueType(.string))
            environment.nonEmpty.insert(name)
        }
        for declaration in flow.context { environment.declare(declaration.name, declaration.type) }
        for declaration in flow.variables { environment.declare(declaration.name, declaration.type) }
        // What a handler returned, `null` until it has.
        for handler in handlerManifest {
            for value in handler.returns {
                environment.declare(handler.returnedName(value.name), ValueType(value.type.base, isOptional: true))
            }
        }
        for handler in flow.handlers {
            for value in handler.returns {
                environment.declare(handler.returnedName(value.name), ValueType(value.type.base, isOptional: true))
            }
        }
        if let trigger = flow.trigger, let event = flow.events.first(where: { $0.name == trigger.event }) {
            for field in event.payload { environment.declare(EventDeclaration.payloadPrefix + field.name, field.type) }
        }
        // A field id defined twice is `duplicate-field-id` at the second; the first
        // definition gives the name its type, so no follow-on error comes from the second.
        var declaredFields: Set<String>? = hasDuplicateFieldIDs ? [] : nil
        for screen in flow.screens.indices {
            for block in flow.screens[screen].extraContent.indices {
                guard let field = flow.screens[screen].extraContent[block].field else { continue }
                if declaredFields != nil, declaredFields?.insert(field.id).inserted == false { continue }
                // A rating that starts unrated reads `null` until it is rated.
                environment.declare(field.id, field.startsUnrated ? ValueType(.integer, isOptional: true) : field.kind.valueType)
                if let maxLength = field.kind.maxLength { environment.maximumLengths[field.id] = maxLength }
                if !TemplateString.isValidName(Substring(field.id)) { environment.refusedNames.append(field.id) }
                // A rating's few values, for the checks of `if` chains that leave one out.
                if case .rating(let min, let max, _) = field.kind {
                    if min <= max { environment.ranges[field.id] = min...max }
                    let (width, overflow) = max.subtractingReportingOverflow(min)
                    if min <= max, !overflow, width < 100 {
                        environment.declareValues((min...max).map { .integer($0) } + (field.startsUnrated ? [.null] : []), of: field.id)
                    }
                }
            }
        }
        return environment
    }

    /// The content blocks of every screen: at most this many fields, what tables of
    /// field ids are sized for. O(screens).
    private var blockCount: Int {
        flow.screens.indices.reduce(0) { $0 + flow.screens[$1].extraContent.count }
    }

    /// Checks every expression of the flow, the `if` chains and the trigger.
    mutating func checkExpressions() {
        guard hasDecisions else { return }
        let environment = sharedEnvironment()
        checkDeclarations()
        // Every condition first, so the `if`-chain rules below know which are sound. A
        // primary action's steps read the screen's required ratings as rated.
        for position in flow.screens.indices {
            for index in stepRanges[position] {
                let step = allSteps[index]
                switch step.kind {
                case .branch(let branch):
                    // Only `if` conditions are read again, by the chain rules.
                    let stepEnvironment = self.environment(forStep: index, ofScreen: position)
                    if check(branch.condition, as: .condition, in: stepEnvironment, evaluatedByStep: true) != nil {
                        soundExpressions.insert(branch.condition.identity)
                    }
                case .assign(let assignments):
                    let stepEnvironment = self.environment(forStep: index, ofScreen: position)
                    for assignment in assignments { checkAssignment(assignment, in: stepEnvironment) }
                default: break
                }
            }
        }
        // Screens, buttons and blocks are read in place: copying them costs more than the checks.
        for position in flow.screens.indices {
            if let condition = flow.screens[position].primaryAction.enabledWhen { check(condition, as: .condition, in: environment) }
            if let condition = flow.screens[position].secondaryAction.enabledWhen { check(condition, as: .condition, in: environment) }
            for block in flow.screens[position].extraContent.indices {
                if let condition = flow.screens[position].extraContent[block].visibleWhen {
                    check(condition, as: .condition, in: environment)
                }
                if let condition = flow.screens[position].extraContent[block].requiredWhen {
                    check(condition, as: .condition, in: environment)
                }
            }
            guard allSteps[stepRanges[position]].contains(where: \.isDecision) else { continue }
            // The primary button's action and its `onFailure` come first.
            let primaryActions = flow.screens[position].primaryAction.button.map { $0.onFailure == nil ? 1 : 2 } ?? 0
            for (offset, action) in flow.screens[position].actions.enumerated() where action.steps.contains(where: \.isDecision) {
                checkBranches(action.steps, in: offset < primaryActions ? primaryEnvironment(ofScreen: position) : environment)
            }
        }
        // A primary action's templates read the ratings its screen requires as rated.
        var primaryOf: [Int: Int] = [:]
        for (templates, screen) in primaryTemplates {
            _ = primaryEnvironment(ofScreen: screen)
            // Only a screen that requires a rating starting unrated has an environment of its own.
            guard primaryEnvironments[screen] != nil else { continue }
            for index in templates { primaryOf[index] = screen }
        }
        for index in allTemplates.indices where allTemplates[index].hasExpressions {
            let template = allTemplates[index]
            let templateEnvironment = primaryOf[index].map { primaryEnvironment(ofScreen: $0) } ?? environment
            for (expression, _) in template.expressions {
                check(expression, as: .template, in: templateEnvironment, scalarText: template.raw)
            }
        }
        if let trigger = flow.trigger { checkTrigger(trigger, in: environment) }
    }

    /// A declared context value or variable that is also a field id would make the name
    /// ambiguous: `invalid-value` at the declaration.
    private mutating func checkDeclarations() {
        // What handlers return, `NAME.FIELD`: a name no field, context value or variable may take.
        var returned: [String: String] = [:]
        for handler in handlerManifest + flow.handlers {
            for value in handler.returns where returned[handler.returnedName(value.name)] == nil {
                let name = handler.returnedName(value.name)
                returned[name] = handler.name
                // `flow.id` and `screen.id` always read the flow's and the screen's id.
                if ContextVariable.isReserved(name) {
                    report(
                        .invalidValue, "handler '\(handler.name)' returns '\(name)', a name kept for the context variables",
                        at: handler.span, hint: "names starting with 'flow.' or 'screen.' are built in; rename the handler")
                }
            }
        }
        guard !flow.context.isEmpty || !flow.variables.isEmpty || !returned.isEmpty else { return }
        var fieldIDs: Set<String> = []
        fieldIDs.reserveCapacity(blockCount)
        for screen in flow.screens.indices {
            for block in flow.screens[screen].extraContent.indices {
                guard let id = flow.screens[screen].extraContent[block].fieldID else { continue }
                fieldIDs.insert(id)
                if let handler = returned[id] {
                    report(
                        .invalidValue, "field id '\(id)' is also a value handler '\(handler)' returns",
                        at: Self.idSpan(of: flow.screens[screen].extraContent[block]),
                        hint: "an expression could not tell them apart; rename the field")
                }
            }
        }
        var seen: [String: SourceSpan?] = [:]
        seen.reserveCapacity(flow.context.count + flow.variables.count)
        func check(_ declaration: ValueDeclaration) {
            if fieldIDs.contains(declaration.name) {
                report(
                    .invalidValue, "'\(declaration.name)' is declared and is also a field id", at: declaration.span,
                    hint: "an expression could not tell them apart; rename one")
            } else if let handler = returned[declaration.name] {
                report(
                    .invalidValue, "'\(declaration.name)' is declared and is also a value handler '\(handler)' returns",
                    at: declaration.span, hint: "an expression could not tell them apart; rename one")
            } else if let first = seen[declaration.name] {
                report(
                    .invalidValue, "'\(declaration.name)' is declared under both 'context' and 'variables'", at: declaration.span,
                    notes: first.map { [Diagnostic.Note(message: "first declared here", span: $0)] } ?? [])
            }
            seen[declaration.name] = declaration.span
        }
        for declaration in flow.context { check(declaration) }
        for declaration in flow.variables { check(declaration) }
    }

    /// The trigger's event must be declared; its condition may read the event's payload.
    private mutating func checkTrigger(_ trigger: PresentationTrigger, in environment: ExpressionEnvironment) {
        // The payload is already declared (``expressionEnvironment()``): only this
        // expression may read it.
        var environment = environment
        environment.readsEvent = true
        if !flow.events.contains(where: { $0.name == trigger.event }) {
            environment.unchecked.append(EventDeclaration.payloadPrefix)
            let names = flow.events.map(\.name)
            report(
                .unknownEvent, "unknown event '\(trigger.event)'", at: trigger.spans.event ?? trigger.spans.trigger,
                hint: Suggestion.hint(for: trigger.event, among: names)
                    ?? "declare it under 'events:', e.g. 'events: {\(trigger.event): {}}'")
        }
        if let condition = trigger.when { check(condition, as: .condition, in: environment) }
    }

    /// Checks a `set` value against its variable, and that it can be evaluated.
    private mutating func checkAssignment(_ assignment: VariableAssignment, in environment: ExpressionEnvironment) {
        guard let variable = flow.variables.first(where: { $0.name == assignment.name }) else {
            let name = assignment.name
            // Declared with a type that did not decode: that is reported where it is written.
            if flow.namesWithBrokenTypes.contains(name) {
                check(assignment.value, as: .template, in: environment)
                return
            }
            let isField = flow.screens.contains { $0.fields.contains { $0.fieldID == name } }
            let hint: String =
                if isField {
                    "'\(name)' is a field: the person fills it in; 'set' gives values to variables declared under 'variables:' with other names"
                } else if ContextVariable.isReserved(name) || name.hasPrefix(EventDeclaration.payloadPrefix) {
                    "names starting with 'flow.', 'screen.' or 'event.' are built in; declare a variable with another name under 'variables:'"
                } else {
                    Suggestion.hint(for: name, among: flow.variables.map(\.name))
                        ?? "declare it under 'variables:', e.g. 'variables: {\(name): integer}'"
                }
            report(.unknownReference, "unknown variable '\(name)'", at: assignment.span, hint: hint)
            check(assignment.value, as: .template, in: environment)
            return
        }
        check(assignment.value, as: .assignment(variable.type), in: environment, evaluatedByStep: true)
    }

    /// Parses and type-checks `expression`, reporting each problem at its place; a
    /// condition is also checked for being constant.
    /// - Returns: the type found, `nil` after a problem.
    @discardableResult
    /// - Parameter evaluatedByStep: whether a step evaluates it (an `if` condition, a `set`
    ///   value), where an evaluation that fails fails the step: then checked for that too
    ///   (``checkEvaluation(_:tree:types:in:place:)``).
    mutating func check(
        _ expression: FlowExpression, as role: ExpressionRole, in environment: ExpressionEnvironment, scalarText: String? = nil,
        evaluatedByStep: Bool = false
    ) -> ValueType? {
        let scalarText = scalarText ?? expression.text
        let source = source
        let place = { (range: Range<Int>) in
            ExpressionLocator.span(of: range, in: expression, scalarText: scalarText, source: source)
        }
        let tree: ExpressionTree
        switch expression.parsed {
        case .failure(let problem):
            report(problem, place: place)
            return nil
        case .success(let parsed): tree = parsed
        }
        for problem in tree.recovered { report(problem, place: place) }
        let text = expression.text
        let (types, problems) = ExpressionChecker.check(tree, text: text, in: environment)
        for problem in problems { report(problem, place: place) }
        guard problems.isEmpty, case .value(let type) = types[tree.root] else {
            if problems.isEmpty, types[tree.root] == .null {
                switch role {
                case .assignment(let expected) where !expected.isOptional:
                    report(ExpressionMessages.valueMismatch(expected: expected, found: "null", at: tree.nodes[tree.root].range), place: place)
                case .condition:
                    report(ExpressionMessages.conditionNotBoolean(found: "null", at: tree.nodes[tree.root].range), place: place)
                default: break
                }
            }
            return nil
        }
        let whole = tree.nodes[tree.root].range
        switch role {
        case .condition:
            if type == ValueType(.boolean, isOptional: true) {
                report(ExpressionMessages.mayBeNull(expression.text, type: type, at: whole), place: place)
                return nil
            }
            guard type == ValueType(.boolean) else {
                let problem = ExpressionMessages.conditionNotBoolean(found: ExpressionMessages.article(type.description), at: whole)
                report(problem, place: place)
                return nil
            }
            checkConstant(tree, text: text, types: types, in: environment, place: place)
        case .assignment(let expected):
            let fits = type.base == expected.base || (type.base == .integer && expected.base == .decimal)
            guard fits, expected.isOptional || !type.isOptional else {
                let problem = ExpressionMessages.valueMismatch(
                    expected: expected, found: ExpressionMessages.article(type.description), at: whole)
                report(problem, place: place)
                return nil
            }
        case .template:
            break
        }
        if evaluatedByStep { checkEvaluation(expression, tree: tree, types: types, in: environment, place: place) }
        return type
    }

    /// `constant-condition` at a condition, or at the outermost operand of its top-level
    /// `&&`/`||` chain, that has one value for every value its names can take.
    private mutating func checkConstant(
        _ tree: ExpressionTree, text: String, types: [CheckedType], in environment: ExpressionEnvironment,
        place: (Range<Int>) -> SourceSpan?
    ) {
        let domains = environment.domains
        /// Whether the subtree `first...index` reads a name whose type has no domain in
        /// this environment (a string, a decimal): then it has no values to try, known
        /// without looking its names up.
        func readsNameWithoutDomain(_ first: Int, _ index: Int) -> Bool {
            for position in first...index {
                guard case .value(let type) = types[position], !environment.hasDomains(type.base) else { continue }
                if case .name = tree.nodes[position].kind { return true }
            }
            return false
        }
        // The condition, then the operands of its top-level chain of `&&` (or `||`), each once:
        // the chain's inner nodes are not tried, so a chain of n operands costs O(n).
        var candidates = [tree.root]
        if case .infix(let symbol) = tree.nodes[tree.root].kind, symbol == .and || symbol == .or {
            var chain = [tree.root]
            while let next = chain.popLast() {
                if case .infix(symbol) = tree.nodes[next].kind {
                    chain.append(contentsOf: tree.nodes[next].children)
                } else {
                    candidates.append(next)
                }
            }
        }
        var rootIsConstant = false
        // Split once, at the first report: each report then costs its operand's length.
        var scalars: [Unicode.Scalar] = []
        for index in candidates {
            if index != tree.root, rootIsConstant { break }
            let node = tree.nodes[index]
            if !readsNameWithoutDomain(node.first, index),
                let value = ExpressionDomainAnalysis.constantValue(of: tree, root: index, domains: domains)
            {
                rootIsConstant = index == tree.root
                // The names of this operand only: O(its size).
                var names: [String] = []
                for position in node.first...index {
                    if case .name(let name) = tree.nodes[position].kind, !names.contains(name) { names.append(name) }
                }
                if scalars.isEmpty { scalars = Array(text.unicodeScalars) }
                let problem = ExpressionMessages.constantCondition(
                    ExpressionChecker.text(of: node.range, in: scalars), value: value, names: names, domains: domains,
                    at: node.range)
                report(problem, place: place)
            }
        }
    }

    /// Reports an expression's problem at the place `place` finds for its range.
    private mutating func report(_ problem: ExpressionProblem, place: (Range<Int>) -> SourceSpan?) {
        report(problem.code, problem.message, at: place(problem.range), hint: problem.hint)
    }

    // MARK: If chains

    /// `uncovered-values` and `unreachable-branch` for the `if` chains of `steps` (and of
    /// the steps inside their branches): a chain is a run of `if` steps, each `else`
    /// holding only the next `if` of the chain or being the chain's last step list.
    private mutating func checkBranches(_ steps: [Step], in environment: ExpressionEnvironment) {
        var pending: [[Step]] = [steps]
        while let list = pending.popLast() {
            for step in list {
                guard case .branch(var branch) = step.kind else { continue }
                // Every link of an `else if` chain: its `then`, and the last `else`.
                while true {
                    pending.append(branch.then)
                    guard Self.isElseIf(branch.otherwise), case .branch(let next) = branch.otherwise[0].kind else {
                        pending.append(branch.otherwise)
                        break
                    }
                    branch = next
                }
            }
            checkChains(in: list, environment: environment)
        }
    }

    /// Whether an `else` holds only another `if` (an `else if`).
    private static func isElseIf(_ steps: [Step]) -> Bool {
        if steps.count == 1, case .branch = steps[0].kind { true } else { false }
    }

    /// The conditions of the `else if` chain starting at `branch`, and whether it ends in
    /// a plain `else` (which covers every value).
    private static func elseIfChain(_ branch: ConditionalSteps, step: Step) -> (conditions: [(FlowExpression, Step)], hasElse: Bool) {
        var conditions = [(branch.condition, step)]
        var current = branch
        while isElseIf(current.otherwise), case .branch(let next) = current.otherwise[0].kind {
            conditions.append((next.condition, current.otherwise[0]))
            current = next
        }
        return (conditions, !current.otherwise.isEmpty)
    }

    private mutating func checkChains(in steps: [Step], environment: ExpressionEnvironment) {
        let domains = environment.domains
        // A list whose other steps navigate already has a way forward.
        let navigatesOutside = steps.contains { step in
            step.kind.leavesScreen
        }
        var position = 0
        while position < steps.count {
            guard case .branch = steps[position].kind else {
                position += 1
                continue
            }
            // A run of consecutive `if` steps.
            var run: [(FlowExpression, Step)] = []
            var hasElse = false
            var end = position
            while end < steps.count, case .branch(let branch) = steps[end].kind {
                let chain = Self.elseIfChain(branch, step: steps[end])
                checkUnreachable(chain.conditions, domains: domains)
                run += chain.conditions
                hasElse = hasElse || chain.hasElse
                end += 1
            }
            // A condition with a problem of its own says nothing about what it covers.
            let sound = run.allSatisfy { condition, _ in soundExpressions.contains(condition.identity) }
            if sound, !hasElse, !navigatesOutside { checkCoverage(run, domains: domains) }
            position = end
        }
    }

    /// The rating field all `conditions` read, and no other name, with its values.
    private static func ratingOfChain(_ conditions: [(FlowExpression, Step)], domains: [String: [ExpressionValue]]) -> (String, [ExpressionValue])? {
        var field: String?
        for (condition, _) in conditions {
            guard let tree = condition.tree else { return nil }
            let names = tree.names.map(\.name)
            guard names.count == 1 else { return nil }
            if field == nil { field = names[0] } else if field != names[0] { return nil }
        }
        guard let field, let domain = domains[field], domain.allSatisfy({ if case .integer = $0 { true } else { false } })
        else { return nil }
        return (field, domain)
    }

    /// The values of `domain` for which `condition` is true.
    private static func trueValues(of condition: FlowExpression, field: String, domain: [ExpressionValue]) -> Set<Int> {
        var values: Set<Int> = []
        for value in domain where condition.isTrue({ $0 == field ? value : nil }) {
            if case .integer(let number) = value { values.insert(number) }
        }
        return values
    }

    /// `uncovered-values` when some rating values make no condition of the chain true.
    private mutating func checkCoverage(_ conditions: [(FlowExpression, Step)], domains: [String: [ExpressionValue]]) {
        guard let (field, domain) = Self.ratingOfChain(conditions, domains: domains) else { return }
        var covered: Set<Int> = []
        for (condition, _) in conditions { covered.formUnion(Self.trueValues(of: condition, field: field, domain: domain)) }
        let all = domain.compactMap { if case .integer(let n) = $0 { n } else { nil } }
        let missing = all.filter { !covered.contains($0) }
        guard !missing.isEmpty, !covered.isEmpty else { return }
        report(
            .uncoveredValues, ExpressionMessages.uncoveredValues(field: field, missing: missing, covered: all.filter(covered.contains)),
            at: conditions[0].1.nameSpan ?? conditions[0].1.span,
            hint: "add an 'if' for \(ExpressionMessages.valueList(missing)), or an 'else' with the steps to run otherwise")
    }

    /// `unreachable-branch` at each condition of an `else if` chain that no rating value
    /// reaches: every value that makes it true makes an earlier condition true.
    private mutating func checkUnreachable(_ conditions: [(FlowExpression, Step)], domains: [String: [ExpressionValue]]) {
        guard conditions.count > 1, let (field, domain) = Self.ratingOfChain(conditions, domains: domains) else { return }
        var taken: Set<Int> = []
        for (index, (condition, step)) in conditions.enumerated() {
            let values = Self.trueValues(of: condition, field: field, domain: domain)
            if index > 0, !values.isEmpty, values.isSubset(of: taken) {
                report(
                    .unreachableBranch,
                    "this branch never runs: every \(field) for which '\(condition.text)' is true is taken by an earlier condition",
                    at: step.nameSpan ?? step.span, hint: "reorder the branches or narrow the earlier conditions")
            }
            taken.formUnion(values)
        }
    }
}
