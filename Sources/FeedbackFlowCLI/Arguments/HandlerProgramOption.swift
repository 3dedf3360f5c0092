import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// `run --handler NAME=COMMAND` (repeatable) and `--handler-timeout DURATION`: custom
/// steps run as programs (``ProgramHandler``), checked before the flow starts.
package struct HandlerProgramOption: Sendable {
    package static let handler = OptionSpec.value(
        "handler", valueName: "name=command", repeatable: true,
        help: "Run the custom step NAME as COMMAND (no shell: words split as a shell would, nothing expanded); repeatable.")
    package static let timeout = OptionSpec.value(
        "handler-timeout", valueName: "duration",
        help: "How long a handler program may run (30s, 2m, …; default 30s); then its process group is stopped.")
    package static let specs = [handler, timeout]

    /// The programs by handler name, in the order given.
    package var programs: [(name: String, arguments: [String])]
    /// Seconds each run may take.
    package var timeout: Double

    package init(programs: [(name: String, arguments: [String])] = [], timeout: Double = ProgramHandler.defaultTimeout) {
        self.programs = programs
        self.timeout = timeout
    }

    /// - Throws: ``UsageError`` for a value without `=`, an empty name, a name given twice,
    ///   a command that does not split, or a bad duration.
    package init(arguments: ParsedArguments) throws(UsageError) {
        var programs: [(String, [String])] = []
        for item in arguments.allValues(Self.handler.name) {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw UsageError("invalid --handler '\(item)'", hint: "write '--handler NAME=PROGRAM [ARGUMENTS]'")
            }
            let name = String(item[..<equals])
            guard !programs.contains(where: { $0.0 == name }) else { throw UsageError("--handler '\(name)' given more than once") }
            programs.append((name, try CommandWords.split(String(item[item.index(after: equals)...]), option: "--handler \(name)")))
        }
        var timeout = ProgramHandler.defaultTimeout
        if let text = arguments.value(Self.timeout.name) {
            guard let seconds = DurationText.seconds(text) else {
                throw UsageError("invalid --handler-timeout '\(text)'", hint: DurationText.hint)
            }
            timeout = Double(seconds)
        }
        self.init(programs: programs, timeout: timeout)
    }

    /// The handler names given.
    package var names: Set<String> { Set(programs.map(\.name)) }

    /// Registers a ``ProgramHandler`` for each program, after checking that each can be
    /// started and, when `flow` declares handlers, that it is one of them.
    /// - Throws: ``UsageError`` for a program that is not found or not executable, or a
    ///   name the flow does not declare.
    /// - Parameter groups: where the programs' process groups are registered while they run.
    package func register(
        into registry: inout ActionHandlerRegistry, flow: Flow, file: String, variables: [String: String], groups: ProgramGroups
    ) throws(UsageError) {
        let environment = ProgramHandler.minimalEnvironment(from: variables)
        for (name, arguments) in programs {
            let declaration = flow.handlers.first { $0.name == name }
            if !flow.handlers.isEmpty, declaration == nil {
                throw UsageError(
                    "--handler '\(name)': '\(file)' declares no handler of that name",
                    hint: Suggestion.hint(for: name, among: flow.handlers.map(\.name))
                        ?? "its handlers: " + flow.handlers.map(\.name).joined(separator: ", "))
            }
            guard let program = arguments.first, ChildProcess.resolve(program, path: environment["PATH"]) != nil else {
                let program = arguments.first ?? ""
                throw UsageError(
                    "--handler \(name): cannot start '\(program)': "
                        + (program.contains("/") ? "not an executable file" : "not found in PATH"),
                    hint: "give the program's path, and check that it is executable")
            }
            var handler = ProgramHandler(arguments: arguments, timeout: timeout, declaration: declaration, environment: environment)
            handler.groups = groups
            registry.register(name, handler)
        }
    }
}
