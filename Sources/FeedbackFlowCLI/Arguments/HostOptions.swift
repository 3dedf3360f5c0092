import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowSystem
import FlowWorkspace

/// What the host app would give a flow that plays, declared once for `run` and `preview`,
/// which hold it as one property: where submissions go (``DeliveryOptions``),
/// the context and the trigger's options (``TriggerOptions``), handler programs
/// (``HandlerProgramOption``), the loaders' bounds and the language shown.
package struct HostOptions: Sendable {
    /// `--feedback-out`, `--feedback-url` and `--outbox`: where feedback goes.
    package var delivery = DeliveryOptions()
    /// `--context`, `--event` and the trigger's other options.
    package var trigger = TriggerOptions()
    /// `--handler NAME=COMMAND`, `--handler-timeout` and `--handler-env`.
    package var handlerPrograms = HandlerProgramOption()
    /// `--limit NAME=N`: the loaders' bounds (``LoadingLimitOption``).
    @Option(LoadingLimitOption.option) package var loadingLimits: LoadingLimits
    /// `--strings CATALOG --locale L`: the language the flow is shown in.
    package var localeOptions = LocaleOptions()

    /// The group with no option given, or as the command line being read gives it
    /// (``ArgumentReading``).
    package init() {}

    /// Checks the options together.
    /// - Throws: ``UsageError`` for two places to deliver to, a trigger option without
    ///   `--event`, or a catalog without its one locale.
    package func check() throws(UsageError) {
        try delivery.check()
        try trigger.checkEventGiven()
        try localeOptions.check(single: true)
    }

    /// The `--feedback-out` file: as given, else the default.
    package var feedbackOut: String { delivery.feedbackOutPath }
    /// The outbox file: `--outbox`, else beside ``feedbackOut``.
    package var outboxPath: String { delivery.outboxPath(beside: feedbackOut) }

    /// What the flow is compiled with: the `--context` keys declared as host variables,
    /// the handler programs' steps known, the `--limit` bounds, the default URL schemes.
    package var compileOptions: CompileOptions {
        CompileOptions(additionalVariables: trigger.context.keys, knownHandlers: handlerPrograms.names, loadingLimits: loadingLimits)
    }

    /// The files the group writes besides `flow` (the outbox, and `--feedback-out` unless
    /// feedback is posted), with `flow` first, for ``CommandFiles/checkDistinct(_:)``.
    func files(flow: String) -> [CommandFiles.Entry] {
        [.flow(flow)] + delivery.files(outboxPath: outboxPath, feedbackOut: feedbackOut)
    }

    /// The outbox delivering as ``delivery`` says, reporting on standard output; checked
    /// first, with `--feedback-out` writable.
    /// - Throws: ``UsageError`` when the outbox cannot be used or the delivery cannot work.
    func outbox(environment: CommandEnvironment) throws -> OutboxReportingFeedbackSink {
        try CommandFiles.checkWritable(feedbackOut, option: DeliveryOptions.feedbackOut.flagName)
        try DeliveryOptions.checkOutbox(outboxPath)
        try delivery.checkDeliverable()
        return OutboxReportingFeedbackSink(
            OutboxFeedbackSink(
                file: URL(localPath: outboxPath), delivery: delivery.delivery(feedbackOut: feedbackOut, groups: environment.programs)),
            output: environment.output, style: environment.outputStyle)
    }

    /// The handler programs with the configuration file's `handlerEnvironment` names
    /// added to `--handler-env` (when there are programs); the configuration is the
    /// nearest one at or above the working directory.
    /// - Throws: ``UsageError`` for a configuration that does not read.
    func configuredHandlerPrograms() throws -> HandlerProgramOption {
        var programs = handlerPrograms
        guard !programs.programs.isEmpty else { return programs }
        let configuration = try ValidationConfiguration.find(explicit: nil, workingDirectory: FileManager.default.currentDirectoryPath)
        let origin = "handlerEnvironment in '\(configuration.path ?? ValidationConfiguration.fileName)'"
        for name in configuration.handlerEnvironment where !programs.passedVariables.contains(where: { $0.name == name }) {
            programs.passedVariables.append((name, origin))
        }
        return programs
    }

    /// The handlers `flow` runs with: `openURL` printed, feedback to `sink`, the
    /// trigger's validators as answered, and `programs`.
    /// - Throws: ``UsageError`` when a handler program cannot be registered for `flow`.
    func registry(
        flow: Flow, file: String, sink: any FeedbackSink, programs: HandlerProgramOption, environment: CommandEnvironment
    ) throws -> ActionHandlerRegistry {
        let options = compileOptions
        var registry = ActionHandlerRegistry(
            urlHandler: PrintingURLHandler(output: environment.output, allowedSchemes: options.allowedURLSchemes),
            feedbackSink: sink, options: options)
        trigger.registering(into: &registry)
        try programs.register(into: &registry, flow: flow, file: file, variables: environment.variables, groups: environment.programs)
        return registry
    }
}
