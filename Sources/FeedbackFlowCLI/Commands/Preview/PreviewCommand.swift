import FeedbackFlowPrograms
import FlowSource
import FlowSystem
import FlowWeb
import FlowWorkspace
import LoopbackHTTP

/// `feedbackflow preview FILE [--port N]`: the flow, run by the real navigator, in a
/// browser page served on 127.0.0.1 (``PreviewSession``, ``PreviewRoutes``,
/// ``LoopbackHTTPServer``), reloaded when the file is saved. Runs until stopped (Ctrl-C
/// or SIGTERM: ``SignalStop``).
package struct PreviewCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "preview",
        abstract: "Run a flow in the browser: a live preview on 127.0.0.1 that reloads when the file is saved.",
        discussion: """
            Prints the address it serves (a free port unless --port says which) and runs
            until Ctrl-C or SIGTERM. The page shows the screen on top as a card in its
            style's look (--theme), drawn from the real navigator's events: taps, field
            edits, enabledWhen, requiredWhen, branches, handler programs (--handler) and
            the outbox (--outbox, --feedback-out, --feedback-url) behave exactly as in
            'run'. Saving the file reloads the preview within a fraction of a second,
            keeping the screens shown and the field values that still exist; a save with
            errors shows them (file:line:column, message, the source line) over the last
            version that compiled. A panel sets context values and fires the trigger's
            event, showing the decision and its reason; with --event NAME the preview
            starts that way, with the --context, --context-file and --validator values
            given (as 'run --event' does). The server listens on 127.0.0.1
            only, answers only requests whose Host and Origin name it, and bounds request
            sizes and connections. With --strings CATALOG --locale L the flow is shown in L
            (the catalog is read again at each reload).
            """,
        options: ArgumentReading.specs { PreviewCommand() },
        positional: PositionalSpec(name: "file", count: .one, help: "The flow file (YAML or JSON)."))

    /// The flow file, alone.
    @Positionals var files: [String]
    /// `--port N`; `nil` for a free port.
    @Option(.value("port", valueName: "n", help: "Serve on port N of 127.0.0.1 (1024-65535); a free port by default.") { text throws(UsageError) in
        guard let number = UInt16(text), number >= 1024 else {
            throw UsageError("invalid --port '\(text)'", hint: "write a port from 1024 to 65535, or leave --port out for a free one")
        }
        return number
    })
    package var port: UInt16?
    /// `--theme FILE`; `nil` for the built-in theme.
    @Option(CommonOptions.theme) package var themeFile: String?
    /// What the host would give the flow, as `run` takes it: delivery, context, trigger,
    /// handlers, limits, locale.
    package var host = HostOptions()

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    /// The command as `arguments` give it.
    /// - Throws: ``UsageError`` for a value that does not read.
    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { PreviewCommand() }
        try host.check()
    }

    /// The flow file.
    package var file: String { files.first ?? "" }

    /// Serves the preview until the process is stopped by a signal.
    /// - Throws: ``UsageError`` for a file that cannot be previewed, a port in use, or a
    ///   command line the flow refuses (as `run`).
    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let readsStandardInput = StandardInput.isNamed(by: file)
        // What a handler program starts outside its group is adopted, and stopped at the end.
        if environment.adoptsDescendants { environment.programs.adoptDescendants() }
        guard !readsStandardInput, PathKind(file) == .other else {
            throw UsageError(readsStandardInput ? "the preview reloads its file when it is saved, so it cannot read standard input" : PathKind.unreachable(file))
        }
        try CommandFiles.checkDistinct(host.files(flow: file))
        // A theme that cannot be read is said at once; the session reads it again at each load.
        let theme = try Theme.chosen(themeFile)
        let sink = try host.outbox(environment: environment)
        let handlerPrograms = try host.configuredHandlerPrograms()
        let (file, host) = (file, host)
        // A catalog that cannot be read is said at once, before the server starts.
        _ = try host.localeOptions.catalog()
        var settings = PreviewSession.Settings(
            file: file, compileOptions: host.compileOptions, themeFile: themeFile, theme: theme, start: PreviewStart(host.trigger, file: file),
            registry: { flow throws in
                try host.registry(flow: flow, file: file, sink: sink, programs: handlerPrograms, environment: environment)
            },
            check: { flow in
                do throws(UsageError) {
                    try host.trigger.check(against: flow, file: file)
                    return nil
                } catch {
                    return error.message
                }
            })
        settings.watchedFiles = host.localeOptions.catalogPath.map { [$0] } ?? []
        settings.localize = { flow in
            do throws(UsageError) { return .success(try host.localeOptions.localized(flow)) } catch { return .failure(error) }
        }
        let session = PreviewSession(settings: settings)
        // The command line is checked as `run` checks it, against the flow when it compiles;
        // its problems also go to the terminal.
        if await session.load(), let flow = await session.flow {
            try host.trigger.check(against: flow, file: file)
            _ = try host.trigger.values(for: flow, file: file, event: host.trigger.event)
        }
        // The file's problems, or its warnings, as `run` prints them, also go to the terminal.
        let first = await session.state()
        if let said = first.problems ?? first.warnings { environment.errorOutput.write(said + "\n") }
        if host.trigger.event != nil { await session.fire(entries: nil, validator: nil) }
        let routes = PreviewRoutes(session: session)
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer(port: port, requiringSecret: true) { request in await routes.respond(request) }
            try server.start()
        } catch {
            throw UsageError(error.description)
        }
        environment.output.write("Previewing \(DisplayText.sanitized(file)) at \(server.url) (Ctrl-C stops)\n")
        let destination = host.delivery.feedbackURL?.absoluteString ?? host.feedbackOut
        environment.output.write(
            "Submissions are kept in \(DisplayText.sanitized(host.outboxPath)) and delivered to \(DisplayText.sanitized(destination))\n")
        await session.watch()
        server.stop()
        return .clean
    }
}
