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
package struct HandlerProgramOption: Sendable {
    /// The programs by handler name, in the order given.
    @Option(.texts(
        "handler", valueName: "name=command",
        help: "Run the custom step NAME as COMMAND (no shell: words split as a shell would, nothing expanded); repeatable.",
        notGiven: [], reading: HandlerProgramOption.programs(from:)))
    package var programs: [(name: String, arguments: [String])]
    /// `--handler-timeout`, in whole seconds; `nil`: ``FeedbackFlowPrograms/ProgramHandler/defaultTimeLimit``.
    @Option(.duration(
        "handler-timeout",
        help: "How long a handler program may run (30s, 2m, …; default 30s); then its process group is stopped."))
    var timeoutGiven: Int?
    /// The variables passed on to the programs besides the minimal environment, in the
    /// order given (`--handler-env`, then the configuration file's), each with what named
    /// it (`--handler-env`, `handlerEnvironment in '.feedbackflow.yaml'`) for messages.
    @Option(.texts(
        "handler-env", valueName: "name",
        help: "Pass the environment variable NAME on to every handler program (an API token, say); it must be set; repeatable.",
        notGiven: [], reading: { names throws(UsageError) in
            try EnvironmentVariableName.checked(names, source: "--handler-env").map { ($0, "--handler-env") }
        }))
    package var passedVariables: [(name: String, origin: String)]

    /// No program given, or the options as the command line being read gives them
    /// (``ArgumentReading``).
    package init() {}

    /// How long each run may take.
    package var timeLimit: Duration { timeoutGiven.map { .seconds($0) } ?? ProgramHandler.defaultTimeLimit }

    /// The `--handler NAME=COMMAND` values as programs.
    /// - Throws: ``UsageError`` for a value without `=`, an empty name, a name given twice,
    ///   or a command that does not split.
    static func programs(from items: [String]) throws(UsageError) -> [(name: String, arguments: [String])] {
        var programs: [(name: String, arguments: [String])] = []
        for item in items {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw UsageError("invalid --handler '\(item)'", hint: "write '--handler NAME=PROGRAM [ARGUMENTS]'")
            }
            let name = String(item[..<equals])
            guard !programs.contains(where: { $0.name == name }) else { throw UsageError("--handler '\(name)' given more than once") }
            programs.append((name, try CommandWords.split(String(item[item.index(after: equals)...]), option: "--handler \(name)")))
        }
        return programs
    }

    /// The handler names given.
    package var names: Set<String> { Set(programs.map(\.name)) }

    /// Registers a ``ProgramHandler`` for each program, after checking that each can be
    /// started and, when `flow` declares handlers, that it is one of them.
    /// - Throws: ``UsageError`` for a program that is not found or not executable, a
    ///   name the flow does not declare, or a passed variable (``passedVariables``) that
    ///   is not set.
    /// - Parameter groups: where the programs' process groups are registered while they run.
    package func register(
        into registry: inout ActionHandlerRegistry, flow: Flow, file: String, variables: [String: String], groups: ProgramGroups
    ) throws(UsageError) {
        for (name, handler) in try handlers(variables: variables, groups: groups, declaredIn: flow, file: file) {
            registry.register(name, handler)
        }
    }

    /// A ``ProgramHandler`` for each program, in the order given, after checking that
    /// each can be started and, when `flow` declares handlers, that it is one of them
    /// (with its declaration); `test` gives no flow, as its files name many.
    /// - Throws: as ``register(into:flow:file:variables:groups:)``.
    package func handlers(
        variables: [String: String], groups: ProgramGroups, declaredIn flow: Flow? = nil, file: String = ""
    ) throws(UsageError) -> [(name: String, handler: ProgramHandler)] {
        var environment = ProgramHandler.minimalEnvironment(from: variables)
        for (name, origin) in passedVariables {
            guard let value = variables[name] else {
                throw UsageError(
                    "\(origin) \(name): the variable is not set",
                    hint: "set it before running, e.g. '\(name)=… feedbackflow run …', or stop passing it")
            }
            environment[name] = value
        }
        var handlers: [(name: String, handler: ProgramHandler)] = []
        for (name, arguments) in programs {
            let declared = flow?.handlers ?? []
            let declaration = declared.first { $0.name == name }
            if !declared.isEmpty, declaration == nil {
                throw UsageError(
                    "--handler '\(name)': '\(file)' declares no handler of that name",
                    hint: Suggestion.hint(for: name, among: declared.map(\.name))
                        ?? "its handlers: " + declared.map(\.name).joined(separator: ", "))
            }
            guard let program = arguments.first, ChildProcess.resolve(program, path: environment["PATH"]) != nil else {
                let program = arguments.first ?? ""
                throw UsageError(
                    "--handler \(name): cannot start '\(program)': "
                        + (program.contains("/") ? "not an executable file" : "not found in PATH"),
                    hint: "give the program's path, and check that it is executable")
            }
            var handler = ProgramHandler(arguments: arguments, timeLimit: timeLimit, declaration: declaration, environment: environment)
            handler.groups = groups
            handlers.append((name, handler))
        }
        return handlers
    }
}
