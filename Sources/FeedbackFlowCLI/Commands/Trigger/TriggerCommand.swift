import FlowCompile
import FeedbackFlowCore
import FlowSource
import FlowSystem
import FlowWorkspace

/// `feedbackflow trigger FILE --event NAME …`: whether the flow's trigger presents it for
/// an event, and why not; or, with `--timeline`, the decision for each entry of a
/// timeline replayed with a fake clock.
package struct TriggerCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "trigger",
        abstract: "Say whether the flow's trigger presents it for an event, and why not.",
        discussion: """
            The rules, in order: the event is the trigger's; the values given have the
            declared types; 'when' is true; no limit holds the flow back (untilResponded,
            maxPresentations per period, minInterval, the quiet period); the validator
            answers true. The first rule that fails is the reason; for a limit, the one
            that frees up last, with when.

            A --context value for a name the flow declares is read as its type
            (call.maxParticipants=2 for an integer); the event's payload is given as
            --context event.NAME=VALUE.

            --timeline T.yaml replays entries like
              - {at: day 0, event: callEnded, context: {call.maxParticipants: 2}, validator: {isCallCreator: true}}
              - {at: day 40, event: callEnded, context: {call.maxParticipants: 2}, validator: {isCallCreator: true}, responded: true}
            where 'day N' counts from --now (default 2026-01-01T00:00:00Z), with the history
            in memory (starting from --history when given, which is not written).

            EXIT STATUS: 0 when the flow would be presented (for --timeline: the timeline
            was replayed); 1 when it would not, or the flow has errors; 2 usage error (a
            value of the wrong type names the declared type).
            """,
        options: ArgumentReading.specs { TriggerCommand() },
        positional: PositionalSpec(name: "file", count: .one, help: "The flow file (YAML or JSON)."))

    /// The flow file, alone.
    @Positionals var files: [String]
    /// `--event`, the values given with it, the validators' answers, the history, the
    /// time and the quiet period.
    package var options = TriggerOptions()
    /// `--timeline FILE`: entries replayed with a fake clock.
    @Option(.text(
        "timeline", valueName: "file", help: "Replay a list of {at, event, context, validator, responded} entries with a fake clock; one decision per entry."))
    package var timelinePath: String?
    /// `--format`; `nil`: text.
    @Option(.choice(
        "format", of: TriggerDecisionWriter.Format.self, valueName: "format",
        help: "text (default) or json: one JSON object per decision, with \"presented\" and \"reason\"."))
    var formatGiven: TriggerDecisionWriter.Format?
    /// `--limit NAME=N`: the loaders' bounds.
    @Option(LoadingLimitOption.option) package var loadingLimits: LoadingLimits

    /// The flow file.
    package var file: String { files.first ?? "" }
    /// How decisions are written.
    package var outputFormat: TriggerDecisionWriter.Format { formatGiven ?? .text }

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { TriggerCommand() }
        switch (options.event, timelinePath) {
        case (nil, nil): throw UsageError("trigger needs --event NAME or --timeline FILE")
        case (.some, .some): throw UsageError("give --event or --timeline, not both", hint: "a timeline names the event of each entry")
        default: break
        }
    }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let compileOptions = CompileOptions(additionalVariables: options.context.keys, loadingLimits: loadingLimits)
        guard
            let flow = try FlowLoading.compiledFlow(
                path: file, options: compileOptions,
                flagHint: FlagHint(context: "trigger --context NAME=VALUE", loadingLimit: "trigger --\(LoadingLimitOption.name)"),
                environment: environment)
        else { return .findings }
        try options.checkNoVariables(in: flow, file: file)
        try options.checkNames(against: flow, file: file)
        if let timelinePath { return try await replay(timelinePath, flow: flow, environment: environment) }
        let event = options.event ?? ""
        let (decision, _) = try await options.decide(flow: flow, file: file, event: event)
        environment.output.write(TriggerDecisionWriter.line(decision, format: outputFormat))
        return decision.isPresented ? .clean : .findings
    }

    /// Replays the timeline: one decision per entry, the history in memory.
    private func replay(_ path: String, flow: Flow, environment: CommandEnvironment) async throws -> CommandResult {
        let timeline = try Timeline(path: path, flow: flow, flowFile: file, dayZero: options.now)
        let seed: [PresentationRecord]
        if let history = options.history {
            do { seed = try await JSONFilePresentationHistory(file: URL(localPath: history)).records() } catch {
                throw UsageError("--history \(error)")
            }
        } else {
            seed = []
        }
        let history = InMemoryPresentationHistory(records: seed)
        for (index, entry) in timeline.entries.enumerated() {
            var registry = ActionHandlerRegistry()
            for (name, answer) in options.validators.merging(entry.validators, uniquingKeysWith: { $1 }) {
                registry.registerValidator(name, AnsweringTriggerValidator(answer))
            }
            let date = entry.date
            let navigator = FlowNavigator(
                flow: flow, registry: registry, now: { date }, history: history, quietPeriod: options.quietPeriod.map { .seconds($0) })
            // The command line's --context and --context-file values, under the entry's own.
            let given = try options.values(for: flow, file: file, event: entry.event)
            let decision = await navigator.handle(event: entry.event, context: given.merging(entry.context) { $1 })
            await navigator.end(.quit)
            if decision.isPresented, entry.responded {
                await history.record(PresentationRecord(flowID: flow.id, kind: .responded, date: date))
            }
            environment.output.write(
                TriggerDecisionWriter.line(decision, format: outputFormat, entry: index + 1, at: date, event: entry.event))
        }
        return .clean
    }
}
