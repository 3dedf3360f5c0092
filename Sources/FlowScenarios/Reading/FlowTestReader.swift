import FeedbackFlow
import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowSystem
import FlowWorkspace

/// Reads a flow test file's tree into a ``FlowTestFile``, reporting each problem at its
/// `file:line:column` to a `DecodingSession` and going on to find the rest.
///
/// The keys are those of the ``ScenarioKey`` tables. Given the compiled flow, names are
/// checked against it: screen ids, field ids (and a value of the field's kind), button
/// titles, custom steps stubbed, events, validators and context names, each with "did
/// you mean" when one is a typo away. Without the flow (it did not compile), only the
/// file's shape is checked. O(size of the file + the flow's screens).
package struct FlowTestReader {
    /// What the file's names are checked against; `nil` without a flow.
    private let names: FlowNames?
    /// The flow, for typing values as it declares them.
    private let flow: Flow?
    /// The flow's file, as messages name it.
    private let flowFile: String
    /// Problems found so far.
    package var session = DecodingSession()

    /// A reader checking names against `flow` (read from `flowFile`) when given.
    package init(flow: Flow?, flowFile: String = "the flow") {
        self.flow = flow
        self.flowFile = flowFile
        self.names = flow.map(FlowNames.init)
    }

    /// The `flow:` value of a file's root, with its span: what the caller compiles before
    /// reading the scenarios. `nil` after reporting a root that is not a mapping, or no
    /// `flow:`.
    package static func flowReference(in root: Node, session: inout DecodingSession) -> (text: String, span: SourceSpan)? {
        guard let fields = session.mapping(root, expected: "a mapping with flow and scenarios") else { return nil }
        guard let node = session.required(fields, "flow", expected: "the flow file's path", hint: "write 'flow: NAME.flow.yaml'"),
            let text = session.string(node)
        else { return nil }
        guard !text.isBlank else {
            session.report(.invalidValue, "the flow's path must not be empty", at: node.span)
            return nil
        }
        return (text, node.span)
    }

    /// The flow file a test file at `path` names with `reference`: relative to the test
    /// file's folder unless absolute.
    package static func flowPath(_ reference: String, testFile path: String) -> String {
        let folder = AtomicReplacement.folder(of: path)
        return folder == "." ? reference : SettingsPath.resolve(reference, in: folder)
    }

    /// The flow file the test file at `path` names, or `nil` when it cannot be read or
    /// names none (the run reports why when it runs the file).
    package static func flowPath(ofTestFile path: String) -> String? {
        guard let root = DocumentLoader.load(path: path).root else { return nil }
        var session = DecodingSession()
        return flowReference(in: root, session: &session).map { flowPath($0.text, testFile: path) }
    }

    /// The file whose tree is `root`, read from `path`; problems go to ``session``.
    package mutating func read(_ root: Node, path: String) -> FlowTestFile? {
        guard let fields = session.mapping(root, expected: "a mapping with flow and scenarios") else { return nil }
        let suggested = session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.file))
        var reference = session
        guard let flowReference = Self.flowReference(in: root, session: &reference) else {
            session = reference
            return nil
        }
        var scenarios: [Scenario] = []
        if let node = session.required(
            fields, "scenarios", expected: "a list of scenarios", suggested: suggested, hint: "write '- name: …' items under 'scenarios:'"),
            let items = sequence(node, expected: "a list of scenarios")
        {
            if items.isEmpty {
                session.report(.invalidValue, "a flow test with no scenario tests nothing", at: node.span, hint: "write '- name: …' items under 'scenarios:'")
            }
            var seen: [String: SourceSpan] = [:]
            for item in items {
                guard let scenario = scenario(item) else { continue }
                if let first = seen[scenario.name] {
                    session.report(
                        .invalidValue, "two scenarios are named '\(scenario.name)'", at: scenario.span,
                        notes: [Diagnostic.Note(message: "the first is here", span: first)],
                        hint: "a scenario's name is its test case's name: give each its own")
                    continue
                }
                seen[scenario.name] = scenario.span
                scenarios.append(scenario)
            }
        }
        return FlowTestFile(
            path: path, flowReference: flowReference.text, flowSpan: flowReference.span,
            flowPath: Self.flowPath(flowReference.text, testFile: path), scenarios: scenarios)
    }

    // MARK: Scenarios

    private mutating func scenario(_ node: Node) -> Scenario? {
        guard let fields = session.mapping(node, expected: "a scenario {name, steps}") else { return nil }
        let suggested = session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.scenario))
        let nameNode = session.required(fields, "name", expected: "the scenario's name", suggested: suggested, hint: "write 'name: a low rating reaches the apology'")
        let name = nameNode.flatMap { session.string($0) }
        if let nameNode, let name, name.isBlank {
            session.report(.invalidValue, "a scenario's name must not be empty", at: nameNode.span)
        }
        let context = session.nonNullValue(fields, "context", expected: "a mapping of names to values").map { values($0, event: nil) } ?? [:]
        let trigger = session.nonNullValue(fields, "trigger", expected: "the trigger's event and values").flatMap { self.trigger($0) }
        let handlers = session.nonNullValue(fields, "handlers", expected: "a mapping of custom steps to answers").map { self.handlers($0) } ?? [:]
        var steps: [ScenarioStep] = []
        if let node = session.required(fields, "steps", expected: "a list of steps", suggested: suggested, hint: "write '- tap: Submit' items under 'steps:'"),
            let items = sequence(node, expected: "a list of steps")
        {
            steps = items.compactMap { step($0) }
            if items.isEmpty {
                session.report(.invalidValue, "a scenario with no step checks nothing", at: node.span, hint: "write '- tap: TITLE' and '- expect: {screen: ID}' items")
            }
        }
        guard let nameNode, let name, !name.isBlank else { return nil }
        return Scenario(name: name, span: nameNode.span, context: context, trigger: trigger, handlers: handlers, steps: steps)
    }

    private mutating func trigger(_ node: Node) -> ScenarioTrigger? {
        guard let fields = session.mapping(node, expected: "the trigger {event, context, validators, now, history}") else { return nil }
        let suggested = session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.trigger))
        let eventNode = session.required(fields, "event", expected: "an event name", suggested: suggested)
        let event = eventNode.flatMap { eventName($0) }
        let declaration = flow?.events.first { $0.name == event }
        let context = session.nonNullValue(fields, "context", expected: "a mapping of names to values").map { values($0, event: declaration) } ?? [:]
        let validators = TriggerInputs.validatorAnswers(fields, "validators", flow: flow, file: flowName, strict: true, session: &session)
        let now = session.nonNullValue(fields, "now", expected: "a time").flatMap { time($0) } ?? TriggerInputs.defaultDayZero
        var history: [PresentationRecord] = []
        if let node = session.nonNullValue(fields, "history", expected: "a list of {at, responded}"),
            let items = sequence(node, expected: "a list of {at, responded}")
        {
            let flowID = flow?.id ?? ""
            for item in items {
                guard let entry = session.mapping(item, expected: "a presentation {at, responded}") else { continue }
                let suggested = session.checkKeys(entry, allowed: ScenarioKey.names(ScenarioKey.historyEntry))
                guard let at = session.required(entry, "at", expected: "a time", suggested: suggested).flatMap({ time($0) }) else { continue }
                if at > now {
                    session.report(.invalidValue, "a presentation after the scenario's time ('now')", at: item.span)
                    continue
                }
                history.append(PresentationRecord(flowID: flowID, kind: .presented, date: at))
                if session.optionalBool(entry, "responded") == true {
                    history.append(PresentationRecord(flowID: flowID, kind: .responded, date: at))
                }
            }
        }
        var quietPeriod: Duration?
        if let node = session.nonNullValue(fields, "quietPeriod", expected: "a number of seconds"), let seconds = session.integer(node) {
            if seconds < 0 {
                session.report(.invalidValue, "a quiet period cannot be negative (\(seconds) seconds)", at: node.span, hint: "give 0 or more seconds")
            } else {
                quietPeriod = .seconds(seconds)
            }
        }
        guard let eventNode, let event else { return nil }
        return ScenarioTrigger(
            event: event, span: eventNode.span, context: context, validators: validators, now: now, history: history,
            quietPeriod: quietPeriod)
    }

    private mutating func handlers(_ node: Node) -> [String: [HandlerAnswer]] {
        guard let fields = session.mapping(node, expected: "a mapping of custom steps to answers") else { return [:] }
        var handlers: [String: [HandlerAnswer]] = [:]
        for entry in fields.entries {
            guard let name = entry.keyText else {
                session.mismatch(expected: "a custom step's name", found: entry.key)
                continue
            }
            if let names, !names.customSteps.contains(name) {
                let hint = Suggestion.hint(for: name, among: names.customSteps)
                    ?? (names.customSteps.isEmpty ? "the flow has no custom step" : "its custom steps: " + NameList.joined(names.customSteps))
                session.report(.unknownReference, "the flow has no custom step '\(name)'", at: entry.key.span, hint: hint)
                continue
            }
            let answers = entry.value.sequence.map { Array($0) } ?? [entry.value]
            if answers.isEmpty {
                session.report(.invalidValue, "no answer for '\(name)'", at: entry.value.span, hint: "write '{returns: {}}'")
                continue
            }
            let declaration = flow?.handlers.first { $0.name == name }
            handlers[name] = answers.compactMap { answer($0, declaration: declaration) }
        }
        return handlers
    }

    /// One answer; its `returns:` checked against what the flow declares the handler
    /// returns (`declaration`), as a handler program's output is.
    private mutating func answer(_ node: Node, declaration: HandlerDeclaration?) -> HandlerAnswer? {
        guard let fields = session.mapping(node, expected: "an answer {returns, fails, delay}") else { return nil }
        session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.handlerAnswer))
        var answer = HandlerAnswer()
        if let node = session.nonNullValue(fields, "returns", expected: "a mapping of values") {
            answer.returns = values(node, event: nil, checkingNames: false)
            if let declaration, let entries = MappingFields(node)?.entries {
                let declared = declaration.returns.map(\.name)
                for entry in entries {
                    guard let key = entry.keyText else { continue }
                    guard let type = declaration.returns.first(where: { $0.name == key })?.type else {
                        answer.returns[key] = nil
                        session.report(
                            .unknownReference, "the handler '\(declaration.name)' returns no '\(key)'", at: entry.key.span,
                            hint: Suggestion.hint(for: key, among: declared) ?? (declared.isEmpty ? "it returns nothing" : "it returns " + NameList.joined(declared)))
                        continue
                    }
                    if ExpressionValue(node: entry.value, as: type) == nil {
                        answer.returns[key] = nil
                        session.report(.typeMismatch, "'\(declaration.name).\(key)' is declared \(type), found \(entry.value.string.map { "'\($0)'" } ?? entry.value.kindDescription)", at: entry.value.span)
                    } else if let typed = ExpressionValue(node: entry.value, as: type) {
                        answer.returns[key] = typed
                    }
                }
            }
        }
        if let node = session.nonNullValue(fields, "fails", expected: "the failure's message"), let message = session.string(node) {
            answer.failure = message
            if fields.value("returns") != nil {
                session.report(.invalidValue, "an answer that fails returns nothing", at: node.span, hint: "keep 'fails' or 'returns'")
            }
        }
        if let node = session.nonNullValue(fields, "delay", expected: "a number of seconds") {
            if let text = node.number, let seconds = Double(text), seconds >= 0, seconds <= HandlerAnswer.maximumDelaySeconds {
                answer.delay = Duration(clampingSeconds: seconds)
            } else {
                session.report(
                    .invalidValue, "a delay must be from 0 to \(Int(HandlerAnswer.maximumDelaySeconds)) seconds", at: node.span,
                    hint: "write 'delay: 0.5'")
            }
        }
        return answer
    }

    // MARK: Steps

    private mutating func step(_ node: Node) -> ScenarioStep? {
        guard let fields = session.mapping(node, expected: "a step: set, tap, back, event or expect") else { return nil }
        session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.step))
        let written = fields.entries.filter { entry in ScenarioKey.step.contains { $0.name == entry.keyText } }
        guard written.count == 1, let entry = written.first, let key = entry.keyText else {
            if written.count > 1 {
                session.report(
                    .invalidValue, "a step does one thing; this one says " + NameList.joined(written.compactMap(\.keyText)), at: node.span,
                    hint: "write each as its own item")
            } else if fields.entries.allSatisfy({ ScenarioKey.step.map(\.name).contains($0.keyText ?? "") }) {
                session.report(.missingKey, "a step says set, tap, back, event or expect", at: node.span)
            }
            return nil
        }
        let value = entry.value
        switch key {
        case "set":
            guard let settings = session.mapping(value, expected: "a mapping of field ids to values") else { return nil }
            var result: [ScenarioStep.FieldSetting] = []
            for setting in settings.entries {
                guard let id = fieldID(setting.key) else { continue }
                guard let typed = fieldValue(setting.value, field: id, allowsNull: false) else { continue }
                result.append(ScenarioStep.FieldSetting(field: FieldID(id), value: typed, span: setting.value.span))
            }
            return ScenarioStep(kind: .set(result), span: value.span)
        case "tap":
            guard let title = session.string(value) else { return nil }
            checkTitle(title, at: value.span)
            return ScenarioStep(kind: .tap(title), span: value.span)
        case "back":
            guard session.bool(value) == true else {
                if value.bool == false { session.report(.invalidValue, "'back: false' does nothing", at: value.span, hint: "write 'back: true', or leave the step out") }
                return nil
            }
            return ScenarioStep(kind: .back, span: value.span)
        case "event":
            if value.string != nil {
                guard let name = eventName(value) else { return nil }
                return ScenarioStep(kind: .event(name, context: [:]), span: value.span)
            }
            guard let fields = session.mapping(value, expected: "an event name, or {name, context}") else { return nil }
            let suggested = session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.event))
            guard let nameNode = session.required(fields, "name", expected: "an event name", suggested: suggested), let name = eventName(nameNode) else {
                return nil
            }
            let declaration = flow?.events.first { $0.name == name }
            let context = session.nonNullValue(fields, "context", expected: "a mapping of names to values").map { values($0, event: declaration) } ?? [:]
            return ScenarioStep(kind: .event(name, context: context), span: nameNode.span)
        default:
            guard let fields = session.mapping(value, expected: "a mapping of expectations") else { return nil }
            session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.expect))
            if fields.entries.isEmpty {
                session.report(.invalidValue, "an expect that checks nothing", at: value.span, hint: "write '{screen: ID}'")
            }
            var expectations: [ScenarioExpectation] = []
            for entry in fields.entries {
                guard let key = entry.keyText else { continue }
                expectations += expectation(key, entry.value)
            }
            return ScenarioStep(kind: .expect(expectations), span: value.span)
        }
    }

    private mutating func expectation(_ key: String, _ node: Node) -> [ScenarioExpectation] {
        func one(_ kind: ScenarioExpectation.Kind?) -> [ScenarioExpectation] {
            kind.map { [ScenarioExpectation(kind: $0, span: node.span)] } ?? []
        }
        switch key {
        case "screen":
            guard let id = session.string(node) else { return [] }
            if let names, !names.screens.contains(id) {
                session.report(
                    .unknownScreen, "the flow has no screen '\(id)'", at: node.span,
                    hint: Suggestion.hint(for: id, among: names.screens) ?? "its screens: " + NameList.joined(names.screens))
                return []
            }
            return one(.screen(id))
        case "title": return one(session.string(node).map { .title($0) })
        case "stacks":
            guard let stacks = sequence(node, expected: "a list of stacks, each a list of screen ids") else { return [] }
            var result: [[String]] = []
            for stack in stacks {
                guard let ids = sequence(stack, expected: "a list of screen ids") else { return [] }
                var screens: [String] = []
                for id in ids {
                    guard let text = session.string(id) else { return [] }
                    if let names, !names.screens.contains(text) {
                        session.report(.unknownScreen, "the flow has no screen '\(text)'", at: id.span, hint: Suggestion.hint(for: text, among: names.screens))
                        return []
                    }
                    screens.append(text)
                }
                result.append(screens)
            }
            return one(.stacks(result))
        case "fields":
            guard let fields = session.mapping(node, expected: "a mapping of field ids to {value, valid, …}") else { return [] }
            var result: [ScenarioExpectation] = []
            for entry in fields.entries {
                guard let id = fieldID(entry.key), let state = fieldState(entry.value, field: id) else { continue }
                result.append(ScenarioExpectation(kind: .field(FieldID(id), state), span: entry.value.span))
            }
            return result
        case "buttons":
            guard let buttons = session.mapping(node, expected: "a mapping of button titles to {enabled}") else { return [] }
            var result: [ScenarioExpectation] = []
            for entry in buttons.entries {
                guard let title = entry.keyText else {
                    session.mismatch(expected: "a button's title", found: entry.key)
                    continue
                }
                checkTitle(title, at: entry.key.span)
                guard let state = session.mapping(entry.value, expected: "{enabled: true|false}") else { continue }
                session.checkKeys(state, allowed: ScenarioKey.names(ScenarioKey.button))
                result.append(ScenarioExpectation(kind: .button(title, enabled: session.optionalBool(state, "enabled")), span: entry.value.span))
            }
            return result
        case "error": return node.isNull ? one(.error(nil)) : one(session.string(node).map { .error($0) })
        case "submitted": return one(submission(node).map { .submitted($0) })
        case "outcome": return one(session.string(node).map { .outcome($0) })
        case "decision":
            if let text = node.string, node.mapping == nil {
                guard text == "presented" else {
                    session.report(.invalidValue, "a decision is 'presented' or {presented: false, reason: …}", at: node.span)
                    return []
                }
                return one(.decision(presented: true, reason: nil))
            }
            guard let fields = session.mapping(node, expected: "presented, or {presented: false, reason: …}") else { return [] }
            let suggested = session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.decision))
            guard let presented = session.required(fields, "presented", expected: "true or false", suggested: suggested).flatMap({ session.bool($0) }) else {
                return []
            }
            let reason = fields.value("reason").flatMap { session.string($0) }
            if let node = fields.value("reason"), let reason {
                if presented {
                    session.report(.invalidValue, "a flow that was presented has no reason", at: node.span, hint: "write 'decision: presented'")
                    return []
                }
                if reason.isBlank {
                    session.report(.invalidValue, "an empty reason matches every reason", at: node.span, hint: "write the reason's text, or its beginning: 'condition false'")
                    return []
                }
            }
            return one(.decision(presented: presented, reason: reason))
        case "opened": return one(session.string(node).map { .opened($0) })
        default: return []
        }
    }

    private mutating func fieldState(_ node: Node, field id: String) -> ScenarioExpectation.FieldState? {
        guard let fields = session.mapping(node, expected: "{value, valid, required, visible, problem}") else { return nil }
        session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.field))
        var state = ScenarioExpectation.FieldState()
        if let value = fields.entry("value")?.value { state.value = fieldValue(value, field: id, allowsNull: true) }
        state.isValid = session.optionalBool(fields, "valid")
        state.isRequired = session.optionalBool(fields, "required")
        state.isVisible = session.optionalBool(fields, "visible")
        if let problem = fields.entry("problem")?.value { state.problem = .some(problem.isNull ? nil : session.string(problem)) }
        return state
    }

    private mutating func submission(_ node: Node) -> ScenarioExpectation.SubmissionExpectation? {
        guard let fields = session.mapping(node, expected: "{rating, reason, custom, screen}") else { return nil }
        session.checkKeys(fields, allowed: ScenarioKey.names(ScenarioKey.submitted))
        var expected = ScenarioExpectation.SubmissionExpectation()
        if let rating = session.optionalInteger(fields, "rating") { expected.rating = rating.value }
        if let reason = fields.entry("reason")?.value { expected.reason = .some(reason.isNull ? nil : session.string(reason)) }
        if let node = session.nonNullValue(fields, "custom", expected: "a mapping of values"),
            let custom = session.mapping(node, expected: "a mapping of values")
        {
            var templates: [TemplateString] = []
            for entry in custom.entries {
                guard let key = entry.keyText else { continue }
                expected.custom[key] = session.flowValue(entry.value, templates: &templates)
            }
        }
        if let node = fields.value("screen"), let id = session.string(node) {
            if let names, !names.screens.contains(id) {
                session.report(.unknownScreen, "the flow has no screen '\(id)'", at: node.span, hint: Suggestion.hint(for: id, among: names.screens))
            } else {
                expected.screen = id
            }
        }
        return expected
    }

    // MARK: Values and names

    /// The flow's file as messages name it.
    private var flowName: String { flowFile }

    private mutating func sequence(_ node: Node, expected: String) -> [Node]? {
        guard let items = node.sequence else {
            session.mismatch(expected: expected, found: node)
            return nil
        }
        return Array(items)
    }

    private mutating func eventName(_ node: Node) -> String? {
        guard let name = session.string(node) else { return nil }
        guard !name.isBlank else {
            session.report(.invalidValue, "an event name must not be empty", at: node.span)
            return nil
        }
        if let flow, let problem = TriggerInputs.eventProblem(name, flow: flow, file: flowName) {
            session.report(.unknownEvent, problem.message, at: node.span, hint: problem.hint)
            return nil
        }
        return name
    }

    private mutating func time(_ node: Node) -> Date? {
        guard let text = session.string(node) else { return nil }
        guard let date = TriggerInputs.date(text, dayZero: TriggerInputs.defaultDayZero) else {
            session.report(
                .invalidValue, "invalid time '\(text)'", at: node.span,
                hint: "write 'day 3' or an ISO 8601 time such as 2026-12-01T10:00:00Z")
            return nil
        }
        return date
    }

    /// The values of a mapping, typed as the flow declares them (`context:` of a scenario,
    /// a trigger or an event); a handler's `returns:` is typed by the form of each value.
    private mutating func values(_ node: Node, event: EventDeclaration?, checkingNames: Bool = true) -> [String: ExpressionValue] {
        if checkingNames, let flow {
            // A name the flow does not declare would be a value nothing reads (one a typo
            // away is said by the reader below, with "did you mean").
            let declared = flow.context.map(\.name) + (event?.payload ?? []).map { EventDeclaration.payloadPrefix + $0.name }
            for entry in MappingFields(node).map({ Array($0.entries) }) ?? [] {
                guard let name = entry.keyText, !declared.contains(name), Suggestion.closest(to: name, among: declared) == nil else { continue }
                let hint = declared.isEmpty ? "the flow declares no value (under its 'context:' and its events)" : "its values here: " + NameList.joined(declared)
                session.report(.unknownReference, "'\(flowName)' declares no value '\(name)'", at: entry.key.span, hint: hint)
            }
            return ContextFileReader.values(of: node, flow: flow, event: event, session: &session)
        }
        guard let fields = session.mapping(node, expected: "a mapping of names to values") else { return [:] }
        var values: [String: ExpressionValue] = [:]
        for entry in fields.entries {
            guard let name = entry.keyText else { continue }
            guard let value = ExpressionValue(node: entry.value, as: nil) else {
                session.mismatch(expected: "a single value (a number, a string, true, false or null)", found: entry.value)
                continue
            }
            values[name] = value
        }
        return values
    }

    private mutating func fieldID(_ key: Node) -> String? {
        guard let id = key.string else {
            session.mismatch(expected: "a field id", found: key)
            return nil
        }
        if let names, names.fields[id] == nil {
            let known = names.fields.keys.sorted()
            session.report(
                .unknownReference, "the flow has no field '\(id)'", at: key.span,
                hint: Suggestion.hint(for: id, among: known) ?? (known.isEmpty ? "the flow has no field" : "its fields: " + NameList.joined(known)))
            return nil
        }
        return id
    }

    /// A value for field `id`, typed by its kind as a person's typed text is; `null` is
    /// an unrated rating when `allowsNull`.
    private mutating func fieldValue(_ node: Node, field id: String, allowsNull: Bool) -> FieldValue? {
        if node.isNull, allowsNull {
            // Only a rating is ever without a value (unrated, until rated).
            if let kind = names?.fields[id], case .rating = kind { return .unrated }
            if names == nil { return .unrated }
            session.report(.typeMismatch, "'\(id)' always has a value: null is for a rating not yet rated", at: node.span, hint: "write its text, or true or false")
            return nil
        }
        guard let text = node.string, node.mapping == nil, node.sequence == nil else {
            session.mismatch(expected: "a value: a whole number, true or false, or text", found: node)
            return nil
        }
        guard let kind = names?.fields[id] else { return .text(text) }
        switch kind.value(typed: text, field: id) {
        case .success(let value): return value
        case .failure(let problem):
            session.report(.typeMismatch, problem.message, at: node.span)
            return nil
        }
    }

    /// Checks that some button of the flow can show `title` (``FlowNames/hasTitle(_:)``).
    private mutating func checkTitle(_ title: String, at span: SourceSpan) {
        guard let names, !names.hasTitle(title) else { return }
        session.report(
            .unknownReference, "no button of the flow is titled '\(title)'", at: span,
            hint: Suggestion.hint(for: title, among: names.titles) ?? "its buttons: " + NameList.joined(names.titles))
    }
}
