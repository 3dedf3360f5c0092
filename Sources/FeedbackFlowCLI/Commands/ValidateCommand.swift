#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

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
        options: [
            .value(
                "format", valueName: "format", allowed: DiagnosticFormat.allCases.map(\.rawValue),
                help: "Output format, text by default."),
            standardInputFormatOption,
            .flag(
                "quiet", short: "q",
                help: "Only errors, with their notes and hints; no warnings or summary line. Text output only: the other formats always report everything, with the same counts."),
            .value(
                "context", valueName: "name[=value]", repeatable: true,
                help: "Declare a template variable the host provides (as run --context does); repeatable."),
            .value(
                "handler", valueName: "name", repeatable: true,
                help: "Declare a custom step the host registers a handler for; also silences unknown-step warnings; repeatable."),
            HandlerManifestOption.spec,
            maxDiagnosticsOption,
            LoadingLimitOption.spec,
        ],
        positional: PositionalSpec(name: "path", count: .oneOrMore, help: "Flow files or folders to check."))

    /// `--max-diagnostics N`: the option's one declaration, which the table above lists
    /// and ``init(arguments:)`` reads by its name.
    static let maxDiagnosticsOption = OptionSpec.value(
        "max-diagnostics", valueName: "n",
        help: "Show at most N diagnostics per file (\(CompileOptions.defaultMaxDiagnostics) by default; 0 for no limit); one note then says how many more there are.")

    package var paths: [String]
    package var format: DiagnosticFormat
    /// `--stdin-format`: the syntax standard input is read in, when a path names it
    /// (``standardInputPaths``); other files go by their extension.
    package var standardInputFormat: DocumentFormat
    /// `--quiet`: text output shows errors only (with their notes and hints) and no
    /// summary line. It filters only what text output prints: the machine formats
    /// (json, github, sarif, junit) report every diagnostic, and their counts, as without it.
    package var quiet: Bool
    /// `--context`: the template variables the host provides (only the names matter).
    package var context: ContextDeclaration
    /// `--handler`: the custom step names the host registers handlers for, passed to
    /// validation as its known handlers: such a step is not a misspelled built-in step,
    /// so it gets no `unknown-step` warning.
    package var handlers: Set<String>
    /// `--handlers FILE`: the handlers the host declares, with their arguments.
    package var handlerManifest: [HandlerDeclaration] = []
    /// `--max-diagnostics`: the most diagnostics shown per file, as
    /// ``FlowCompile/CompileOptions/maxDiagnostics`` (`0`: no limit).
    package var maxDiagnostics: Int
    /// `--limit NAME=N`: the loaders' bounds (``LoadingLimitOption``).
    package var loadingLimits: LoadingLimits

    /// The paths that name standard input, read in ``standardInputFormat``: `-`
    /// (``SourceFile/standardInputPath``) and `/dev/stdin`.
    package static let standardInputPaths: Set<String> = [SourceFile.standardInputPath, "/dev/stdin"]

    /// `--stdin-format yaml|json`, shared by every command that reads a flow from
    /// standard input.
    package static let standardInputFormatOption = OptionSpec.value(
        "stdin-format", valueName: "format", allowed: DocumentFormat.allCases.map(\.rawValue),
        help: "The syntax of standard input ('-' or /dev/stdin), yaml by default; files go by their extension.")

    /// A command checking `paths`; the other parameters are the options of the same names.
    package init(
        paths: [String], format: DiagnosticFormat = .text, standardInputFormat: DocumentFormat = .yaml,
        quiet: Bool = false, context: ContextDeclaration = .init(), handlers: Set<String> = [],
        maxDiagnostics: Int = CompileOptions.defaultMaxDiagnostics, loadingLimits: LoadingLimits = LoadingLimits()
    ) {
        self.loadingLimits = loadingLimits
        self.paths = paths
        self.format = format
        self.standardInputFormat = standardInputFormat
        self.quiet = quiet
        self.context = context
        self.handlers = handlers
        self.maxDiagnostics = maxDiagnostics
    }

    package init(arguments: ParsedArguments) throws(UsageError) {
        var handlers: Set<String> = []
        for name in arguments.allValues("handler") {
            guard !name.unicodeScalars.contains(where: { $0.properties.isWhitespace || DisplayText.isUnsafe($0) }) else {
                throw UsageError("invalid --handler '\(name)'", hint: "a handler name is a step name, without spaces")
            }
            handlers.insert(name)
        }
        let standardInputFormat = arguments.value("stdin-format").flatMap(DocumentFormat.init(rawValue:))
        if standardInputFormat != nil, !arguments.positionals.contains(where: Self.standardInputPaths.contains) {
            throw UsageError(
                "--stdin-format applies to standard input only, and no path names it",
                hint: "name standard input with '-' (or /dev/stdin); files are read by their extension")
        }
        var maxDiagnostics = CompileOptions.defaultMaxDiagnostics
        let limitName = Self.maxDiagnosticsOption.name
        if let text = arguments.value(limitName) {
            guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let limit = Int(text) else {
                throw UsageError(
                    "invalid value '\(text)' for '--\(limitName)'",
                    hint: "expected a whole number of diagnostics per file, 0 for no limit")
            }
            maxDiagnostics = limit
        }
        self.init(
            paths: arguments.positionals,
            format: arguments.value("format").flatMap(DiagnosticFormat.init(rawValue:)) ?? .text,
            standardInputFormat: standardInputFormat ?? .yaml,
            quiet: arguments.flag("quiet"),
            context: try ContextDeclaration(parsing: arguments.allValues("context"), valueRequired: false),
            handlers: handlers, maxDiagnostics: maxDiagnostics,
            loadingLimits: try LoadingLimitOption.limits(from: arguments.allValues(LoadingLimitOption.spec.name)))
        if let path = arguments.value(HandlerManifestOption.spec.name) { handlerManifest = try HandlerManifestOption.read(path) }
    }

    /// - Throws: ``UsageError`` for a missing path, a folder without flow files, or a
    ///   `--context` name that is a field id of one of the flows checked.
    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let expansion = try FlowFileFinder.expand(paths)
        let general = expansion.skipped.map(Self.note(skipped:))
        let filtersText = quiet && format == .text
        let renderer = format.renderer(style: environment.outputStyle, summary: !filtersText)
        // A --context name that is a field id is a usage error found only once the flows
        // are compiled, and it must come before any report: with --context the report is
        // written at the end; without it (no clash possible) a streaming format writes
        // each file as soon as it and the files before it are compiled.
        if context.keys.isEmpty, let streaming = renderer as? any StreamingDiagnosticRenderer {
            return await runStreaming(
                expansion.files, general: general, renderer: streaming, filtersText: filtersText, in: environment)
        }
        let compiled = await Self.compile(
            expansion.files, standardInputFormat: standardInputFormat, options: compileOptions, context: context)
        if let clash = compiled.contextClashes.first { throw clash }
        let report = DiagnosticReport(files: compiled.files, general: general)
        let shown = filtersText ? report.filtered(minimumSeverity: .error) : report
        environment.output.write(renderer.render(shown))
        return report.counts.errors > 0 ? .findings : .clean
    }

    /// ``run(in:)`` for text and GitHub output: each file's diagnostics are written once
    /// it and every file before it are compiled, then let go, so memory holds a bounded
    /// number of files; the summary comes last, from the counts of every file.
    private func runStreaming(
        _ files: [String], general: [Diagnostic], renderer: any StreamingDiagnosticRenderer, filtersText: Bool,
        in environment: CommandEnvironment
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
        await Self.compile(files, standardInputFormat: standardInputFormat, options: compileOptions) { file, _ in
            let part = DiagnosticReport(files: [file])
            counts.add(part.counts)
            write(part)
        }
        environment.output.write(renderer.renderEnd(counts, continuing: continuing))
        return counts.errors > 0 ? .findings : .clean
    }

    /// The note for a folder entry that is not a regular file and was not opened, at
    /// 1:1 of its path (there is no text to quote), like an unreadable file's `io-error`.
    static func note(skipped: FlowFileFinder.Skipped) -> Diagnostic {
        let code = CommandDiagnosticCode.skippedFile
        return Diagnostic(
            severity: code.severity, code: code.rawValue,
            message: "skipped: \(skipped.kind), not a regular file",
            span: SourceSpan(file: skipped.path, at: SourcePosition(line: 1, column: 1)),
            hint: "a folder search reads regular files only; name the file to read it")
    }

    /// The options that declare what the library's hints ask to declare.
    static let flagHint = FlagHint(
        context: "validate --context NAME", handler: "validate --handler NAME",
        diagnosticLimit: "validate --\(maxDiagnosticsOption.name) N", loadingLimit: "validate --\(LoadingLimitOption.spec.name)")

    /// What the files are compiled with: the `--context` names as host variables, the
    /// `--handler` names as known handlers (the default URL schemes), and the
    /// `--max-diagnostics` limit.
    package var compileOptions: CompileOptions {
        CompileOptions(
            additionalVariables: context.keys, knownHandlers: handlers, maxDiagnostics: maxDiagnostics,
            loadingLimits: loadingLimits, handlerManifest: handlerManifest)
    }

    /// Compiles `files` on up to one task per processor core, keeping their order, with
    /// `options` (``compileOptions``); a path naming standard input
    /// (``standardInputPaths``) is read as `standardInputFormat`.
    /// - Returns: each file's diagnostics, and, in file order, the usage errors of
    ///   `context` names that are field ids of a flow (``ContextDeclaration/checkNoFieldIDs(in:file:)``).
    static func compile(
        _ files: [String], standardInputFormat: DocumentFormat = .yaml, options: CompileOptions = CompileOptions(),
        context: ContextDeclaration = .init()
    ) async -> (files: [DiagnosticReport.File], contextClashes: [UsageError]) {
        var done: [DiagnosticReport.File] = []
        var clashes: [UsageError] = []
        await compile(files, standardInputFormat: standardInputFormat, options: options, context: context) { file, clash in
            done.append(file)
            if let clash { clashes.append(clash) }
        }
        return (done, clashes)
    }

    /// Compiles `files` as above and hands each result to `each` in file order, as soon as
    /// it and every file before it are done. At most one task per core runs, and at most
    /// twice that many files are compiled ahead of the next one to hand over, so the
    /// results waiting in memory are bounded whatever the number of files.
    static func compile(
        _ files: [String], standardInputFormat: DocumentFormat = .yaml, options: CompileOptions = CompileOptions(),
        context: ContextDeclaration = .init(), each: (DiagnosticReport.File, UsageError?) -> Void
    ) async {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var waiting: [Int: (DiagnosticReport.File, UsageError?)] = [:]
        var handed = 0
        await withTaskGroup(of: (Int, DiagnosticReport.File, UsageError?).self) { group in
            var next = 0
            var running = 0
            func addMore() {
                while running < width, next < files.count, next < handed + 2 * width {
                    let index = next
                    let path = files[index]
                    next += 1
                    running += 1
                    group.addTask {
                        let format = standardInputPaths.contains(path) ? standardInputFormat : nil
                        let compilation = FlowCompiler.compile(path: path, format: format, options: options)
                        let file = DiagnosticReport.File(
                            path: path, source: compilation.document.source,
                            diagnostics: flagHint.adding(to: compilation.diagnostics), omitted: compilation.omitted)
                        var clash: UsageError?
                        if let flow = compilation.flow {
                            do throws(UsageError) { try context.checkNoFieldIDs(in: flow, file: path) } catch { clash = error }
                        }
                        return (index, file, clash)
                    }
                }
            }
            addMore()
            for await (index, file, clash) in group {
                running -= 1
                waiting[index] = (file, clash)
                while let ready = waiting.removeValue(forKey: handed) {
                    each(ready.0, ready.1)
                    handed += 1
                }
                addMore()
            }
        }
    }
}
