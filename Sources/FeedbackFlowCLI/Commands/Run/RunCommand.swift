import FeedbackFlowPrograms
import FlowCompile
import FeedbackFlowCore
import FlowSource
import FlowSystem
import FlowTerminal
import FlowWorkspace

/// `feedbackflow run FILE`: plays a flow in the terminal, in line mode.
package struct RunCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "run",
        abstract: "Play a flow in the terminal (line mode), reading answers from standard input.",
        discussion: """
            The flow is checked first; a flow with errors is not run (its diagnostics are
            printed and the status is 1). Submitted feedback is appended to the
            --feedback-out file, one JSON object per line. 'openURL' steps print
            "Opening <url>" instead of launching anything, and refuse schemes other than
            \(URLSchemePolicy.defaultAllowedSchemes.sorted().joined(separator: ", ")). End of input ends the run (inside 'edit', the
            lines typed so far are kept first).

            The flow, --transcript, --outbox and --feedback-out must be four different
            files (by any path or link to them): two that are one file is a usage error,
            before anything is written.

            Every submission is first kept in the --outbox file (default
            \(DeliveryOptions.defaultOutboxName) beside --feedback-out), on the disk, then
            delivered: appended to --feedback-out, or POSTed to --feedback-url. One that
            cannot be delivered stays kept: the step succeeds, the screen and the end of
            the run say so, and 'feedbackflow outbox flush' delivers it later.

            A --context key is a name (letters, digits and '_' in parts joined by '.'), given once, not
            a field id of the flow and not flow.id, screen.id or any name starting with
            'flow.' or 'screen.'.

            With --event NAME, the flow's trigger decides first (as 'feedbackflow trigger'
            does, with the same --context, --context-file, --validator, --history, --now
            and --quiet-period): the flow is played only when it is presented; otherwise
            the reason is printed and the status is 1.

            EXIT STATUS: 0 when the flow ends, however it ends (finish, dismissed, quit,
            end of input); 1 the flow has errors and was not run, or its trigger did not
            present it; 2 usage error; 3 standard
            output could not be written (e.g. the reader of a pipe went away: the run stops
            at once), the transcript could not be written or a submitted feedback could not
            be kept in the outbox (the run goes on and the error is printed at the end), or
            the flow could not start; 130, 143 or 129 stopped by SIGINT (Ctrl-C), SIGTERM
            or SIGHUP, after stopping the programs it started (what the outbox kept stays).
            """,
        options: ArgumentReading.specs { RunCommand() },
        positional: PositionalSpec(name: "file", count: .one, help: "The flow file (YAML or JSON)."))

    /// The flow file, alone.
    @Positionals var files: [String]
    /// `--transcript`: where every event of the run is written.
    @Option(.text("transcript", valueName: "file", help: "Write every event of the run here, one JSON object per line."))
    package var transcript: String?
    /// What the host would give the flow: delivery, context, trigger, handlers, limits, locale.
    package var host = HostOptions()

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { RunCommand() }
        try host.check()
    }

    /// The flow file.
    package var file: String { files.first ?? "" }

    /// Plays the flow; see the command's help for the statuses.
    /// - Throws: ``UsageError`` (a missing flow file, a `--context` key that is a field
    ///   id of the flow, an unwritable `--feedback-out` or `--transcript`, or one that is
    ///   the flow file itself);
    ///   ``IOFailure`` when the transcript or a submitted feedback could not be written
    ///   during the run (reported after the flow ended); ``InternalFailure`` when the
    ///   flow could not start.
    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let (options, trigger) = (host.compileOptions, host.trigger)
        // What a handler program starts outside its group is adopted, and stopped at the end.
        if environment.adoptsDescendants { environment.programs.adoptDescendants() }
        try CommandFiles.checkDistinct(
            host.files(flow: file) + (transcript.map { [CommandFiles.Entry(name: "--transcript", path: $0, holds: "the transcript")] } ?? []))
        guard
            let compiled = try FlowLoading.compiledFlow(
                path: file, options: options, flagHint: FlagHint(context: "run --context NAME=VALUE", loadingLimit: "run --\(LoadingLimitOption.name)"),
                allowsStandardInput: false, environment: environment)
        else { return .findings }
        let flow = try host.localeOptions.localized(compiled)
        try host.trigger.check(against: flow, file: file)
        let variables = try trigger.values(for: flow, file: file, event: trigger.event)
        // MARK: Delivery through the outbox (--outbox, --feedback-url)
        let outbox = try host.outbox(environment: environment)
        let sink = FailureCountingFeedbackSink(outbox)
        // MARK: End of delivery setup
        var presenters: [any Presenter] = []
        var recorder: TranscriptRecorder?
        if let transcript {
            try CommandFiles.empty(transcript, option: "--transcript")
            let created = TranscriptRecorder(file: URL(localPath: transcript))
            recorder = created
            presenters.append(created)
        }
        let handlerPrograms = try host.configuredHandlerPrograms()
        let registry = try host.registry(flow: flow, file: file, sink: sink, programs: handlerPrograms, environment: environment)
        let date = trigger.now
        let runTrigger = trigger.event.map { event in
            LineModeRunner.Trigger(
                event: event, history: trigger.presentationHistory, quietPeriod: trigger.quietPeriod, now: { date ?? Date() })
        }
        let unhandled = Self.customStepNames(in: flow).filter { !handlerPrograms.names.contains($0) }
        if !unhandled.isEmpty {
            environment.errorOutput.write(
                "feedbackflow run: warning: no handler for the custom step\(unhandled.count == 1 ? "" : "s") "
                    + NameList.joined(unhandled.map { DisplayText.sanitized($0) })
                    + " (give one with --handler NAME=COMMAND): tapping an action that runs one fails with 'no handler registered'\n")
        }
        let runner = LineModeRunner(
            flow: flow, registry: registry, input: environment.input, output: environment.output,
            style: environment.outputStyle, presenters: presenters, context: variables, trigger: runTrigger)
        let ending = await runner.run()
        // MARK: Delivery through the outbox: what stays kept
        environment.errorOutput.write(OutboxText.keptAtEnd(
            live: await outbox.liveCount, liveError: await outbox.liveError ?? "not tried",
            dead: await outbox.deadCount, deadError: await outbox.deadError ?? "refused",
            outbox: host.outboxPath, options: host.delivery.commandLineWords(feedbackOut: host.feedbackOut)))
        // MARK: End of what stays kept

        var problems: [String] = []
        if let recorder, let error = await recorder.lastError {
            problems.append("the transcript '\(recorder.file.localPath)' is incomplete: \(error)")
        }
        let lost = await sink.failureCount
        if lost > 0, let error = await sink.lastError {
            let count = lost == 1 ? "1 feedback submission was" : "\(lost) feedback submissions were"
            problems.append("\(count) not saved: \(error)")
        }
        guard problems.isEmpty else { throw IOFailure(problems.joined(separator: "; ")) }
        if case .notStarted(let error) = ending {
            throw InternalFailure("the flow in '\(file)' could not start: \(error)")
        }
        if case .notPresented = ending { return .findings }
        return .clean
    }

    /// The names of the custom steps `flow` uses, each once, in the order of the screens
    /// and their actions (`onFailure` included): those no `--handler` program runs fail
    /// when they run. O(steps).
    static func customStepNames(in flow: Flow) -> [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for step in flow.screens.lazy.flatMap(\.actions).flatMap(\.allSteps) {
            if case .custom(let name, _) = step.kind, seen.insert(name).inserted { names.append(name) }
        }
        return names
    }
}
