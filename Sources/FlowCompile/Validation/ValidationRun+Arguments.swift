import FlowSource
import FlowSystem

/// The step-argument rules: what a built-in step's argument can render, found from the
/// types and bounds the expression checker derives, against the rule the step applies when
/// it runs (``StepArgument``), so that a flow that validates clean never has a step refuse
/// its argument.
///
/// For each argument:
/// - never valid (a rating of 11…15, a text, a decimal, a template of several parts, a
///   URL without a written scheme) is an error (`invalid-value`) at the argument;
/// - valid only for some values (`rating - 3` is -2…2; `mailto:${email}` with an empty
///   email) is a warning (`argument-may-fail`) there, saying which values fail;
/// - always valid is silent.
///
/// The values of an expression are exact when every name it reads has few values (a
/// rating field, a toggle: ``ExpressionDomainAnalysis``), else bounded
/// (``ExpressionBounds``). `if` conditions and `set` values that a step evaluates are
/// checked the same way for evaluations that fail (a divisor that can be zero).
extension ValidationRun {
    /// One `${…}` of a template with what the checker found for it.
    struct Substitution {
        /// The text inside `${…}`.
        let text: String
        /// Where `$` stands in the template, in Unicode scalars, and the length of `${…}`.
        let offset: Int
        let length: Int
        let tree: ExpressionTree
        let types: [CheckedType]
        let bounds: [ExpressionBounds]

        var type: CheckedType { types[tree.root] }
        var rootBounds: ExpressionBounds { bounds[tree.root] }
        /// The names it reads.
        var names: [String] { tree.names.map(\.name) }
    }

    /// The expression environment of the run (``expressionEnvironment()``), made at its
    /// first use and kept: the expression, handler and argument rules all read it.
    mutating func sharedEnvironment() -> ExpressionEnvironment {
        if let made = environmentCache { return made }
        let made = expressionEnvironment()
        environmentCache = made
        return made
    }

    /// The environment of the primary action of the screen at `position` (its `onFailure`
    /// too): the shared one, where each rating the screen requires, always shows and that
    /// starts unrated has a value, since the action waits until it is rated. O(blocks of
    /// the screen) when it has none; made once per screen that has one.
    mutating func primaryEnvironment(ofScreen position: Int) -> ExpressionEnvironment {
        if let made = primaryEnvironments[position] { return made }
        var rated: [String] = []
        for block in flow.screens[position].extraContent.indices where flow.screens[position].extraContent[block].visibleWhen == nil {
            if let field = flow.screens[position].extraContent[block].field, field.startsUnrated { rated.append(field.id) }
        }
        guard !rated.isEmpty else { return sharedEnvironment() }
        let made = sharedEnvironment().withValues(rated)
        primaryEnvironments[position] = made
        return made
    }

    /// The environment of step `index` of the screen at `position`: its primary action's
    /// (``primaryEnvironment(ofScreen:)``), whose steps come first (``primaryStepEnds``),
    /// or the shared one.
    mutating func environment(forStep index: Int, ofScreen position: Int) -> ExpressionEnvironment {
        index < primaryStepEnds[position] ? primaryEnvironment(ofScreen: position) : sharedEnvironment()
    }

    /// The `${…}`s of `template`, each parsed and type-checked; `nil` when one has a
    /// problem (reported where it is written, by the template and expression rules).
    func substitutions(of template: TemplateString, in environment: ExpressionEnvironment) -> [Substitution]? {
        var found: [Substitution] = []
        for segment in template.segments {
            let text: String, offset: Int, parsed: Result<ExpressionTree, ExpressionProblem>
            switch segment {
            case .literal: continue
            case .variable(let name, let at):
                (text, offset, parsed) = (name, at, FlowExpression(name).parsed)
            case .expression(let expression, let at):
                (text, offset, parsed) = (expression.text, at, expression.parsed)
            }
            guard case .success(let tree) = parsed, tree.recovered.isEmpty else { return nil }
            let (types, problems) = ExpressionChecker.check(tree, text: text, in: environment)
            guard problems.isEmpty, types[tree.root] != .invalid else { return nil }
            found.append(Substitution(
                text: text, offset: offset, length: text.unicodeScalars.count + 3, tree: tree, types: types,
                bounds: ExpressionBounds.of(tree, types: types, in: environment)))
        }
        return found
    }

    /// What an expression evaluates to for every combination of its names' values, when
    /// they are few, with the value of its one name when it reads exactly one; `nil` when
    /// a name has no small domain. At most ``ExpressionDomainAnalysis/maximumCombinations``.
    static func outcomes(
        of tree: ExpressionTree, in environment: ExpressionEnvironment
    ) -> [(input: ExpressionValue?, outcome: ExpressionEvaluator.Outcome)]? {
        let names = tree.names
        if names.count == 1, let domain = environment.domains[names[0].name], !domain.isEmpty {
            let name = names[0].name
            return domain.map { value in (value, ExpressionEvaluator.value(of: tree, lookup: { $0 == name ? value : nil })) }
        }
        var found: [(input: ExpressionValue?, outcome: ExpressionEvaluator.Outcome)] = []
        let analysed = ExpressionDomainAnalysis.forEachOutcome(of: tree, domains: environment.domains) { outcome in
            found.append((nil, outcome))
            return true
        }
        return analysed ? found : nil
    }

    /// "field 'X' defined here" at the first definition of field `name`, when the
    /// substitution is that one name; none otherwise.
    mutating func fieldNote(_ part: Substitution) -> [Diagnostic.Note] {
        guard part.names.count == 1, part.tree.nodes.count == 1, let field = firstField(part.names[0]) else { return [] }
        return [Diagnostic.Note(message: "field '\(part.names[0])' defined here", span: field.span)]
    }

    /// The name of a template that is one `${name}` between horizontal white space; `nil`
    /// otherwise. O(segments).
    static func soleName(of template: TemplateString) -> String? {
        var found: String?
        for segment in template.segments {
            switch segment {
            case .variable(let name, _):
                guard found == nil else { return nil }
                found = name
            case .literal(let text):
                guard text.unicodeScalars.allSatisfy(StepArgumentRule.isHorizontalSpace) else { return nil }
            case .expression:
                return nil
            }
        }
        return found
    }

    /// The kind of field `id`'s first definition, where its id is written and the spans of
    /// its parts; the table is made at the first lookup, O(blocks) once.
    mutating func firstField(_ id: String) -> (kind: FieldKind, span: SourceSpan?, spans: FormField.Spans, startsUnrated: Bool)? {
        if fieldTable == nil {
            var table: [String: FieldPlace] = [:]
            for position in flow.screens.indices {
                let blocks = flow.screens[position].extraContent
                for index in blocks.indices {
                    if let field = blocks[index].fieldID, table[field] == nil {
                        table[field] = FieldPlace(screen: Int32(truncatingIfNeeded: position), block: Int32(truncatingIfNeeded: index))
                    }
                }
            }
            fieldTable = table
        }
        guard let place = fieldTable?[id] else { return nil }
        let block = flow.screens[Int(place.screen)].extraContent[Int(place.block)]
        guard let field = block.field else { return nil }
        return (field.kind, Self.idSpan(of: block), field.spans, field.startsUnrated)
    }

    /// Where a field is defined: its screen's position in the flow's screens and its
    /// block's in the screen's `extraContent` (``fieldTable``).
    struct FieldPlace {
        var screen: Int32
        var block: Int32
    }

    // MARK: Whole numbers (collectUserFeedback's rating)

    /// Checks a templated whole-number argument (`rating: "${…}"`) against `argument`'s
    /// rule. `field` is the screen's rating field, for the hint.
    /// `primaryOf` is the screen position when the step belongs to that screen's primary
    /// action (its required ratings are rated there), else `nil`.
    mutating func checkWholeNumber(
        _ template: TemplateString, argument: StepArgument, field: String?, at fallback: SourceSpan?, primaryOf screen: Int?
    ) {
        guard case .wholeNumber(let range) = argument.rule else { return }
        // The common case, decided without the expression environment: one `${name}` of a
        // rating field whose every value keeps the rule.
        if let name = Self.soleName(of: template), let definition = firstField(name),
            case .rating(let min, let max, _) = definition.kind, min >= max || (range.contains(min) && range.contains(max))
        {
            // Within the rule; or a range that is empty, which is reported at the field.
            // A rating that starts unrated is rated only where its screen's primary action runs.
            guard definition.startsUnrated, screen.map({ primaryEnvironment(ofScreen: $0).type(of: name)?.isOptional }) != false
            else { return }
            report(
                .argumentMayFail, ArgumentMessages.mayBeUnrated(name, argument), at: template.span ?? fallback,
                notes: [Diagnostic.Note(message: "required without a 'value', so it starts unrated", span: definition.span)],
                hint: "submit it from the primary action of a screen that shows and requires '\(name)' (it waits until it is rated), or give the rating a 'value'")
            return
        }
        let environment = screen.map { primaryEnvironment(ofScreen: $0) } ?? sharedEnvironment()
        guard let parts = substitutions(of: template, in: environment) else { return }
        let extraText = template.segments.contains { segment in
            guard case .literal(let text) = segment else { return false }
            return !text.unicodeScalars.allSatisfy(StepArgumentRule.isHorizontalSpace)
        }
        let whole = template.span ?? fallback
        if parts.count != 1 || extraText {
            report(
                .invalidValue, ArgumentMessages.severalParts(template.raw, substitutions: parts.count, argument), at: whole,
                hint: parts.count == 1 && Self.endsWithLineBreakOnly(template)
                    && template.segments.dropLast().allSatisfy({ segment in
                        guard case .literal(let text) = segment else { return true }
                        return text.unicodeScalars.allSatisfy(StepArgumentRule.isHorizontalSpace)
                    })
                    ? ArgumentMessages.keptLineBreakHint
                    : "write the \(argument.key ?? "value") as one '${…}' alone, e.g. '${\(field ?? "rating")}'")
            return
        }
        let part = parts[0]
        let at = TemplateLocator.span(in: template, offset: part.offset, length: part.length, source: source) ?? whole
        let notWhole: String? =
            switch part.type {
            case .null: "null (an empty text)"
            case .value(let type) where type.base == .string: "a text"
            case .value(let type) where type.base == .boolean: "true or false, never a number"
            case .value(let type) where type.base == .decimal:
                "a decimal number" + (part.tree.nodes.contains { $0.kind == .infix(.divide) } ? " ('/' always makes one)" : "")
            default: nil
            }
        if let notWhole {
            report(.invalidValue, ArgumentMessages.wrongKind(part.text, is: notWhole, argument), at: at, notes: fieldNote(part),
                   hint: ArgumentMessages.wholeNumberHint(argument, field: field))
            return
        }
        let isOptional = part.type.valueType?.isOptional ?? false
        if let outcomes = Self.outcomes(of: part.tree, in: environment) {
            var values: [Int] = [], failingInputs: [ExpressionValue] = [], failingValues: [Int] = []
            var failsOtherwise = false
            for (input, outcome) in outcomes {
                if case .value(.integer(let number)) = outcome {
                    values.append(number)
                    if range.contains(number) { continue }
                    failingValues.append(number)
                } else {
                    failsOtherwise = true
                }
                if let input { failingInputs.append(input) }
            }
            guard failsOtherwise || !failingValues.isEmpty else { return }
            let what = values.isEmpty ? "never a number" : ArgumentMessages.values(values)
            // A rating field alone: its range is the cause, reported once at the field.
            let ratingField = Self.soleName(of: template).flatMap { name in part.tree.nodes.count == 1 && isRatingField(name) ? name : nil }
            if values.allSatisfy({ !range.contains($0) }) {
                if let ratingField {
                    noteFieldRange(ratingField, argument: argument, code: .invalidValue, values: what, failsWhen: nil, usedAt: at)
                    return
                }
                report(.invalidValue, ArgumentMessages.neverValid(part.text, is: what, argument), at: at, notes: fieldNote(part),
                       hint: ArgumentMessages.wholeNumberHint(argument, field: field))
                return
            }
            let name = part.names.count == 1 ? part.names[0] : nil
            let inputs = failingInputs.compactMap { if case .integer(let n) = $0 { n } else { nil } }
            let when: String =
                if let name, inputs.count == failingInputs.count, !inputs.isEmpty {
                    "\(name) is \(ArgumentMessages.values(inputs))"
                } else if let name, failingInputs.count == 1, let only = failingInputs.first {
                    "\(name) is \(only.literal)"
                } else if !failingValues.isEmpty {
                    "it is \(ArgumentMessages.values(failingValues))"
                } else {
                    "it cannot be evaluated"
                }
            if let ratingField {
                noteFieldRange(ratingField, argument: argument, code: .argumentMayFail, values: what, failsWhen: when, usedAt: at)
                return
            }
            report(.argumentMayFail, ArgumentMessages.sometimesValid(part.text, is: what, argument, failsWhen: when), at: at,
                   notes: fieldNote(part), hint: ArgumentMessages.sometimesHint(argument))
            return
        }
        let bounds = part.rootBounds
        let what = ArgumentMessages.bounds(bounds.lower, bounds.upper)
        if let lower = bounds.lower, let upper = bounds.upper, lower <= upper {
            if upper < range.lowerBound || lower > range.upperBound {
                report(.invalidValue, ArgumentMessages.neverValid(part.text, is: what, argument), at: at,
                       hint: ArgumentMessages.wholeNumberHint(argument, field: field))
                return
            }
        }
        var when: [String] = []
        let within = (bounds.lower.map { $0 >= range.lowerBound } ?? false) && (bounds.upper.map { $0 <= range.upperBound } ?? false)
        if !within { when.append("it is outside \(range.lowerBound)…\(range.upperBound)") }
        if isOptional { when.append("it is null") }
        if let failure = ExpressionBounds.firstFailure(in: part.tree, bounds: part.bounds) {
            when.append(ArgumentMessages.failsWhen(failure.operandText(part.tree, text: part.text), failure.kind))
        }
        guard !when.isEmpty else { return }
        report(.argumentMayFail,
               ArgumentMessages.sometimesValid(part.text, is: what, argument, failsWhen: when.joined(separator: " or ")), at: at,
               hint: ArgumentMessages.sometimesHint(argument))
    }

    // MARK: Rating fields' ranges

    /// What a rating field's range breaks wherever the field alone (`"${stars}"`) is the
    /// value of one step argument: the same for every such use, so it is said once, at the
    /// field's range, where the author fixes it, with a note at each use.
    struct FieldRangeFinding {
        /// A field and an argument.
        struct Key: Hashable {
            let field: String
            let argument: StepArgument
        }

        let key: Key
        /// `invalid-value` when every value fails, `argument-may-fail` when some do.
        let code: FlowDiagnosticCode
        /// The field's values as messages say them (`0…10`).
        let values: String
        /// When the step fails (`score is 0 or 6…10`); `nil` when it always does.
        let failsWhen: String?
        /// Where the field is the argument, in the order found.
        var uses: [SourceSpan?]
    }

    /// Whether field `name`'s first definition is a rating field.
    mutating func isRatingField(_ name: String) -> Bool {
        if case .rating? = firstField(name)?.kind { true } else { false }
    }

    /// Records a use, at `at`, of rating field `field` alone as `argument`, whose range
    /// breaks the argument's rule (`code`, `values`, `failsWhen`, as
    /// ``FieldRangeFinding`` keeps them).
    mutating func noteFieldRange(
        _ field: String, argument: StepArgument, code: FlowDiagnosticCode, values: String, failsWhen: String?, usedAt at: SourceSpan?
    ) {
        let key = FieldRangeFinding.Key(field: field, argument: argument)
        if let index = fieldRangeIndex[key] {
            fieldRangeFindings[index].uses.append(at)
            return
        }
        fieldRangeIndex[key] = fieldRangeFindings.count
        fieldRangeFindings.append(FieldRangeFinding(key: key, code: code, values: values, failsWhen: failsWhen, uses: [at]))
    }

    /// Reports each ``FieldRangeFinding`` once, at the field's range
    /// (``rangeSpan(of:within:)``), with a note at each use in file order.
    mutating func reportFieldRanges() {
        for finding in fieldRangeFindings {
            let (field, argument) = (finding.key.field, finding.key.argument)
            guard case .wholeNumber(let range) = argument.rule, let definition = firstField(field) else { continue }
            let at = rangeSpan(of: (definition.kind, definition.span, definition.spans), within: range)
            let uses = finding.uses.sorted { ($0?.start.offset ?? 0) < ($1?.start.offset ?? 0) }
            let notes = uses.map { Diagnostic.Note(message: ArgumentMessages.fieldUse(argument), span: $0) }
            let message =
                finding.failsWhen.map { ArgumentMessages.sometimesValid(field, is: finding.values, argument, failsWhen: $0, uses: uses.count) }
                ?? ArgumentMessages.neverValid(field, is: finding.values, argument)
            report(finding.code, message, at: at, notes: notes, hint: ArgumentMessages.fieldRangeHint(field, argument))
        }
        fieldRangeFindings = []
        fieldRangeIndex = [:]
    }

    /// Where a rating field's range is written, for a problem with `range` (a rule's
    /// range): the bound that leaves it (its `min` or `max` value), both (from `min` to
    /// `max`) when both do and stand on one line, else `min`'s; a bound not written (its
    /// default) is not a place, and the field's id stands in.
    private func rangeSpan(of definition: (kind: FieldKind, span: SourceSpan?, spans: FormField.Spans), within range: ClosedRange<Int>) -> SourceSpan? {
        guard case .rating(let min, let max, _) = definition.kind else { return definition.span }
        let spans = definition.spans
        let minLeaves = !range.contains(min), maxLeaves = !range.contains(max)
        if minLeaves, maxLeaves, let low = spans.min, let high = spans.max, low.start.line == high.start.line {
            return low.start < high.start ? SourceSpan(path: low.path, start: low.start, end: high.end) : SourceSpan(path: low.path, start: high.start, end: low.end)
        }
        if minLeaves, let low = spans.min { return low }
        if maxLeaves, let high = spans.max { return high }
        return definition.span
    }

    // MARK: URLs

    /// Checks a templated URL (`openURL: "…${…}…"`) against the URL rule: the written
    /// text must hold the scheme's `:` (values are percent-encoded, so never one) after a
    /// written scheme the registry allows, no white space, and something after the `:`
    /// whatever the values are.
    mutating func checkTemplatedURL(_ url: TemplateString, at fallback: SourceSpan?) {
        let whole = url.span ?? fallback
        var colon: (segment: Int, after: Substring.UnicodeScalarView)?
        for (position, segment) in url.segments.enumerated() {
            guard case .literal(let text) = segment else { continue }
            if text.unicodeScalars.contains(where: URLSchemePolicy.isWhitespaceOrControl) {
                let lineBreakOnly = Self.endsWithLineBreakOnly(url)
                report(.invalidValue, ArgumentMessages.urlWithSpace(url.raw, trailingLineBreak: lineBreakOnly), at: whole,
                       hint: lineBreakOnly
                        ? ArgumentMessages.keptLineBreakHint
                        : "a URL has no spaces; write '%20' for a space in the text (values are encoded for you)")
                return
            }
            if colon == nil, let index = text.unicodeScalars.firstIndex(of: ":") {
                colon = (position, Substring(text).unicodeScalars[text.unicodeScalars.index(after: index)...])
            }
        }
        guard let colon else {
            report(.invalidValue, ArgumentMessages.urlWithoutScheme(url.raw), at: whole,
                   hint: ArgumentMessages.urlWithoutSchemeHint(url.raw))
            return
        }
        guard colon.segment == 0, case .literal(let first) = url.segments[0], let index = first.unicodeScalars.firstIndex(of: ":") else {
            guard let parts = substitutions(of: url, in: sharedEnvironment()) else { return }
            let before = url.segments[..<colon.segment].filter { if case .literal = $0 { false } else { true } }.count
            let names = parts.prefix(before).map(\.text)
            report(
                .argumentMayFail,
                ArgumentMessages.urlSchemeFromValues(url.raw, names: names, allowed: allowedURLSchemes.sorted()), at: whole,
                hint: "write the scheme in the text, e.g. 'https://…${…}'")
            return
        }
        // The scheme is written whole, before any `${…}`: it must be one, and allowed.
        let written = String(first.unicodeScalars[..<index])
        guard let scheme = URLSchemePolicy.scheme(of: written + ":x") else {
            report(.invalidValue, ArgumentMessages.urlWithoutScheme(url.raw, written: written), at: whole,
                   hint: "a scheme is a letter, then letters, digits, '+', '-' or '.', e.g. 'https'")
            return
        }
        checkScheme(scheme, at: whole)
        // Something must follow the ':' whatever the values are.
        guard colon.after.isEmpty else { return }
        if url.segments.dropFirst().contains(where: { if case .literal(let text) = $0 { !text.isEmpty } else { false } }) { return }
        guard let parts = substitutions(of: url, in: sharedEnvironment()), parts.allSatisfy(Self.mayRenderEmpty) else { return }
        let when = parts.map { part in
            let text = "'\(ExpressionMessages.excerpt(part.text, limit: 40))'"
            if part.type == .null { return "\(text) is null" }
            if part.type.valueType?.base == .string, part.rootBounds.minimumLength == 0 {
                return "\(text) is empty" + (part.type.valueType?.isOptional == true ? " or null" : "")
            }
            if part.type.valueType?.isOptional == true { return "\(text) is null" }
            return "\(text) cannot be evaluated"
        }.joined(separator: " and ")
        report(
            .argumentMayFail, ArgumentMessages.urlMayEndAtScheme(url.raw, scheme: written, when: when), at: whole,
            hint: "write text after the ':' that is there whatever the values are (e.g. 'mailto:support@example.com?body=${…}')")
    }

    /// Whether the only text of `template` besides its `${…}`s and horizontal white space
    /// is line breaks at its end: what a block scalar (`|`, `>`) keeps.
    static func endsWithLineBreakOnly(_ template: TemplateString) -> Bool {
        guard case .literal(let last)? = template.segments.last, last.unicodeScalars.last == "\n" else { return false }
        let body = last.unicodeScalars.reversed().drop { $0 == "\n" || $0 == "\r" }
        guard body.allSatisfy(StepArgumentRule.isHorizontalSpace) else { return false }
        return template.segments.dropLast().allSatisfy { segment in
            guard case .literal(let text) = segment else { return true }
            return !text.unicodeScalars.contains(where: URLSchemePolicy.isWhitespaceOrControl)
                || text.unicodeScalars.allSatisfy(StepArgumentRule.isHorizontalSpace)
        }
    }

    /// Whether a `${…}` can render as the empty string: a text that may be empty, `null`,
    /// or an expression that may fail (a failed `${…}` renders as nothing).
    static func mayRenderEmpty(_ part: Substitution) -> Bool {
        if ExpressionBounds.firstFailure(in: part.tree, bounds: part.bounds) != nil { return true }
        // A decimal product or quotient may leave a decimal's range, and render nothing.
        if ExpressionBounds.hasDecimalArithmetic(part.tree, types: part.types) { return true }
        switch part.type {
        case .null: return true
        case .invalid: return true
        case .value(let type):
            if type.isOptional { return true }
            return type.base == .string && part.rootBounds.minimumLength == 0
        }
    }

    // MARK: Expressions a step evaluates

    /// `argument-may-fail` (or `invalid-value` when it always fails) at an `if` condition
    /// or a `set` value, already type-checked clean, whose evaluation can fail.
    mutating func checkEvaluation(
        _ expression: FlowExpression, tree: ExpressionTree, types: [CheckedType], in environment: ExpressionEnvironment,
        place: (Range<Int>) -> SourceSpan?
    ) {
        let bounds = ExpressionBounds.of(tree, types: types, in: environment)
        guard let failure = ExpressionBounds.firstFailure(in: tree, bounds: bounds) else {
            // A decimal product or quotient can leave what a decimal holds, which the bounds
            // do not follow: when the values are few (constants, ratings), they are tried.
            guard ExpressionBounds.hasDecimalArithmetic(tree, types: types), let outcomes = Self.outcomes(of: tree, in: environment)
            else { return }
            let reasons = outcomes.compactMap { if case .failure(let reason) = $0.outcome { reason } else { nil } }
            guard let reason = reasons.first else { return }
            let always = reasons.count == outcomes.count
            report(
                always ? .invalidValue : .argumentMayFail, ArgumentMessages.evaluationFails(expression.text, reason: reason, always: always),
                at: place(tree.nodes[tree.root].range), hint: "for those values the step fails and the action stops; keep the numbers within what a decimal holds")
            return
        }
        let at = place(tree.nodes[failure.node].range)
        if let outcomes = Self.outcomes(of: tree, in: environment) {
            let failing = outcomes.filter { if case .failure = $0.outcome { true } else { false } }
            guard !failing.isEmpty else { return }
            if failing.count == outcomes.count {
                report(.invalidValue, ArgumentMessages.alwaysFails(expression.text, failure.kind), at: at,
                       hint: ArgumentMessages.mayFailHint(failure.kind))
                return
            }
            let inputs = failing.compactMap { if case .integer(let n)? = $0.input { n } else { nil } }
            let names = tree.names.map(\.name)
            let when =
                names.count == 1 && inputs.count == failing.count
                ? "\(names[0]) is \(ArgumentMessages.values(inputs))"
                : ArgumentMessages.failsWhen(failure.operandText(tree, text: expression.text), failure.kind)
            report(.argumentMayFail, ArgumentMessages.mayFail(expression.text, when: when, failure.kind), at: at,
                   hint: ArgumentMessages.mayFailHint(failure.kind))
            return
        }
        let when = ArgumentMessages.failsWhen(failure.operandText(tree, text: expression.text), failure.kind)
        report(.argumentMayFail, ArgumentMessages.mayFail(expression.text, when: when, failure.kind), at: at,
               hint: ArgumentMessages.mayFailHint(failure.kind))
    }
}

extension ExpressionBounds {
    /// Whether `tree` multiplies or divides decimals (by the checker's `types`): a result
    /// that can leave what a decimal holds, which the bounds do not follow. O(nodes).
    static func hasDecimalArithmetic(_ tree: ExpressionTree, types: [CheckedType]) -> Bool {
        tree.nodes.indices.contains { index in
            guard case .infix(let symbol) = tree.nodes[index].kind, symbol == .times || symbol == .divide else { return false }
            return types[index] == .value(ValueType(.decimal))
        }
    }

    /// The first evaluation of `tree` that can fail (in written order), unless a guard
    /// rules it out: in `d != 0 && …` a division by `d` on the right of `&&` cannot divide
    /// by zero, because the right side is evaluated only when the left is true
    /// (``isGuarded(_:divisor:tree:parent:)``). `bounds` is ``of(_:types:in:)``'s result.
    /// O(nodes · depth).
    static func firstFailure(in tree: ExpressionTree, bounds: [ExpressionBounds]) -> Failure? {
        guard bounds.last?.failure != nil else { return nil }
        var parent = [Int](repeating: -1, count: tree.nodes.count)
        for index in tree.nodes.indices { for child in tree.nodes[index].children { parent[child] = index } }
        for index in tree.nodes.indices {
            // A failure that starts at this node.
            guard let failure = bounds[index].failure, failure.node == index else { continue }
            if failure.kind == .divisionByZero, isGuarded(index, divisor: failure.operand, tree: tree, parent: parent) { continue }
            return failure
        }
        return nil
    }

    /// The most `&&`/`||` above a division, and the most nodes of one guard, searched for
    /// a guard: a chain of thousands of operands costs O(chain), not O(chain²). A guard
    /// farther away is not seen, and the division is judged as unguarded (a warning).
    static let guardSearchLimit = 64

    /// Whether some `&&` above `node` holds it on its right with a left side that, when
    /// true, rules out the divisor being 0 (`d != 0`, `d >= 1`, `!(d == 0)`,
    /// `!isEmpty(t)` for `length(t)`), or some `||` holds it on its right with a left
    /// side that, when false, does (`d == 0`, `isEmpty(t)`). The right side of `&&` and
    /// `||` is evaluated only when the left does not decide. Bounded by
    /// ``guardSearchLimit``.
    private static func isGuarded(_ node: Int, divisor: Int, tree: ExpressionTree, parent: [Int]) -> Bool {
        var node = node
        var steps = 0
        while parent[node] >= 0, steps < guardSearchLimit {
            steps += 1
            let up = parent[node]
            if case .infix(let symbol) = tree.nodes[up].kind, symbol == .and || symbol == .or, tree.nodes[up].children[1] == node,
                rulesOutZero(tree, tree.nodes[up].children[0], divisor: divisor, whenTrue: symbol == .and)
            {
                return true
            }
            node = up
        }
        return false
    }

    /// Whether the condition at `index` being true (`whenTrue`), or false, proves the
    /// value of the subtree `divisor` is not 0. Walks `!`, and the `&&` (when true) or
    /// `||` (when false) whose sides all hold, with an explicit stack of at most
    /// ``guardSearchLimit`` nodes.
    private static func rulesOutZero(_ tree: ExpressionTree, _ index: Int, divisor: Int, whenTrue: Bool) -> Bool {
        var pending = [(index, whenTrue)]
        var visited = 0
        while let (current, isTrue) = pending.popLast(), visited < guardSearchLimit {
            visited += 1
            let node = tree.nodes[current]
            switch node.kind {
            case .prefix(.not):
                pending.append((node.children[0], !isTrue))
            case .infix(.and) where isTrue, .infix(.or) where !isTrue:
                // Both sides hold (or both fail): either may prove it.
                for child in node.children { pending.append((child, isTrue)) }
            case .call(.isEmpty):
                // `isEmpty(t)` false: `length(t)` is not 0.
                if !isTrue, case .call(.length) = tree.nodes[divisor].kind,
                    sameSubtree(tree, node.children[0], tree.nodes[divisor].children[0])
                {
                    return true
                }
            case .infix(let symbol) where symbol.isComparison:
                if comparison(tree, current, symbol, rulesOutZeroOf: divisor, whenTrue: isTrue) { return true }
            default:
                break
            }
        }
        return false
    }

    /// Whether `d SYMBOL c` (or `c SYMBOL d`) at `index`, with `d` the subtree `divisor`
    /// and `c` a number, being `whenTrue` rules out `d` being 0: when `0 SYMBOL c` is not
    /// `whenTrue`.
    private static func comparison(
        _ tree: ExpressionTree, _ index: Int, _ symbol: ExpressionSymbol, rulesOutZeroOf divisor: Int, whenTrue: Bool
    ) -> Bool {
        let (l, r) = (tree.nodes[index].children[0], tree.nodes[index].children[1])
        let compared: (constant: Decimal, symbol: ExpressionSymbol)
        if case .literal(let value) = tree.nodes[r].kind, let number = value.decimalValue, sameSubtree(tree, l, divisor) {
            compared = (number, symbol)
        } else if case .literal(let value) = tree.nodes[l].kind, let number = value.decimalValue, sameSubtree(tree, r, divisor) {
            // `c < d` is `d > c`.
            let flipped: ExpressionSymbol =
                switch symbol {
                case .less: .greater
                case .greater: .less
                case .lessOrEqual: .greaterOrEqual
                case .greaterOrEqual: .lessOrEqual
                default: symbol
                }
            compared = (number, flipped)
        } else {
            return false
        }
        let zero = Decimal(0), c = compared.constant
        let holdsForZero =
            switch compared.symbol {
            case .equal: zero == c
            case .notEqual: zero != c
            case .less: zero < c
            case .lessOrEqual: zero <= c
            case .greater: zero > c
            default: zero >= c
            }
        return holdsForZero != whenTrue
    }

    /// Whether the subtrees at `a` and `b` are written alike: the same kinds of node with
    /// the same names, literals and operators, in the same shape. Compares their runs of
    /// the flat tree (children before parents) in one loop: O(size), no recursion.
    static func sameSubtree(_ tree: ExpressionTree, _ a: Int, _ b: Int) -> Bool {
        if a == b { return true }
        let (firstA, firstB) = (tree.nodes[a].first, tree.nodes[b].first)
        guard a - firstA == b - firstB else { return false }
        for offset in 0...(a - firstA) {
            let (x, y) = (tree.nodes[firstA + offset], tree.nodes[firstB + offset])
            guard x.kind == y.kind, x.children.count == y.children.count,
                zip(x.children, y.children).allSatisfy({ $0 - firstA == $1 - firstB })
            else { return false }
        }
        return true
    }
}

extension ExpressionBounds.Failure {
    /// The operand that decides the failure, as written: `'rating - 3'`.
    func operandText(_ tree: ExpressionTree, text: String) -> String {
        "'" + ExpressionChecker.text(of: tree.nodes[operand].range, in: Array(text.unicodeScalars)) + "'"
    }
}

extension FeedbackConfiguration {
    /// The id of the screen's first rating field, for hints that name it. O(blocks).
    var ratingFieldID: String? {
        for block in extraContent {
            // A field id a template cannot name (refused where it is declared) is no example.
            if case .field(let field) = block.kind, case .rating = field.kind, TemplateString.isValidName(Substring(field.id)) {
                return field.id
            }
        }
        return nil
    }
}
