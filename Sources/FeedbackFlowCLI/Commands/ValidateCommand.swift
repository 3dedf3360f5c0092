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
        ],
        positional: PositionalSpec(name: "path", count: .oneOrMore, help: "Flow files or folders to check."))

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
        quiet: Bool = false, context: ContextDeclaration = .init(), handlers: Set<String> = []
    ) {
        self.paths = paths
        self.format = format
        self.standardInputFormat = standardInputFormat
        self.quiet = quiet
        self.context = context
        self.handlers = handlers
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
        self.init(
            paths: arguments.positionals,
            format: arguments.value("format").flatMap(DiagnosticFormat.init(rawValue:)) ?? .text,
            standardInputFormat: standardInputFormat ?? .yaml,
            quiet: arguments.flag("quiet"),
            context: try ContextDeclaration(parsing: arguments.allValues("context"), valueRequired: false),
            handlers: handlers)
    }

    /// - Throws: ``UsageError`` for a missing path, a folder without flow files, or a
    ///   `--context` name that is a field id of one of the flows checked.
    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let expansion = try FlowFileFinder.expand(paths)
        let compiled = await Self.compile(
            expansion.files, standardInputFormat: standardInputFormat, options: compileOptions, context: context)
        if let clash = compiled.contextClashes.first { throw clash }
        let report = DiagnosticReport(files: compiled.files, general: expansion.skipped.map(Self.note(skipped:)))
        let filtersText = quiet && format == .text
        let shown = filtersText ? report.filtered(minimumSeverity: .error) : report
        let renderer = format.renderer(style: environment.outputStyle, summary: !filtersText)
        environment.output.write(renderer.render(shown))
        return report.counts.errors > 0 ? .findings : .clean
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
    static let flagHint = FlagHint(context: "validate --context NAME", handler: "validate --handler NAME")

    /// What the files are compiled with: the `--context` names as host variables and the
    /// `--handler` names as known handlers (the default URL schemes).
    package var compileOptions: CompileOptions {
        CompileOptions(additionalVariables: context.keys, knownHandlers: handlers)
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
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results = [(DiagnosticReport.File, UsageError?)?](repeating: nil, count: files.count)
        await withTaskGroup(of: (Int, DiagnosticReport.File, UsageError?).self) { group in
            var next = 0
            func addNext() {
                guard next < files.count else { return }
                let index = next
                let path = files[index]
                next += 1
                group.addTask {
                    let format = standardInputPaths.contains(path) ? standardInputFormat : nil
                    let compilation = FlowCompiler.compile(path: path, format: format, options: options)
                    let file = DiagnosticReport.File(
                        path: path, source: compilation.document.source,
                        diagnostics: flagHint.adding(to: compilation.diagnostics))
                    var clash: UsageError?
                    if let flow = compilation.flow {
                        do throws(UsageError) { try context.checkNoFieldIDs(in: flow, file: path) } catch { clash = error }
                    }
                    return (index, file, clash)
                }
            }
            for _ in 0..<width { addNext() }
            for await (index, file, clash) in group {
                results[index] = (file, clash)
                addNext()
            }
        }
        let done = results.compactMap { $0 }
        return (done.map(\.0), done.compactMap(\.1))
    }
}
