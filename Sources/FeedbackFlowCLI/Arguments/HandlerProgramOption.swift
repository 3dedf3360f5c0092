import FeedbackFlowPrograms
import FlowCompile
import FeedbackFlowCore
import FlowSource
import FlowWorkspace

/// `run --handler NAME=COMMAND` (repeatable), `--handler-timeout DURATION` and
/// `--handler-env NAME` (repeatable): custom steps run as programs (``ProgramHandler``),
/// checked before the flow starts. A program gets a minimal environment
/// (``FeedbackFlowPrograms/ProgramHandler/minimalEnvironment(from:)``) plus the variables named
/// by `--handler-env` and by the configuration file's `handlerEnvironment`.
package struct HandlerProgramOption: ArgumentGroup {
    package static let handler = CommandOption.texts(
        "handler", valueName: "name=command",
        help: "Run the custom step NAME as COMMAND (no shell: words split as a shell would, nothing expanded); repeatable.")
    package static let timeout = CommandOption.duration(
        "handler-timeout",
        help: "How long a handler program may run (30s, 2m, …; default 30s); then its process group is stopped.")
    package static let environmentOption = CommandOption.texts(
        "handler-env", valueName: "name",
        help: "Pass the environment variable NAME on to every handler program (an API token, say); it must be set; repeatable.")
    package static let specs = [handler.spec, timeout.spec, environmentOption.spec]

    /// The programs by handler name, in the order given.
    package var programs: [(name: String, arguments: [String])]
    /// Seconds each run may take.
    package var timeout: Double
    /// The variables passed on to the programs besides the minimal environment, in the
    /// order given (`--handler-env`, then the configuration file's), each with what named
    /// it (`--handler-env`, `handlerEnvironment in '.feedbackflow.yaml'`) for messages.
    package var passedVariables: [(name: String, origin: String)] = []

    /// No program given.
    package init() {
        self.init(programs: [])
    }

    package init(programs: [(name: String, arguments: [String])], timeout: Double = ProgramHandler.defaultTimeout) {
        self.programs = programs
        self.timeout = timeout
    }

    /// - Throws: ``UsageError`` for a value without `=`, an empty name, a name given twice,
    ///   a command that does not split, or a bad duration.
    package init(arguments: ParsedArguments) throws(UsageError) {
        var programs: [(String, [String])] = []
        for item in try Self.handler.read(arguments) {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw UsageError("invalid --handler '\(item)'", hint: "write '--handler NAME=PROGRAM [ARGUMENTS]'")
            }
            let name = String(item[..<equals])
            guard !programs.contains(where: { $0.0 == name }) else { throw UsageError("--handler '\(name)' given more than once") }
            programs.append((name, try CommandWords.split(String(item[item.index(after: equals)...]), option: "--handler \(name)")))
        }
        self.init(programs: programs, timeout: try Self.timeout.read(arguments).map(Double.init) ?? ProgramHandler.defaultTimeout)
        let origin = Self.environmentOption.flagName
        passedVariables = try EnvironmentVariableName.checked(try Self.environmentOption.read(arguments), source: origin).map { ($0, origin) }
    }

    /// The handler names given.
    package var names: Set<String> { Set(programs.map(\.name)) }

    /// Registers a ``ProgramHandler`` for each program, after checking that each can be
    /// started and, when `flow` declares handlers, that it is one of them.
    /// - Throws: ``UsageError`` for a program that is not found or not executable, or a
    ///   name the flow does not declare.
    /// - Parameter groups: where the programs' process groups are registered while they run.
    /// - Throws: also ``UsageError`` for a passed variable (``passedVariables``) that is not set.
    package func register(
        into registry: inout ActionHandlerRegistry, flow: Flow, file: String, variables: [String: String], groups: ProgramGroups
    ) throws(UsageError) {
        var environment = ProgramHandler.minimalEnvironment(from: variables)
        for (name, origin) in passedVariables {
            guard let value = variables[name] else {
                throw UsageError(
                    "\(origin) \(name): the variable is not set",
                    hint: "set it before running, e.g. '\(name)=… feedbackflow run …', or stop passing it")
            }
            environment[name] = value
        }
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
