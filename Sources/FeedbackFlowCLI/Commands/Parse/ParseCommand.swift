import FeedbackFlow
import FlowReporting
import FlowSource
import FlowWorkspace

/// `feedbackflow parse FILE`: the located node tree of a YAML or JSON document as JSON
/// (``NodeTreeJSONWriter``), whatever the flow format says about it: the tool for a
/// question about the loaders, and for running YAML or JSON conformance suites.
///
/// Status 0 when the document loaded without error; 1 when it did not (a syntax error,
/// a duplicate key, an empty document…): the diagnostics go to the error output at their
/// positions, and the tree is still printed when there is one (a duplicate key keeps its
/// first entry).
package struct ParseCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "parse",
        abstract: "Print the located node tree of a YAML or JSON file as JSON.",
        discussion: """
            Every node has its kind, its span (line and column from 1, columns in
            Unicode scalars; byte offsets from 0) and, for a scalar, its style and
            text; mappings list their entries with the key's own span. Aliases appear
            expanded and merge keys applied, as the flow decoder sees them. The flow
            format is not checked: use 'validate' for that.

            EXIT STATUS: 0 the document loaded, 1 it did not (its diagnostics are on
            standard error), 2 usage error, 3 the output could not be written.
            """,
        options: ArgumentReading.specs { ParseCommand() },
        positional: PositionalSpec(name: "file", count: .one, help: "The YAML or JSON file; '-' reads standard input."))

    /// The file to parse (`-` is standard input), alone.
    @Positionals var files: [String]
    /// `--stdin-format`: the syntax of standard input when the file names it.
    var standardInputOptions = StandardInputOptions.SyntaxOnly()
    /// `--limit NAME=N`: the loaders' bounds (``LoadingLimitOption``).
    @Option(LoadingLimitOption.option) package var loadingLimits: LoadingLimits

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { ParseCommand() }
        _ = try StandardInputOptions.naming(syntax: standardInputOptions.syntax, name: nil, paths: [file], command: "parse")
    }

    /// The file to parse; `-` is standard input.
    package var file: String { files.first ?? "" }
    /// The syntax of standard input when `file` names it.
    package var standardInputFormat: DocumentFormat { standardInputOptions.syntax ?? .yaml }

    /// Loads the file and writes its tree; the status says whether it loaded without error.
    /// - Throws: ``UsageError`` when `file` does not exist or is a folder, as the other
    ///   commands do.
    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        if !StandardInput.isNamed(by: file) {
            switch PathKind(file) {
            case .missing: throw UsageError(PathKind.unreachable(file))
            case .directory: throw UsageError("'\(file)' is a folder, not a file", hint: "give the path of one YAML or JSON file")
            case .other: break
            }
        }
        let format: DocumentFormat? = StandardInput.isNamed(by: file) ? standardInputFormat : nil
        let document = DocumentLoader.load(path: file, format: format, limits: loadingLimits)
        let output = environment.output
        var writer = NodeTreeJSONWriter { output.write($0) }
        writer.write(document)
        guard !document.diagnostics.isEmpty else { return .clean }
        let hasErrors = document.diagnostics.contains { $0.severity == .error }
        let report = DiagnosticReport(files: [
            .init(
                path: file, source: document.source,
                diagnostics: FlagHint(loadingLimit: "parse --\(LoadingLimitOption.name)").adding(to: document.diagnostics))
        ])
        environment.errorOutput.write(
            TextDiagnosticRenderer(style: environment.errorStyle, showsSummary: hasErrors).render(report))
        return hasErrors ? .findings : .clean
    }
}
