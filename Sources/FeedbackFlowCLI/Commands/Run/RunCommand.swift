#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FeedbackFlowPrograms
import FlowSource
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
        options: DeliveryOptions.specs + [transcript.spec, TriggerOptions.context.spec] + TriggerOptions.runSpecs
            + HandlerProgramOption.specs + [LoadingLimitOption.option.spec] + LocaleOptions.specs,
        positional: PositionalSpec(name: "file", count: .one, help: "The flow file (YAML or JSON)."))

    static let transcript = CommandOption.text(
        "transcript", valueName: "file", help: "Write every event of the run here, one JSON object per line.")

    package var file: String
    package var feedbackOut: String
    package var transcript: String?
    /// The `--context` variables, in the order given (each key once).
    package var context: ContextDeclaration { trigger.context }
    /// `--event` and the options that go with it; `--context` is its ``TriggerOptions/context``.
    package var trigger: TriggerOptions
    /// `--handler NAME=COMMAND` and `--handler-timeout`.
    package var handlerPrograms = HandlerProgramOption()
    /// `--limit NAME=N`: the loaders' bounds (``LoadingLimitOption``).
    package var loadingLimits = LoadingLimits()
    /// `--feedback-url` and `--outbox` (with `--feedback-out`): where feedback goes.
    package var delivery = DeliveryOptions()
    /// `--strings CATALOG --locale L`: the language the flow is shown in.
    package var localeOptions = LocaleOptions()

    package init(file: String, feedbackOut: String = DeliveryOptions.defaultFeedbackOut, transcript: String? = nil, context: ContextDeclaration = .init()) {
        self.file = file
        self.feedbackOut = feedbackOut
        self.transcript = transcript
        self.trigger = TriggerOptions(context: context)
    }

    package init(arguments: ParsedArguments) throws(UsageError) {
        self.init(
            file: arguments.positionals.first ?? "",
            feedbackOut: try DeliveryOptions.feedbackOut.read(arguments) ?? DeliveryOptions.defaultFeedbackOut,
            transcript: try Self.transcript.read(arguments))
        trigger = try TriggerOptions(arguments: arguments)
        try trigger.checkEventGiven(arguments)
        handlerPrograms = try HandlerProgramOption(arguments: arguments)
        loadingLimits = try LoadingLimitOption.option.read(arguments)
        delivery = try DeliveryOptions(arguments: arguments)
        localeOptions = try LocaleOptions(arguments: arguments, single: true)
    }

    /// What the flow is compiled with and the registry opens: the `--context` keys as host
    /// variables, no known handlers (`run` registers none), the default URL schemes.
    package var compileOptions: CompileOptions {
        Self.compileOptions(context: context, handlerPrograms: handlerPrograms, loadingLimits: loadingLimits)
    }

    /// What `run` and `preview` compile a flow with: the `--context` keys declared, the
    /// handler programs' steps known, the `--limit` bounds.
    static func compileOptions(context: ContextDeclaration, handlerPrograms: HandlerProgramOption, loadingLimits: LoadingLimits) -> CompileOptions {
        CompileOptions(additionalVariables: context.keys, knownHandlers: handlerPrograms.names, loadingLimits: loadingLimits)
    }

    /// `run`'s checks of the command line against `flow`: no `--context` key is a field id,
    /// a flow variable or a handler's value, and `--event` and `--validator` name what the
    /// flow declares.
    /// - Throws: ``UsageError`` for the first that fails.
    static func check(_ trigger: TriggerOptions, against flow: Flow, file: String) throws(UsageError) {
        try trigger.context.checkNoFieldIDs(in: flow, file: file)
        try trigger.checkNoVariables(in: flow, file: file)
        try trigger.checkNames(against: flow, file: file)
    }

    /// Plays the flow; see the command's help for the statuses.
    /// - Throws: ``UsageError`` (a missing flow file, a `--context` key that is a field
    ///   id of the flow, an unwritable `--feedback-out` or `--transcript`, or one that is
    ///   the flow file itself);
    ///   ``IOFailure`` when the transcript or a submitted feedback could not be written
    ///   during the run (reported after the flow ended); ``InternalFailure`` when the
    ///   flow could not start.
    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let options = compileOptions
        // What a handler program starts outside its group is adopted, and stopped at the end.
        if environment.adoptsDescendants { environment.programs.adoptDescendants() }
        let outboxPath = delivery.outboxPath(beside: feedbackOut)
        try CommandFiles.checkDistinct(
            [.flow(file)] + delivery.files(outboxPath: outboxPath, feedbackOut: feedbackOut)
                + (transcript.map { [CommandFiles.Entry(name: "--transcript", path: $0, holds: "the transcript")] } ?? []))
        guard
            let compiled = try FlowLoading.compiledFlow(
                path: file, options: options, flagHint: FlagHint(context: "run --context NAME=VALUE", loadingLimit: "run --\(LoadingLimitOption.name)"),
                allowsStandardInput: false, environment: environment)
        else { return .findings }
        let flow = try localeOptions.localized(compiled)
        try Self.check(trigger, against: flow, file: file)
        let variables = try trigger.values(for: flow, file: file, event: trigger.event)
        try Self.checkWritable(feedbackOut, option: "--feedback-out")
        var presenters: [any Presenter] = []
        var recorder: TranscriptRecorder?
        if let transcript {
            try Self.empty(transcript, option: "--transcript")
            let created = TranscriptRecorder(path: transcript)
            recorder = created
            presenters.append(created)
        }
        // MARK: Delivery through the outbox (--outbox, --feedback-url)
        let outbox = try Self.outbox(delivery, path: outboxPath, feedbackOut: feedbackOut, environment: environment)
        let sink = FailureCountingFeedbackSink(outbox)
        // MARK: End of delivery setup
        let handlerPrograms = try Self.withConfiguredEnvironment(handlerPrograms)
        let registry = try Self.registry(
            flow: flow, file: file, options: options, sink: sink, trigger: trigger, handlerPrograms: handlerPrograms, environment: environment)
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
            outbox: outboxPath, options: delivery.commandLineWords(feedbackOut: feedbackOut)))
        // MARK: End of what stays kept

        var problems: [String] = []
        if let recorder, let error = await recorder.lastError {
            problems.append("the transcript '\(recorder.path)' is incomplete: \(error)")
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

    /// The outbox at `path` delivering as `delivery` says (to `feedbackOut` unless a URL is
    /// given), reporting on standard output; checked first.
    /// - Throws: ``UsageError`` when the outbox cannot be used or the delivery cannot work.
    static func outbox(
        _ delivery: DeliveryOptions, path: String, feedbackOut: String, environment: CommandEnvironment
    ) throws -> OutboxReportingFeedbackSink {
        try DeliveryOptions.checkOutbox(path)
        try delivery.checkDeliverable()
        return OutboxReportingFeedbackSink(
            OutboxFeedbackSink(path: path, delivery: delivery.delivery(feedbackOut: feedbackOut, groups: environment.programs)),
            output: environment.output, style: environment.outputStyle)
    }

    /// `programs` with the configuration file's `handlerEnvironment` added to
    /// `--handler-env` (when there are programs).
    static func withConfiguredEnvironment(_ programs: HandlerProgramOption) throws -> HandlerProgramOption {
        var programs = programs
        guard !programs.programs.isEmpty else { return programs }
        let configuration = try ValidationConfiguration.find(explicit: nil, workingDirectory: FileManager.default.currentDirectoryPath)
        let origin = "handlerEnvironment in '\(configuration.path ?? ValidationConfiguration.fileName)'"
        for name in configuration.handlerEnvironment where !programs.passedVariables.contains(where: { $0.name == name }) {
            programs.passedVariables.append((name, origin))
        }
        return programs
    }

    /// The handlers `flow` runs with in `run` and `preview`: `openURL` printed, feedback to
    /// `sink`, the trigger's validators as answered, and the handler programs.
    /// - Throws: ``UsageError`` when a handler program cannot be registered for `flow`.
    static func registry(
        flow: Flow, file: String, options: CompileOptions, sink: any FeedbackSink, trigger: TriggerOptions,
        handlerPrograms: HandlerProgramOption, environment: CommandEnvironment
    ) throws -> ActionHandlerRegistry {
        var registry = ActionHandlerRegistry(
            urlHandler: PrintingURLHandler(output: environment.output, allowedSchemes: options.allowedURLSchemes),
            feedbackSink: sink, options: options)
        trigger.registering(into: &registry)
        try handlerPrograms.register(into: &registry, flow: flow, file: file, variables: environment.variables, groups: environment.programs)
        return registry
    }

    /// The names of the custom steps `flow` uses, each once, in the order of the screens
    /// and their actions (`onFailure` included). `run` registers no custom handler, so
    /// every one of them fails when it runs. O(steps).
    static func customStepNames(in flow: Flow) -> [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for step in flow.screens.lazy.flatMap(\.actions).flatMap(\.allSteps) {
            if case .custom(let name, _) = step.kind, seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// Creates `path` or empties it, in place: written through a symbolic link and
    /// never replaced by a new file (so a device such as `/dev/full`, a named pipe or a
    /// link keeps being what it is). `open(2)` with `O_CREAT | O_TRUNC`, mode 0644.
    /// - Throws: ``UsageError`` when it cannot be opened for writing, with the reason.
    static func empty(_ path: String, option: String) throws(UsageError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw UsageError("cannot write to '\(path)' (\(option)): \(reason)", hint: "check that its folder exists and is writable")
        }
        close(fd)
    }

    /// A usage error when `path` cannot be created or appended to (its folder is missing
    /// or not writable), checked before the flow starts rather than at the first submit.
    static func checkWritable(_ path: String, option: String) throws(UsageError) {
        let manager = FileManager.default
        let kind = PathKind(path)
        if kind != .missing {
            guard kind != .directory, manager.isWritableFile(atPath: path) else {
                throw UsageError("cannot write to '\(path)' (\(option))")
            }
            return
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard manager.isWritableFile(atPath: folder) else {
            throw UsageError("cannot create '\(path)' (\(option))", hint: "check that its folder exists and is writable")
        }
    }
}
