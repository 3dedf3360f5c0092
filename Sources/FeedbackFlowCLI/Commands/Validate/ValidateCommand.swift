import FlowCompile
import FlowReporting
import FlowScenarios
import FlowSource
import FlowSystem
import FlowTerminal
import FlowWorkspace

/// `feedbackflow validate PATH…`: load, decode and validate flow files and report
/// every problem, like a compiler.
package struct ValidateCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "validate",
        abstract: "Check flow files and folders; report every problem at file:line:column.",
        discussion: """
            Folders are searched recursively for .yaml, .yml and .json files (names starting
            with '.' are skipped) and checked in sorted order; files named on the command
            line are checked whatever their extension (a fifo there is read). In a folder
            only regular files are read: a fifo, socket or device is never opened, but
            skipped with a note (\(CommandDiagnosticCode.skippedFile.rawValue)). At least one path is required: a folder
            such as '.' usually holds JSON files that are not flows.
            Files larger than \(SourceFile.describe(byteCount: SourceFile.defaultByteLimit)) are not read (\(LoadDiagnosticCode.ioError.rawValue)), so an endless
            input such as /dev/zero ends at once.

            At most \(CompileOptions.defaultMaxDiagnostics) diagnostics are shown per file (--max-diagnostics N, 0 for no
            limit); past them one note (\(FlowDiagnosticCode.tooManyDiagnostics.rawValue)) says how many more there
            are, and the summary still counts them all.

            A flow whose templates use variables the host app provides (run --context)
            passes when they are declared with --context NAME (or NAME=VALUE; the value
            is not used). --handler NAME declares a custom step the host app registers a
            handler for; it also silences the unknown-step warnings for that name.

            EXIT STATUS: 0 no error (warnings allowed), 1 at least one error,
            2 usage error (unknown option, missing path), 3 the report could not be
            written (closed pipe, full disk) or internal failure.
            """,
        options: ArgumentReading.specs { ValidateCommand() },
        positional: PositionalSpec(name: "path", count: .oneOrMore, help: "Flow files or folders to check."))

    /// The flow files and folders to check.
    @Positionals package var paths: [String]
    /// `--format`: where each report goes (``ReportOutput/outputs(_:)``); empty for the
    /// standard output (``ReportOutput/standard(environment:)``).
    @Option(ReportOutput.option(writing: Array(DiagnosticFormat.allCases)))
    package var outputs: [ReportOutput]
    /// `--strict`: warnings make the exit status 1, as errors do.
    @Option(.flag("strict", help: "Warnings fail too: exit 1 when there is an error or a warning."))
    package var strict: Bool
    /// `--config`; `nil`: the nearest ``ValidationConfiguration/fileName``.
    @Option(CommonOptions.config) package var configurationPath: String?
    /// `--baseline`: the navigation baseline the flows must match.
    @Option(.text(
        "baseline", valueName: "file",
        help: "Fail (navigation-changed) when the flows' navigation differs from this baseline file, listing each fact removed and added."))
    package var baseline: String?
    /// `--write-baseline`: where to write the flows' navigation baseline.
    @Option(.text(
        "write-baseline", valueName: "file",
        help: "Write the navigation baseline of the flows checked (sorted facts: entries, screens, edges, exits, triggers) to FILE."))
    package var baselineOutput: String?
    /// `--print-config`: print the configuration instead of checking.
    @Option(.flag(
        "print-config", help: "Print the configuration that applies to each PATH (where it was read from, every rule's level) and check nothing."))
    package var printsConfiguration: Bool
    /// `--color`; `nil` when not given (``TerminalCapabilities/ColorChoice/auto``).
    @Option(.choice(
        "color", of: TerminalCapabilities.ColorChoice.self, valueName: "when",
        help: "Colour text output: auto (a terminal, or FORCE_COLOR / CLICOLOR_FORCE set), always or never; NO_COLOR wins."))
    package var color: TerminalCapabilities.ColorChoice?
    /// `--base-dir`; `nil`: the repository root, else the working directory.
    @Option(.text(
        "base-dir", valueName: "dir",
        help: "SARIF paths are written relative to DIR (uriBaseId %SRCROOT%); default the repository root above the working directory (the nearest folder holding .git), else the working directory."))
    package var baseDirectory: String?
    /// `--shard`; `nil`: every file.
    @Option(.value(
        "shard", valueName: "i/n",
        help: "Check only the I-th of N contiguous, equal parts of the sorted file list, for CI matrices; the N parts together are the whole list."
    ) { text throws(UsageError) in try Shard(parsing: text) })
    package var shard: Shard?
    /// `--quiet`: text and GitHub output show errors only (with their notes and hints),
    /// text without its summary line. The formats machines read whole (json, sarif,
    /// junit, checkstyle) report every diagnostic, and their counts, as without it.
    @Option(.flag(
        "quiet", short: "q",
        help: "Only errors, with their notes and hints; no warnings or summary line. Text and github output only: the other formats always report everything, with the same counts."))
    package var quiet: Bool
    /// `--context`: the template variables the host provides (only the names matter).
    @Option(.texts(
        "context", valueName: "name[=value]", help: "Declare a template variable the host provides (as run --context does); repeatable.",
        notGiven: ContextDeclaration(), reading: { names throws(UsageError) in try ContextDeclaration(parsing: names, valueRequired: false) }))
    package var context: ContextDeclaration
    /// `--handler`: the custom step names the host registers handlers for, passed to
    /// validation as its known handlers: such a step is not a misspelled built-in step,
    /// so it gets no `unknown-step` warning.
    @Option(.texts(
        "handler", valueName: "name",
        help: "Declare a custom step the host registers a handler for; also silences unknown-step warnings; repeatable.",
        notGiven: [], reading: ValidateCommand.handlerNames))
    package var handlers: Set<String>
    /// `--handlers FILE`: the handlers the host declares, with their arguments.
    @Option(HandlerManifestOption.option) package var handlerManifest: [HandlerDeclaration]?
    /// `--max-diagnostics`: the most diagnostics shown per file, as
    /// ``FlowCompile/CompileOptions/maxDiagnostics`` (`0`: no limit).
    @Option(ValidateCommand.maxDiagnosticsOption)
    package var maxDiagnostics: Int?
    /// `--limit NAME=N`: the loaders' bounds (``LoadingLimitOption``).
    @Option(LoadingLimitOption.option) package var loadingLimits: LoadingLimits
    /// `--stdin-filename` and `--stdin-format`.
    var standardInputOptions = StandardInputOptions()
    /// `--strings CATALOG` and `--locale L…`: a string catalog checked against the flows.
    package var localeOptions = LocaleOptions()
    /// The name and syntax of standard input, from ``standardInputOptions``.
    package var standardInput = StandardInputNaming()

    /// `--max-diagnostics N`, which the library's hint about the limit names.
    static let maxDiagnosticsOption = CommandOption.count(
        "max-diagnostics", valueName: "n", expected: "a whole number of diagnostics per file, 0 for no limit",
        help: "Show at most N diagnostics per file (\(CompileOptions.defaultMaxDiagnostics) by default; 0 for no limit); one note then says how many more there are.")

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { ValidateCommand() }
        standardInput = try standardInputOptions.naming(paths: paths, command: "validate")
        try localeOptions.check(single: false)
        // --print-config checks nothing: an option that says what to do with the checks
        // would be dropped without a word.
        if printsConfiguration,
            let given = [
                (!outputs.isEmpty, $outputs.flagName), (baseline != nil, $baseline.flagName), (baselineOutput != nil, $baselineOutput.flagName),
                (shard != nil, $shard.flagName),
            ].first(where: \.0)
        {
            throw UsageError("\($printsConfiguration.flagName) prints the configuration and checks nothing, so \(given.1) has nothing to do", hint: "run them apart")
        }
        // A shard holds some of the flows: every key of the others would seem unknown.
        if localeOptions.catalogPath != nil, shard != nil {
            throw UsageError("\(LocaleOptions.strings.flagName) checks the catalog against every flow: run it without \($shard.flagName)")
        }
    }

    /// The `--handler` names, each a step name without spaces.
    /// - Throws: ``UsageError`` for a name with white space or a control character.
    static func handlerNames(_ names: [String]) throws(UsageError) -> Set<String> {
        var handlers: Set<String> = []
        for name in names {
            guard !name.unicodeScalars.contains(where: { $0.properties.isWhitespace || DisplayText.isUnsafe($0) }) else {
                throw UsageError("invalid --handler '\(name)'", hint: "a handler name is a step name, without spaces")
            }
            handlers.insert(name)
        }
        return handlers
    }

    /// - Throws: ``UsageError`` for a missing path, a folder without flow files, a report
    ///   file that cannot be opened, or a `--context` name that is a field id of one of
    ///   the flows checked; ``IOFailure`` when a report file cannot be written.
    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let start = DiagnosticFormat.RunFacts.Start()
        let settings = try CompileSettings(
            configurationPath: configurationPath, base: compileOptions, standardInput: standardInput, flagHint: Self.flagHint)
        let (configuration, workingDirectory) = (settings.configuration, settings.workingDirectory)
        if printsConfiguration {
            environment.output.write(configuration.printed(for: paths, workingDirectory: workingDirectory))
            return .clean
        }
        var frontend = ValidationFrontend(settings: settings)
        // A file named on the command line is checked even when the configuration ignores it.
        // A flow test named here would be read as a flow and fail on every key: `test` reads it.
        if let test = paths.first(where: FlowTestFile.isFlowTest) {
            throw UsageError("'\(test)' is a flow test, not a flow", hint: "run it with 'feedbackflow test \(test)' (which also checks it against its flow)")
        }
        let expansion = configuration.withoutIgnored(try FlowFileFinder.expand(paths), workingDirectory: workingDirectory)
        let found = expansion.files
        let files = shard.map { Array($0.part(of: found)) } ?? found
        // Skipped-file notes and unreadable folders belong to the run, not to a file: the first shard has them.
        let general = (shard?.index ?? 1) == 1 ? expansion.diagnostics : []
        let outputs = outputs.isEmpty ? [ReportOutput.standard(environment: environment.variables)] : outputs
        // No two outputs may name one file, however it is written (`a.sarif`, `./a.sarif`).
        let pathBase = SARIFLocationBase(baseDirectory: "/", workingDirectory: workingDirectory)
        var written: Set<String> = []
        for case let path? in outputs.map(\.path) + [baselineOutput, environment.variables["GITHUB_STEP_SUMMARY"]]
        where !path.isEmpty && !written.insert(pathBase.absolutePath(of: path)).inserted {
            throw UsageError("two reports would be written to '\(path)'", hint: "give each --format, --write-baseline and the job summary a file of its own")
        }
        // Every file is opened before the work, so a bad path is a usage error at once.
        var reportFiles: [String: ReportFile] = [:]
        for case let path? in outputs.map(\.path) {
            reportFiles[path] = try ReportFile(path: path, what: "--format")
        }
        let summaryFile = try Self.stepSummaryFile(for: outputs, environment: environment.variables)
        let baselineLines = try baseline.map { path throws(UsageError) in try NavigationBaseline.readLines(path) }
        let baselineFile = try baselineOutput.map { path throws(UsageError) in try ReportFile(path: path, replacing: true, stopping: environment.variables[FileReplacement.stopVariable] != nil, what: "--write-baseline") }
        let style =
            switch color {
            case nil, .auto?: environment.outputStyle
            case let choice?: TerminalStyle(isEnabled: TerminalCapabilities.colorsEnabled(
                fileDescriptor: 1, environment: environment.variables, choice: choice))
            }
        // --quiet is for people: it filters text and GitHub annotations, not the files
        // machines read.
        let filtersText = quiet
        // A --context name that is a field id is a usage error found only once the flows
        // are compiled, and it must come before any report: with --context the report is
        // written at the end; without it (no clash possible), when the one report is a
        // streaming format on standard output, each file is written as soon as it and the
        // files before it are compiled.
        if context.keys.isEmpty, localeOptions.catalogPath == nil, outputs.count == 1, let output = outputs.first, output.path == nil, summaryFile == nil,
            baselineLines == nil, baselineFile == nil,
            let streaming = output.format.renderer(style: style, summary: !(filtersText && output.format == .text))
                as? any StreamingDiagnosticRenderer
        {
            return await runStreaming(
                files, general: general, renderer: streaming, filtersText: filtersText && output.format.isForPeople,
                frontend: frontend, in: environment)
        }
        frontend.context = context
        frontend.collectsStrings = localeOptions.catalogPath != nil
        frontend.baselineBase = baselineLines != nil || baselineFile != nil ? CompileSettings.locationBase() : nil
        let compiled = await frontend.compileAll(files)
        if let clash = compiled.lazy.compactMap(\.contextClash).first { throw clash }
        var runDiagnostics = general
        let navigation = compiled.flatMap(\.facts).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        if let baseline, let baselineLines {
            let base = CompileSettings.locationBase()
            let checked = Set(compiled.map { NavigationBaseline.label($0.file.path, base: base) })
            let changed = NavigationBaseline.compare(
                navigation, with: baselineLines, at: baseline, checked: checked, base: base, reportsDeleted: (shard?.index ?? 1) == 1)
            if let changed {
                runDiagnostics.append(changed)
            }
        }
        try baselineFile?.write(NavigationBaseline.text(navigation))
        var reported = compiled.map(\.file)
        if let catalogPath = localeOptions.catalogPath {
            // The catalog is one more file of the report, checked against every flow's strings.
            let source: SourceFile
            do {
                source = try SourceFile.read(path: catalogPath)
            } catch {
                throw UsageError("\(LocaleOptions.strings.flagName): \(error.message)")
            }
            // The configuration's rule levels apply to the catalog's codes as to a flow's.
            let diagnostics = settings.options(for: catalogPath).applyRuleLevels(to: CatalogCheck.diagnostics(
                of: source, strings: compiled.flatMap(\.strings), visible: compiled.reduce(into: Set()) { $0.formUnion($1.visibleStrings) },
                locales: localeOptions.locales))
            reported.append(DiagnosticReport.File(path: catalogPath, source: source, diagnostics: diagnostics))
        }
        let report = DiagnosticReport(files: reported, general: runDiagnostics)
        let result = result(for: report.counts)
        let facts = DiagnosticFormat.RunFacts.ending(
            "validate", base: CompileSettings.locationBase(baseDirectory), exitCode: result == .findings ? 1 : 0, start: start, environment: environment.variables)
        for output in outputs {
            let filters = filtersText && output.format.isForPeople
            let text = output.format.renderer(style: output.path == nil ? style : .plain, summary: !filters, facts: facts)
                .render(filters ? report.filtered(minimumSeverity: .error) : report)
            if let path = output.path, let file = reportFiles[path] {
                try file.write(text)
            } else {
                environment.output.write(text)
            }
        }
        try summaryFile?.write(MarkdownSummaryDiagnosticRenderer(title: "\(FeedbackFlowTool.name) validate").render(report))
        // Every report went to a file: one line on standard error says what they hold, so
        // a CI log that shows the failure also shows why, and where to look (with --quiet,
        // only when there are errors).
        if !outputs.contains(where: { $0.path == nil }), !quiet || report.counts.errors > 0 {
            let files = outputs.compactMap(\.path).map { "'\($0)'" }.joined(separator: ", ")
            environment.errorOutput.write(
                DisplayText.sanitized("\(FeedbackFlowTool.name) validate: \(report.counts.summary); written to \(files)") + "\n")
        }
        return result
    }

    /// `.findings` when `counts` has an error, or with `--strict` a warning.
    private func result(for counts: DiagnosticCounts) -> CommandResult {
        counts.errors > 0 || (strict && counts.warnings > 0) ? .findings : .clean
    }

    /// The job summary to append to: `$GITHUB_STEP_SUMMARY`, when it is set and a
    /// report is in the `github` format (the run is a GitHub Actions job).
    private static func stepSummaryFile(for outputs: [ReportOutput], environment: [String: String]) throws(UsageError) -> ReportFile? {
        guard outputs.contains(where: { $0.format == .github }), let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty
        else { return nil }
        return try ReportFile(path: path, appending: true, what: "GITHUB_STEP_SUMMARY")
    }

    /// ``run(in:)`` for one streaming report on standard output (text, the default): each
    /// file's diagnostics are written once it and every file before it are compiled,
    /// then let go, so memory holds a bounded number of files; the summary comes last,
    /// from the counts of every file.
    private func runStreaming(
        _ files: [String], general: [Diagnostic], renderer: any StreamingDiagnosticRenderer, filtersText: Bool,
        frontend: ValidationFrontend, in environment: CommandEnvironment
    ) async -> CommandResult {
        let head = DiagnosticReport(files: [], general: general)
        var counts = head.counts
        var continuing = false
        func write(_ part: DiagnosticReport) {
            let shown = filtersText ? part.filtered(minimumSeverity: .error) : part
            let text = renderer.renderPart(shown, continuing: continuing)
            if !text.isEmpty { environment.output.write(text) }
            continuing = continuing || !shown.entries.isEmpty
        }
        write(head)
        await frontend.compile(files) { result in
            let part = DiagnosticReport(files: [result.file])
            counts.add(part.counts)
            write(part)
        }
        environment.output.write(renderer.renderEnd(counts, continuing: continuing))
        return result(for: counts)
    }

    /// The options that declare what the library's hints ask to declare.
    package static let flagHint = FlagHint(
        context: "validate --context NAME", handler: "validate --handler NAME",
        diagnosticLimit: "validate \(maxDiagnosticsOption.flagName) N", loadingLimit: "validate --\(LoadingLimitOption.name)")

    /// What the files are compiled with: the `--context` names as host variables, the
    /// `--handler` names as known handlers (the default URL schemes), and the
    /// `--max-diagnostics` limit.
    package var compileOptions: CompileOptions {
        CompileOptions(
            additionalVariables: context.keys, knownHandlers: handlers, maxDiagnostics: maxDiagnostics ?? CompileOptions.defaultMaxDiagnostics,
            loadingLimits: loadingLimits, handlerManifest: handlerManifest ?? [])
    }
}
