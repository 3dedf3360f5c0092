import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowTerminal

/// `feedbackflow graph FILE`: the flow's screens and navigation as a Graphviz DOT or
/// Mermaid graph (see ``FlowGraph``). A flow with errors is not drawn: its diagnostics
/// go to the error output and the status is 1.
package struct GraphCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "graph",
        abstract: "Print the flow's screens and navigation as a Graphviz DOT or Mermaid graph.",
        discussion: """
            Each screen is a node labelled with its id and style; each push, present,
            replace or popTo step is an edge labelled with the step's kind. Render DOT
            with 'dot -Tsvg'; Mermaid renders in GitHub Markdown. --format baseline writes
            the navigation as sorted lines of facts (entry, screens, edges with their
            button and step, the trigger) to commit beside the flow; 'validate --baseline
            FILE' then fails when the navigation changed and the file was not updated.
            """,
        options: [format.spec, LoadingLimitOption.option.spec],
        positional: PositionalSpec(name: "file", count: .one, help: "The flow file (YAML or JSON)."))

    static let format = CommandOption.choice("format", of: GraphFormat.self, valueName: "format", help: "Graph language, dot by default.")

    package var file: String
    package var format: GraphFormat
    /// `--limit NAME=N`: the loaders' bounds (``LoadingLimitOption``).
    package var loadingLimits = LoadingLimits()

    package init(file: String, format: GraphFormat = .dot) {
        self.file = file
        self.format = format
    }

    package init(arguments: ParsedArguments) throws(UsageError) {
        self.init(
            file: arguments.positionals.first ?? "",
            format: try Self.format.read(arguments) ?? .dot)
        loadingLimits = try LoadingLimitOption.option.read(arguments)
    }

    /// What the flow is compiled with: `graph` takes no host declarations, so the defaults
    /// (a flow whose templates name host variables is refused, as `validate` without
    /// `--context` refuses it), and the `--limit` bounds.
    package var compileOptions: CompileOptions {
        CompileOptions(loadingLimits: loadingLimits)
    }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        guard
            let flow = try FlowLoading.compiledFlow(
                path: file, options: compileOptions,
                flagHint: FlagHint(loadingLimit: "graph --\(LoadingLimitOption.name)"), environment: environment)
        else { return .findings }
        environment.output.write(format.render(flow, file: NavigationBaseline.label(file, base: ValidateCommand.locationBase(nil))))
        return .clean
    }
}
