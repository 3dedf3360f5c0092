import FlowCompile
import FlowScenarios
import FeedbackFlowPrograms
import FlowSource
import FlowSystem
import FlowWeb
import FlowWorkspace

/// `feedbackflow graph FILE`: the flow's screens and navigation as a Graphviz DOT or
/// Mermaid graph (see ``FlowGraph``). A flow with errors is not drawn: its diagnostics
/// go to the error output and the status is 1.
package struct GraphCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "graph",
        abstract: "Print what the flow does as a Graphviz DOT, SVG or Mermaid graph, or as a navigation baseline.",
        discussion: """
            Each screen is a box in its style's colour with its id, title and style;
            each button's steps are edges labelled with its title and what the steps do
            on the way: push solid, present bold, onFailure dashed, an if through a
            diamond with an edge per branch, exits (pop, dismiss, finish) to their own
            nodes. Unreachable screens are dashed, dead ends outlined in red; a legend
            shows every kind. --format svg draws the DOT with Graphviz's dot (Debian
            package graphviz); Mermaid renders in GitHub Markdown. --format baseline writes
            the navigation as sorted lines of facts (entry, screens, edges with their
            button and step, the trigger) to commit beside the flow; 'validate --baseline
            FILE' then fails when the navigation changed and the file was not updated.
            """,
        options: ArgumentReading.specs { GraphCommand() },
        positional: PositionalSpec(name: "file", count: .one, help: "The flow file (YAML or JSON; - reads YAML from standard input)."))

    /// The flow file, alone.
    @Positionals var files: [String]
    /// `--format`; `nil`: DOT.
    @Option(.choice("format", of: GraphFormat.self, valueName: "format", help: "Graph language, dot by default."))
    var formatGiven: GraphFormat?
    /// `--theme FILE`; `nil` for the built-in theme.
    @Option(CommonOptions.theme) package var themeFile: String?
    /// `--limit NAME=N`: the loaders' bounds.
    @Option(LoadingLimitOption.option) package var loadingLimits: LoadingLimits
    /// `--coverage REPORT`: the routes no scenario took, drawn untested.
    @Option(CommonOptions.coverage) package var coverageReport: String?

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { GraphCommand() }
        if coverageReport != nil, format == .baseline {
            throw UsageError("a baseline lists facts, not routes drawn: \($coverageReport.flagName) goes with --format dot, svg or mermaid")
        }
    }

    /// The flow file.
    package var file: String { files.first ?? "" }
    /// The graph language.
    package var format: GraphFormat { formatGiven ?? .dot }

    /// What the flow is compiled with: the `--limit` bounds.
    package var compileOptions: CompileOptions {
        CompileOptions(loadingLimits: loadingLimits)
    }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        guard
            let flow = try FlowLoading.compiledFlow(
                path: file, options: compileOptions,
                flagHint: FlagHint(loadingLimit: "graph --\(LoadingLimitOption.name)"), environment: environment)
        else { return .findings }
        let theme = try Theme.chosen(themeFile)
        let taken = try coverageReport.map { report throws(UsageError) in
            try CoverageReportReader(path: report, option: CommonOptions.coverage.flagName).takenRoutes(of: flow, path: file, environment: environment)
        }
        let text = format.render(flow, file: NavigationBaseline.label(file, base: CompileSettings.locationBase()), theme: theme, taken: taken)
        environment.output.write(format == .svg ? try await Self.svg(of: text, environment: environment) : text)
        return .clean
    }

    /// The SVG Graphviz's `dot` draws of the DOT text `dot`.
    /// - Throws: ``UsageError`` when `dot` is not installed; ``InternalFailure`` when it
    ///   fails or does not finish within a minute.
    static func svg(of dot: String, environment: CommandEnvironment) async throws -> String {
        guard let program = ChildProcess.resolve("dot", path: environment.variables["PATH"]) else {
            throw UsageError(
                "--format svg needs Graphviz's 'dot', which is not installed",
                hint: "install the package graphviz (Debian: 'apt install graphviz'), or write --format dot")
        }
        // In the command's programs, so Ctrl-C or SIGTERM stops dot too (SignalStop).
        let result = try await ChildProcess.run(
            [program, "-Tsvg"], environment: environment.variables, input: Array(dot.utf8),
            timeout: 60, outputLimit: 256 * 1024 * 1024, groups: environment.programs)
        // What dot said, one line: its warnings go on to the error output, its errors into the message.
        let said = DisplayText.sanitized(
            String(decoding: result.standardError.prefix(2_000), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: "; "))
        let how: String? =
            switch result.ending {
            case .exited(0): result.outputCut ? "its drawing is larger than 256 MiB" : result.standardOutput.isEmpty ? "it wrote nothing" : nil
            case .exited(let status): "it exited with status \(status)"
            case .signalled(let signal): "a signal (\(signal)) ended it"
            case .timedOut: "it did not finish within 60 seconds"
            case .cancelled: "it was stopped"
            case .lost: "how it ended is not known"
            }
        if let how {
            throw InternalFailure("Graphviz's dot could not draw the graph: \(how)" + (said.isEmpty ? "" : " (\(said))"))
        }
        if !said.isEmpty { environment.errorOutput.write("feedbackflow graph: dot: \(said)\n") }
        return String(decoding: result.standardOutput, as: UTF8.self)
    }
}
