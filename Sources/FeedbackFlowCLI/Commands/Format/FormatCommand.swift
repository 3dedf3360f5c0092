import FlowCompile
import FlowFormat
import FlowReporting
import FlowSource
import FlowSystem
import FlowWorkspace

/// `feedbackflow fmt [--check] [--diff] PATH…`: writes flow files in one layout
/// (``FlowFormatter``), in place, each file whole or not at all. `--check` writes nothing
/// and reports each file that would change (`not-formatted`, status 1); `--diff` writes
/// nothing and prints the change. A file the layout cannot hold is left as it was with a
/// `format-refused` error at the cause.
package struct FormatCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "fmt",
        abstract: "Write flow files in one layout, keeping every comment, anchor and value.",
        discussion: """
            The layout: keys in the order of the format's key table (merge keys first, screen
            ids and handler arguments as written), two spaces per level, a list indented under
            its key, quotes only where YAML would read the text otherwise, block text kept as
            block text, anchors, aliases and tags as written, comments with the key they are
            written above or after, one blank line where there were blank lines. JSON files
            get the same key order and two-space indentation. Folders are searched as
            validate searches them (the configuration's ignores apply); '-' (or /dev/stdin)
            formats standard input to standard output (YAML, or as --stdin-format or the extension of --stdin-filename says).
            Before a file is written its new text is compiled and compared: the same values,
            the same flow, the same diagnostics, every comment. Where that fails, or the
            layout cannot hold something, the file is left as it was and a format-refused
            error says where (status 1). The report goes to standard output, or to standard
            error when standard output carries a diff or formatted text.
            """,
        options: ArgumentReading.specs { FormatCommand() },
        positional: PositionalSpec(name: "path", count: .oneOrMore, help: "Flow files or folders to format ('-' for standard input)."))

    /// The flow files and folders to format (`-` for standard input).
    @Positionals package var paths: [String]
    /// `--check`: write nothing; report each file that would change.
    @Option(.flag(
        "check", help: "Write nothing; report each file that would change at its first changed line (not-formatted) and exit 1 if any would."))
    package var checks: Bool
    /// `--diff`: write nothing; print each change.
    @Option(.flag("diff", help: "Write nothing; print each change as a unified diff.")) package var showsDiff: Bool
    /// `--format`: the report's format; `nil`: text, or github in GitHub Actions.
    @Option(.choice(
        "format", of: DiagnosticFormat.self, valueName: "format",
        help: "Report format: \(DiagnosticFormat.allCases.map(\.rawValue).joined(separator: ", ")); text by default, github when GITHUB_ACTIONS=true."))
    package var reportFormat: DiagnosticFormat?
    /// `--config`: the configuration file; `nil`: the nearest one at or above the working directory.
    @Option(CommonOptions.config) package var configurationPath: String?
    /// `--limit NAME=N`: the loaders' bounds.
    @Option(LoadingLimitOption.option) package var loadingLimits: LoadingLimits
    /// `--stdin-filename` and `--stdin-format`.
    var standardInputOptions = StandardInputOptions()
    /// The name standard input is reported and compiled under (a single screen's id is
    /// its base name), and its syntax, from ``standardInputOptions``.
    package var standardInput = StandardInputNaming()

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { FormatCommand() }
        standardInput = try standardInputOptions.naming(paths: paths, command: "fmt")
    }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let start = DiagnosticFormat.RunFacts.Start()
        var expansion = try FlowFileFinder.expand(paths)
        // The configuration says what folder searches skip: read only when a folder was
        // searched (a file named on the command line is formatted even when ignored), so
        // a configuration with a problem elsewhere does not stop `fmt -` in an editor.
        let searched = configurationPath != nil || !expansion.named.isSuperset(of: expansion.files) || !expansion.skipped.isEmpty
            || !expansion.unreadable.isEmpty
        let base = CompileOptions(loadingLimits: loadingLimits)
        // Only its ignores are read: fmt declares nothing, so the configuration's host
        // names and handler manifest are not needed (nor read).
        if searched {
            let workingDirectory = FileManager.default.currentDirectoryPath
            let configuration = try ValidationConfiguration.find(explicit: configurationPath, workingDirectory: workingDirectory)
            expansion = configuration.withoutIgnored(expansion, workingDirectory: workingDirectory)
        }
        let files = expansion.files
        let writesInPlace = !checks && !showsDiff
        // Standard output carries a diff, or standard input's formatted text: the report goes to standard error.
        let reportsOnError = showsDiff || (writesInPlace && files.contains(where: StandardInput.isNamed(by:)))
        var reportFiles: [DiagnosticReport.File] = []
        var changed = 0
        var refused = 0
        let frontend = FormatFrontend(
            options: base, standardInput: standardInput, named: Set(paths),
            showsDiff: showsDiff, checks: checks)
        // Files are laid out on every core; what comes of them is written here, in file order.
        // Stale temporary files are looked for once per folder of the run.
        let sweep = FileReplacement.Sweep()
        await frontend.format(files) { result in
            let path = result.path
            // Standard input is written back to standard output, never to a file.
            let toStandardOutput = writesInPlace && result.readsStandardInput
            switch result.outcome {
            case .unreadable(let error):
                reportFiles.append(DiagnosticReport.File(path: path, source: nil, diagnostics: [error]))
                refused += 1
            case .read(let source, .notFlow):
                reportFiles.append(
                    DiagnosticReport.File(
                        path: path, source: source,
                        diagnostics: [
                            FlowFileFinder.skippedNote(
                                at: path, "skipped: not a flow (no 'screens' and no screen's key at its top)",
                                hint: "fmt rewrites the flows of a folder; name the file to format it anyway")
                        ]))
            case .read(let source, .refused(let diagnostics)):
                reportFiles.append(DiagnosticReport.File(path: path, source: source, diagnostics: diagnostics))
                refused += 1
                // Given back byte for byte, whatever its encoding.
                if toStandardOutput { environment.output.write(bytes: source.bytes) }
            case .read(let source, .formatted(let text)):
                // In the layout already: a file of the report with nothing to say.
                reportFiles.append(DiagnosticReport.File(path: path, source: source, diagnostics: []))
                if toStandardOutput { environment.output.write(text) }
            case .changed(let source, let text, let diff, let notFormatted, let stamp):
                var file = DiagnosticReport.File(path: path, source: source, diagnostics: notFormatted.map { [$0] } ?? [])
                defer { reportFiles.append(file) }
                if toStandardOutput {
                    environment.output.write(text)
                    // Text that did not reach standard output (a closed pipe, a full disk) was
                    // not reformatted; the tool's error after the summary says why.
                    if environment.output.failure == nil { changed += 1 }
                    return
                }
                changed += 1
                if let diff { environment.output.write(diff) }
                guard writesInPlace else { return }
                do throws(FileReplacement.Failure) {
                    try FileReplacement.replace(
                        path, with: text, expecting: .read(source, stamp), what: "fmt",
                        stopping: environment.variables[FileReplacement.stopVariable] != nil, sweep: sweep)
                } catch {
                    // Said at the file, and the others are still formatted.
                    changed -= 1
                    refused += 1
                    switch error {
                    case .io(let failure): file.diagnostics.append(SourceFile.unwritable(path, failure.message))
                    case .changed(let message):
                        file.diagnostics.append(
                            FlowFormatter.refusal(message, at: SourcePosition(line: 1, column: 1), in: source, leftAsItWas: false))
                    }
                }
            }
        }
        let result: CommandResult = refused > 0 || !expansion.unreadable.isEmpty || (checks && changed > 0) ? .findings : .clean
        let chosen = reportFormat ?? ReportOutput.standard(environment: environment.variables).format
        // Special files skipped and folders that could not be listed belong to the run.
        let report = DiagnosticReport(files: reportFiles, general: expansion.diagnostics)
        let out = reportsOnError ? environment.errorOutput : environment.output
        if chosen == .text {
            if !report.entries.isEmpty {
                out.write(TextDiagnosticRenderer(style: reportsOnError ? environment.errorStyle : environment.outputStyle, showsSummary: false).render(report))
            }
            let total = files.count
            let verb = writesInPlace ? "reformatted" : "would be reformatted"
            environment.errorOutput.write(
                "\(changed) of \(total) file\(total == 1 ? "" : "s") \(verb)" + (refused > 0 ? ", \(refused) left as they were (errors above)" : "") + "\n")
            return result
        }
        // The machine formats say what validate's say: paths as validate writes them, the status, the run's time.
        let facts = DiagnosticFormat.RunFacts.ending(
            "fmt", base: CompileSettings.locationBase(), exitCode: result == .findings ? 1 : 0, start: start, environment: environment.variables)
        out.write(chosen.renderer(style: .plain, facts: facts).render(report))
        return result
    }

    /// The `not-formatted` error of a file, at its first line that `fmt` would change.
    static func notFormatted(old: String, new: String, path: String) -> Diagnostic {
        let index = LineDiff.firstDifferingLine(old: old, new: new) ?? 0
        let newLines = LineDiff.lines(new)
        let oldLines = LineDiff.lines(old)
        var wanted = index < newLines.count ? String(newLines[index].hasSuffix("\n") ? newLines[index].dropLast() : newLines[index]) : ""
        if wanted.count > 60 { wanted = String(wanted.prefix(57)) + "..." }
        let code = CommandDiagnosticCode.notFormatted
        // What differs only in bytes a person does not see is named: the byte order mark, CRLF, the last line break.
        var oldLine = index < oldLines.count ? Substring(oldLines[index]) : nil
        var prefix = ""
        if index == 0, let line = oldLine, line.unicodeScalars.first == "\u{FEFF}" {
            oldLine = Substring(line.unicodeScalars.dropFirst())
            prefix = "drop the byte order mark"
        }
        let what: String
        if index >= newLines.count {
            what = "fmt would end the file before this line"
        } else if let line = oldLine, line.utf8.elementsEqual(newLines[index].utf8), !prefix.isEmpty {
            what = "fmt would \(prefix)"
        } else if let line = oldLine, line.utf8.dropLast().last == 13, line.utf8.dropLast(2).elementsEqual(newLines[index].utf8.dropLast()) {
            what = "fmt would " + (prefix.isEmpty ? "" : prefix + " and ") + "end this line with LF, not CRLF"
        } else if let line = oldLine, line.utf8.last == 10,
            line.utf8.dropLast().reversed().drop(while: { $0 == 32 || $0 == 9 || $0 == 13 }).reversed().elementsEqual(newLines[index].utf8.dropLast())
        {
            what = "fmt would " + (prefix.isEmpty ? "" : prefix + " and ") + "drop the blanks at the end of this line"
        } else if let line = oldLine, line.utf8.last != 10, newLines[index].utf8.dropLast().elementsEqual(line.utf8) {
            what = "fmt would " + (prefix.isEmpty ? "" : prefix + " and ") + "end the file with a line break"
        } else {
            what = "fmt would write this line as '\(wanted)'"
        }
        return Diagnostic(
            severity: code.severity, code: code.rawValue, message: "not in fmt's layout: \(what)",
            span: SourceSpan(file: path, at: SourcePosition(line: min(index, max(oldLines.count - 1, 0)) + 1, column: 1)),
            hint: "run: feedbackflow fmt \(path.shellQuoted) (with --diff to see the whole change)")
    }
}
