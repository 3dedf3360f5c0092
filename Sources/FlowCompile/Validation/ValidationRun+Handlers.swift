import FlowSource

/// The rules of declared handlers: once the flow (`handlers:`) or the host (a manifest,
/// ``CompileOptions/handlerManifest``) declares handlers, every custom step must name one
/// and pass its arguments with their types.
extension ValidationRun {
    /// - `undeclared-handler` at a custom step (or the trigger's validator) naming no
    ///   declared handler and none of ``CompileOptions/knownHandlers``, with "did you mean";
    /// - `missing-argument` at the step for a non-optional argument not passed;
    /// - `unexpected-argument` at an argument the handler does not declare (or at the
    ///   argument of a handler that takes none);
    /// - `type-mismatch` at a value of another type: a constant by its YAML 1.2 core type,
    ///   a string that is one `${…}` by the type of its name or expression, any other
    ///   string as a string;
    /// - `unused-handler` (warning) at a handler the flow declares that no step and no
    ///   trigger uses (a manifest's may go unused: it lists what the host provides).
    ///
    /// Nothing is checked when no handler is declared. O(steps + arguments).
    mutating func checkHandlers() {
        let declared = handlerManifest + flow.handlers
        guard !declared.isEmpty else { return }
        var byName: [String: HandlerDeclaration] = [:]
        for handler in declared where byName[handler.name] == nil { byName[handler.name] = handler }
        let names = Array(byName.keys).sorted() + knownHandlers.sorted()
        var used: Set<String> = []
        for position in flow.screens.indices {
            // A primary action's steps read the ratings its screen requires as rated.
            for index in stepRanges[position] {
                let step = allSteps[index]
                guard case .custom(let name, let argument) = step.kind else { continue }
                used.insert(name)
                guard let handler = byName[name] else {
                    if !knownHandlers.contains(name) { reportUndeclared(name, at: step.nameSpan ?? step.span, among: names) }
                    continue
                }
                let environment = self.environment(forStep: index, ofScreen: position)
                checkArguments(of: step, argument: argument, against: handler, environment: environment)
            }
        }
        if let validator = flow.trigger?.validator {
            used.insert(validator)
            if byName[validator] == nil, !knownHandlers.contains(validator) {
                reportUndeclared(validator, at: flow.trigger?.spans.validator, among: names, isStep: false)
            }
        }
        for handler in flow.handlers where !used.contains(handler.name) {
            report(
                .unusedHandler, "handler '\(handler.name)' is declared but no step uses it", at: handler.span,
                hint: "remove its declaration, or run it from a step: '- \(handler.name)'")
        }
    }

    /// `undeclared-handler` for `name`; a name close to a built-in step (`popp`) is most
    /// likely that step mistyped, and the hint says so rather than to declare it.
    private mutating func reportUndeclared(_ name: String, at span: SourceSpan?, among names: [String], isStep: Bool = true) {
        if isStep, let builtIn = Suggestion.closest(to: name, among: BuiltInStep.names) {
            report(.undeclaredHandler, "handler '\(name)' is not declared", at: span, hint: FlowValidator.builtInStepHint(builtIn))
            return
        }
        report(
            .undeclaredHandler, "handler '\(name)' is not declared", at: span,
            hint: Suggestion.hint(for: name, among: names)
                ?? "declare it under 'handlers:' (e.g. 'handlers: {\(name): {}}') or in the host's manifest")
    }

    private mutating func checkArguments(
        of step: Step, argument: FlowValue?, against handler: HandlerDeclaration, environment: ExpressionEnvironment
    ) {
        let at = step.argumentSpan ?? step.span
        guard let argument, argument != .null else {
            let missing = handler.arguments.filter { !$0.type.isOptional }
            if !missing.isEmpty {
                report(
                    .missingArgument,
                    "handler '\(handler.name)' needs " + NameList.joined(missing.map { "\($0.name) (\($0.type))" }, quoted: false),
                    at: step.span,
                    hint: "write '\(handler.name): {" + missing.map { "\($0.name): …" }.joined(separator: ", ") + "}'")
            }
            return
        }
        guard case .object = argument else {
            if handler.arguments.isEmpty {
                report(
                    .unexpectedArgument, "handler '\(handler.name)' takes no arguments", at: at,
                    hint: "write '\(handler.name)' on its own")
            } else {
                report(.typeMismatch, "handler '\(handler.name)' takes a mapping of arguments", at: at,
                       hint: "write '\(handler.name): {" + handler.arguments.map { "\($0.name): …" }.joined(separator: ", ") + "}'")
            }
            return
        }
        let declaredNames = handler.arguments.map(\.name)
        for entry in step.argumentEntries {
            guard let declaration = handler.arguments.first(where: { $0.name == entry.name }) else {
                report(
                    .unexpectedArgument, "handler '\(handler.name)' has no argument '\(entry.name)'", at: entry.keySpan ?? at,
                    hint: Suggestion.hint(for: entry.name, among: declaredNames)
                        ?? (declaredNames.isEmpty ? "it takes none" : "its arguments: " + NameList.joined(declaredNames)))
                continue
            }
            if let found = argumentType(entry, environment: environment), !Self.fits(found, declaration.type) {
                report(
                    .typeMismatch,
                    "argument '\(entry.name)' of handler '\(handler.name)' is \(declaration.type), found \(found.map(\.description) ?? "null")",
                    at: entry.valueSpan ?? at)
            }
        }
        let given = Set(step.argumentEntries.map(\.name))
        let missing = handler.arguments.filter { !$0.type.isOptional && !given.contains($0.name) }
        if !missing.isEmpty {
            report(
                .missingArgument,
                "handler '\(handler.name)' needs " + NameList.joined(missing.map { "\($0.name) (\($0.type))" }, quoted: false),
                at: at)
        }
    }

    /// Whether a value of type `found` (`nil` for null) may be passed as `expected`.
    private static func fits(_ found: ValueType?, _ expected: ValueType) -> Bool {
        guard let found else { return expected.isOptional }
        if found.isOptional, !expected.isOptional { return false }
        return found.base == expected.base || (found.base == .integer && expected.base == .decimal)
    }

    /// The type of an argument's value: `.some(nil)` for null, `nil` when unknown (a list,
    /// a mapping, or a template whose expression has problems of its own, reported
    /// elsewhere).
    private func argumentType(_ entry: Step.ArgumentEntry, environment: ExpressionEnvironment) -> ValueType?? {
        switch entry.value {
        case .null: return .some(nil)
        case .bool: return ValueType(.boolean)
        case .number(let text): return ValueType(Int(text) != nil ? .integer : .decimal)
        case .list, .object: return nil
        case .string:
            guard let template = entry.template, template.segments.count == 1 else { return ValueType(.string) }
            switch template.segments[0] {
            case .literal: return ValueType(.string)
            case .variable(let name, _): return environment.type(of: name)
            case .expression(let expression, _):
                guard let tree = expression.tree else { return nil }
                let (types, problems) = ExpressionChecker.check(tree, text: expression.text, in: environment)
                guard problems.isEmpty, case .value(let type) = types[tree.root] else { return nil }
                return type
            }
        }
    }
}
