import FeedbackFlowPrograms
import FlowSource
import FlowTerminal

/// Everything a command reads or writes besides its arguments, injected so that tests
/// can run commands on buffers and scripted input.
package struct CommandEnvironment: Sendable {
    /// Where results go (diagnostics, graphs, the schema, the flow's conversation).
    package var output: any TextWriter
    /// Where usage errors and the diagnostics of `run` go.
    package var errorOutput: any TextWriter
    /// Lines typed by the user (or a script) for `run`.
    package var input: any LineReader
    /// The process environment (`NO_COLOR`, `TERM`, …).
    package var variables: [String: String]
    /// Whether colours may be written on `output` / `errorOutput`.
    package var outputStyle: TerminalStyle
    package var errorStyle: TerminalStyle
    /// The process groups of the programs the command runs (handler programs,
    /// `feedbackflow-post`): what the process stops when a signal stops it
    /// (``SignalStop``).
    package var programs = ProgramGroups()
    /// Whether a command that runs programs (`run`, `preview`) makes this process the
    /// subreaper of their descendants (``FeedbackFlowPrograms/ProgramGroups/adoptDescendants()``),
    /// a setting of the whole process: the program's own environment does; one a test
    /// runs commands in does not.
    package var adoptsDescendants = false

    package init(
        output: any TextWriter, errorOutput: any TextWriter, input: any LineReader,
        variables: [String: String] = [:], outputStyle: TerminalStyle = .plain, errorStyle: TerminalStyle = .plain
    ) {
        self.output = output
        self.errorOutput = errorOutput
        self.input = input
        self.variables = variables
        self.outputStyle = outputStyle
        self.errorStyle = errorStyle
    }

    /// Standard output, standard error and standard input of this process; colours on
    /// each stream only when it is a terminal and `NO_COLOR` is unset
    /// (``FlowTerminal/TerminalCapabilities/colorsEnabled(fileDescriptor:environment:)``).
    package static func standard(variables: [String: String]) -> CommandEnvironment {
        CommandEnvironment(
            output: FileDescriptorWriter.standardOutput,
            errorOutput: FileDescriptorWriter.standardError,
            input: StandardInputLineReader(),
            variables: variables,
            outputStyle: TerminalStyle(isEnabled: TerminalCapabilities.colorsEnabled(fileDescriptor: 1, environment: variables)),
            errorStyle: TerminalStyle(isEnabled: TerminalCapabilities.colorsEnabled(fileDescriptor: 2, environment: variables)))
            .adopting()
    }

    /// This environment, with ``adoptsDescendants``.
    private func adopting() -> CommandEnvironment {
        var environment = self
        environment.adoptsDescendants = true
        return environment
    }
}
