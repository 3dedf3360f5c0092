import FlowCompile
import FeedbackFlowCore
import FlowSource
import FlowSystem
import FlowWorkspace

/// The options that put a flow's trigger to the test, shared by `trigger` and `run`:
/// the event, the values the host gives with it, the validators' answers, the history,
/// the time and the quiet period. Each option is named here once.
package struct TriggerOptions: Sendable {
    /// `--context KEY=VALUE`, as given; `storyboard` reads it too.
    package static let context = CommandOption.texts(
        "context", valueName: "key=value",
        help: "Give a value the flow reads: a declared context value (typed as declared), an event's payload as event.NAME, or a template variable ${key}; repeatable, each key once.")
    /// `--context-file FILE`; `storyboard` reads it too.
    package static let contextFile = CommandOption.text(
        "context-file", valueName: "file", help: "Read values like --context from a JSON or YAML mapping; --context wins for a key in both.")

    /// `--context`: the values given, each `KEY=VALUE`.
    @Option(TriggerOptions.context.map(notGiven: ContextDeclaration()) { items throws(UsageError) in
        try ContextDeclaration(parsing: items, valueRequired: true)
    })
    package var context: ContextDeclaration
    /// `--event`: the event that happened.
    @Option(.text(
        "event", valueName: "name", help: "The event that happened; the flow's trigger decides whether it presents the flow."))
    package var event: String?
    /// `--context-file`: more values, which `--context` wins over.
    @Option(TriggerOptions.contextFile) package var contextFile: String?
    /// `--validator NAME=true|false`: the validators' answers.
    @Option(.texts(
        "validator", valueName: "name=true|false",
        help: "The answer of the host validator NAME (a validator with no answer given fails); repeatable.",
        notGiven: [:], reading: TriggerOptions.validators(from:)))
    package var validators: [String: Bool]
    /// `--history FILE`: the presentation history.
    @Option(.text(
        "history", valueName: "file", help: "The presentation history (JSON lines); a presentation is recorded in it. Default: empty, in memory."))
    package var history: String?
    /// `--now`: the time of the event.
    @Option(.value(
        "now", valueName: "iso8601", help: "The time of the event, e.g. 2026-12-01T10:00:00Z (default: now)."
    ) { text throws(UsageError) in
        guard let date = TriggerInputs.date(text) else {
            throw UsageError("invalid --now '\(text)'", hint: "write an ISO 8601 time such as 2026-12-01T10:00:00Z")
        }
        return date
    })
    package var now: Date?
    /// `--quiet-period`, in whole seconds.
    @Option(.duration(
        "quiet-period", help: "No flow is presented within this time (30s, 15m, 12h, 7d) after any flow of the history was."))
    package var quietPeriod: Int?

    /// No option given, or the options as the command line being read gives them
    /// (``ArgumentReading``).
    package init() {}

    /// The `--validator NAME=true|false` values, by name.
    /// - Throws: ``UsageError`` for a value that is not `NAME=true` or `NAME=false`, or a
    ///   name given twice.
    static func validators(from items: [String]) throws(UsageError) -> [String: Bool] {
        var validators: [String: Bool] = [:]
        for item in items {
            guard let equals = item.firstIndex(of: "="), let answer = Bool(String(item[item.index(after: equals)...])) else {
                throw UsageError("invalid --validator '\(item)'", hint: "write '--validator NAME=true' or '--validator NAME=false'")
            }
            let name = String(item[..<equals])
            guard !name.isEmpty else { throw UsageError("invalid --validator '\(item)': the name is empty", hint: "write '--validator NAME=true'") }
            guard validators[name] == nil else { throw UsageError("--validator '\(name)' given more than once") }
            validators[name] = answer
        }
        return validators
    }

    /// - Throws: ``UsageError`` when an option that means something only with `--event`
    ///   is given without it.
    package func checkEventGiven() throws(UsageError) {
        let eventOnly: [(name: String, given: Bool)] = [
            ($contextFile.spec.name, contextFile != nil), ($validators.spec.name, !validators.isEmpty),
            ($history.spec.name, history != nil), ($now.spec.name, now != nil), ($quietPeriod.spec.name, quietPeriod != nil),
        ]
        guard event == nil, let option = eventOnly.first(where: \.given) else { return }
        throw UsageError("--\(option.name) needs --event NAME", hint: "it is used when the flow's trigger decides on an event")
    }

    /// The command line checked against `flow`: no `--context` key is a field id, a flow
    /// variable or a handler's value, and `--event` and `--validator` name what the flow
    /// declares.
    /// - Throws: ``UsageError`` for the first that fails.
    package func check(against flow: Flow, file: String) throws(UsageError) {
        try context.checkNoFieldIDs(in: flow, file: file)
        try checkNoVariables(in: flow, file: file)
        try checkNames(against: flow, file: file)
    }

    /// - Throws: ``UsageError`` when a `--context` key is a flow variable of `flow`, which
    ///   only its `set` steps give values, or a value one of its handlers returns.
    package func checkNoVariables(in flow: Flow, file: String) throws(UsageError) {
        if let variable = flow.variables.first(where: { context.keys.contains($0.name) }) {
            throw UsageError(
                "--context '\(variable.name)' is a flow variable of '\(file)'; only its 'set' steps give it values",
                hint: "declare it under 'context:' instead if the host provides it")
        }
        for handler in flow.handlers {
            for value in handler.returns where context.keys.contains(handler.returnedName(value.name)) {
                throw UsageError(
                    "--context '\(handler.returnedName(value.name))' is a value handler '\(handler.name)' of '\(file)' returns; only the handler gives it",
                    hint: "name a value the flow declares under 'context:'")
            }
        }
    }

    /// The values given: `--context-file`'s, then `--context`'s over them, each typed by
    /// what `flow` declares for it (``ContextDeclaration/values(declaredIn:event:file:)``).
    /// - Throws: ``UsageError`` for a value of the wrong type, a name one typo away from a
    ///   declared one, or an unreadable context file.
    package func values(for flow: Flow, file: String, event: String?) throws(UsageError) -> [String: ExpressionValue] {
        let declaration = flow.events.first { $0.name == event }
        var values: [String: ExpressionValue] = [:]
        if let contextFile {
            values = try ContextFileReader.values(path: contextFile, flow: flow, event: declaration)
        }
        values.merge(try context.values(declaredIn: flow, event: declaration, file: file)) { $1 }
        return values
    }

    /// What a misspelt `--event` or `--validator` would otherwise pass off as a real
    /// decision ("not presented"), checked against what `flow` says: an event the flow does
    /// not declare but one typo away from one it does, and a `--validator` name that is not
    /// the trigger's but one typo away from it. Names far from any are allowed (a script
    /// may report every event, and give one set of answers, to many flows).
    /// - Throws: ``UsageError`` with "did you mean".
    package func checkNames(against flow: Flow, file: String) throws(UsageError) {
        if let event, let problem = TriggerInputs.eventProblem(event, flow: flow, file: file) {
            throw UsageError("--event \(event): \(problem.message)", hint: problem.hint)
        }
        for name in validators.keys.sorted() {
            if let problem = TriggerInputs.validatorProblem(name, flow: flow, file: file) {
                throw UsageError("--validator \(name): \(problem.message)", hint: problem.hint)
            }
        }
    }

    /// The validators answering as given.
    package func registering(into registry: inout ActionHandlerRegistry) {
        for (name, answer) in validators { registry.registerValidator(name, AnsweringTriggerValidator(answer)) }
    }

    /// The history to decide with: the `--history` file, or a new one in memory.
    package var presentationHistory: any PresentationHistory {
        history.map { JSONFilePresentationHistory(file: URL(localPath: $0)) } ?? InMemoryPresentationHistory()
    }

    /// What `--event` decides for `flow` at ``now`` (default the current time) with the
    /// values given; a presentation is recorded in the history.
    /// - Throws: ``UsageError`` for values that are not of their declared types, or names
    ///   one typo away from declared ones.
    package func decide(flow: Flow, file: String, event: String) async throws(UsageError) -> (TriggerDecision, [String: ExpressionValue]) {
        let values = try values(for: flow, file: file, event: event)
        var registry = ActionHandlerRegistry()
        registering(into: &registry)
        let date = now ?? Date()
        let navigator = FlowNavigator(flow: flow, registry: registry, now: { date }, history: presentationHistory, quietPeriod: quietPeriod.map { .seconds($0) })
        let decision = await navigator.handle(event: event, context: values)
        await navigator.end(.quit)
        return (decision, values)
    }
}
