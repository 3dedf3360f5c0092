import FlowDocument

/// One run of ``FlowValidator`` over a flow: each rule appends to `diagnostics`.
struct ValidationRun {
    let flow: Flow
    /// Template names a host provides besides field ids and the context variables.
    let additionalVariables: [String]
    var diagnostics = DiagnosticBag()
    /// Screen ids in written order (the first of duplicates).
    private let screenIDs: [String]
    /// Screen id → position in `flow.screens` of its first screen, so that target and
    /// reachability lookups are O(1) instead of a scan of the screens.
    private let screenIndex: [String: Int]

    init(flow: Flow, additionalVariables: [String] = []) {
        self.flow = flow
        self.additionalVariables = additionalVariables
        var seen: Set<String> = []
        screenIDs = flow.screens.map(\.id).filter { seen.insert($0).inserted }
        screenIndex = flow.screenIndex()
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
        for (position, screen) in flow.screens.enumerated() {
            guard let first = screenIndex[screen.id], first != position else { continue }
            report(.duplicateScreenID, "duplicate screen id '\(screen.id)'", at: screen.span,
                   notes: [Diagnostic.Note(message: "first defined here", span: flow.screens[first].span)])
        }
    }

    /// `unknown-screen` for `start`; returns whether `start` names a screen.
    mutating func checkStart() -> Bool {
        guard screenIndex[flow.start] == nil else { return true }
        reportUnknownScreen(flow.start, at: flow.startSpan, role: "start screen")
        return false
    }

    /// `unknown-screen` for every `push`/`present`/`replace`/`popTo` target.
    mutating func checkTargets() {
        for screen in flow.screens {
            for action in screen.actions {
                for step in action.steps {
                    guard let target = step.target, screenIndex[target] == nil else { continue }
                    reportUnknownScreen(target, at: step.argumentSpan ?? step.span, role: "'\(step.name)' target")
                }
            }
        }
    }

    private mutating func reportUnknownScreen(_ id: String, at span: SourceSpan?, role: String) {
        let hint = Suggestion.hint(for: id, among: screenIDs)
            ?? "the screens are " + screenIDs.map { "'\($0)'" }.joined(separator: ", ")
        report(.unknownScreen, "unknown screen '\(id)'", at: span, hint: "\(role): \(hint)")
    }

    /// The ids of the screens reachable from the start through `push`, `present` and
    /// `replace` steps of any action (`onFailure` included). Breadth-first,
    /// O(screens + steps).
    func reachableScreens() -> Set<String> {
        var reached: Set<String> = [flow.start]
        var queue = [flow.start]
        while let id = queue.popLast() {
            guard let position = screenIndex[id] else { continue }
            let screen = flow.screens[position]
            for action in screen.actions {
                for step in action.steps {
                    switch step.kind {
                    case .push(let target), .present(let target), .replace(let target):
                        if reached.insert(target).inserted { queue.append(target) }
                    default:
                        break
                    }
                }
            }
        }
        return reached
    }

    /// `unreachable-screen` (warning) at each screen no chain of steps from the start shows.
    mutating func checkReachability(_ reachable: Set<String>) {
        for screen in flow.screens where !reachable.contains(screen.id) {
            report(
                .unreachableScreen, "screen '\(screen.id)' is unreachable from the start screen '\(flow.start)'",
                at: screen.span, hint: "no push, present or replace step of a reachable screen shows it")
        }
    }

    /// `pop-on-root` (warning); see ``StackRootAnalysis`` for the exact rule.
    mutating func checkPopOnRoot(_ reachable: Set<String>) {
        let analysis = StackRootAnalysis(flow: flow, reachable: reachable)
        for (root, step) in analysis.popsOnRoot {
            report(
                .popOnRoot, "'pop' on screen '\(root)', which is always the root of its stack", at: step.span,
                hint: "here 'pop' removes the whole stack; write 'dismiss' to say so, or show '\(root)' with 'push'")
        }
    }

    // MARK: Fields

    /// `duplicate-field-id`, with a note at the first definition; returns the field ids
    /// in written order (each once).
    mutating func checkFieldIDs() -> [String] {
        var first: [String: SourceSpan?] = [:]
        var ids: [String] = []
        for screen in flow.screens {
            for block in screen.extraContent {
                guard let id = block.fieldID, !id.isEmpty else { continue }
                let span = Self.idSpan(of: block)
                if let earlier = first[id] {
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

    private static func idSpan(of block: ContentBlock) -> SourceSpan? {
        switch block.kind {
        case .rating(let f): f.idSpan ?? block.span
        case .textField(let f): f.idSpan ?? block.span
        case .textEditor(let f): f.idSpan ?? block.span
        case .toggle(let f): f.idSpan ?? block.span
        case .text, .image, .custom: block.span
        }
    }

    /// `invalid-value` for rating ranges (`min < max`, `min <= value <= max`) and
    /// `maxLength >= 1`.
    mutating func checkFieldRanges() {
        for screen in flow.screens {
            for block in screen.extraContent {
                switch block.kind {
                case .rating(let f):
                    if f.min >= f.max {
                        report(.invalidValue, "rating min \(f.min) must be less than max \(f.max)",
                               at: f.minSpan ?? f.maxSpan ?? block.span)
                    } else if let value = f.value, value < f.min || value > f.max {
                        report(.invalidValue, "rating value \(value) is outside \(f.min)...\(f.max)",
                               at: f.valueSpan ?? block.span, hint: "min <= value <= max")
                    }
                case .textField(let f):
                    checkMaxLength(f.maxLength, at: f.maxLengthSpan ?? block.span)
                case .textEditor(let f):
                    checkMaxLength(f.maxLength, at: f.maxLengthSpan ?? block.span)
                case .text, .image, .toggle, .custom:
                    break
                }
            }
        }
    }

    private mutating func checkMaxLength(_ maxLength: Int?, at span: SourceSpan?) {
        if let maxLength, maxLength < 1 {
            report(.invalidValue, "maxLength must be at least 1, found \(maxLength)", at: span)
        }
    }

    // MARK: Feedback

    /// `missing-key` for a `collectUserFeedback` step without `rating` (the feedback API
    /// of seed `000` takes a rating from 1 to 5, so such a step can only fail), at the
    /// step; `invalid-value` for a constant `rating` (no `${…}`) that is not a whole number
    /// from 1 to 5 by ``FeedbackRequest/rating(fromRendered:)``, at the rating.
    mutating func checkFeedbackRatings() {
        for screen in flow.screens {
            let ratingField = screen.extraContent.lazy.compactMap { block -> String? in
                if case .rating(let field) = block.kind { return field.id }
                return nil
            }.first
            for action in screen.actions {
                for step in action.steps {
                    guard case .collectUserFeedback(let request) = step.kind else { continue }
                    guard let rating = request.rating else {
                        let hint = ratingField.map { "write 'rating: \"${\($0)}\"' (the screen's rating field) or a whole number from 1 to 5" }
                            ?? "write 'rating: N' with a whole number from 1 to 5, or '${ID}' naming a rating field"
                        report(.missingKey, "collectUserFeedback needs 'rating'", at: step.span, hint: hint)
                        continue
                    }
                    guard rating.isConstant, rating.problems.isEmpty else { continue }
                    let text = rating.render { _ in nil }
                    if FeedbackRequest.rating(fromRendered: text) == nil {
                        report(
                            .invalidValue, "collectUserFeedback rating must be a whole number from 1 to 5, found '\(text)'",
                            at: rating.span ?? step.span, hint: "the feedback API takes a rating from 1 to 5")
                    }
                }
            }
        }
    }

    // MARK: Templates

    /// `invalid-template` and `unknown-reference` in every template of every screen.
    mutating func checkTemplates(fieldIDs: [String]) {
        let known = fieldIDs + ContextVariable.names + additionalVariables
        let knownSet = Set(known)
        for screen in flow.screens {
            for template in Self.templates(of: screen) {
                for problem in template.problems {
                    report(.invalidTemplate, problem.message,
                           at: TemplateLocator.span(in: template, offset: problem.offset, length: 1),
                           hint: "write '${name}' for a value, '$$' for a literal '$'")
                }
                for (name, offset) in template.references
                where TemplateString.isValidName(Substring(name)) && !knownSet.contains(name) {
                    let hint = Suggestion.hint(for: name, among: known)
                        ?? "a template names a field id of the flow or one of "
                        + ContextVariable.names.map { "'\($0)'" }.joined(separator: ", ")
                    report(.unknownReference, "unknown reference '\(name)'",
                           at: TemplateLocator.span(in: template, offset: offset, length: name.unicodeScalars.count + 3),
                           hint: hint)
                }
            }
        }
    }

    /// Every template of a screen, in written order as far as the model keeps it: title,
    /// subtitle, text blocks, then per action the button titles and the step arguments.
    static func templates(of screen: FeedbackConfiguration) -> [TemplateString] {
        var templates: [TemplateString] = [screen.title]
        if let subtitle = screen.subtitle { templates.append(subtitle) }
        for block in screen.extraContent {
            if case .text(let text) = block.kind { templates.append(text) }
        }
        switch screen.primaryAction {
        case .none: break
        case .button(let b): templates.append(b.title)
        case .retryButton(let b):
            templates.append(b.title)
            if let loading = b.loadingTitle { templates.append(loading) }
        }
        if let button = screen.secondaryAction.button { templates.append(button.title) }
        for action in screen.actions {
            for step in action.steps {
                switch step.kind {
                case .openURL(let url): templates.append(url)
                case .collectUserFeedback(let request):
                    if let rating = request.rating { templates.append(rating) }
                    if let reason = request.reason { templates.append(reason) }
                default: break
                }
                templates.append(contentsOf: step.argumentTemplates)
            }
        }
        return templates
    }
}
