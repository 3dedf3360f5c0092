import FeedbackFlow
import FlowTerminal

/// The `feedbackflow` command-line tool: finds the subcommand, parses its arguments,
/// runs it, and turns the outcome into an ``ExitCode``.
///
/// ```
/// feedbackflow validate [PATH…]   feedbackflow run FILE
/// feedbackflow graph FILE         feedbackflow schema
/// feedbackflow --help | --version | help [COMMAND]
/// ```
///
/// Usage errors are written to the error output as two lines, the error and one hint
/// (with "did you mean" when something close exists), and give status 2.
public enum FeedbackFlowTool {
    public static let name = "feedbackflow"
    /// The tool's version, printed by `--version` and written into SARIF logs.
    public static let version = "0.1.0"
    public static let abstract = "Check and play FeedbackFlow files (YAML or JSON feedback screens and flows)."

    /// The subcommands, in the order help lists them.
    public static let commands: [any Command.Type] = [
        ValidateCommand.self, RunCommand.self, GraphCommand.self, SchemaCommand.self,
    ]

    static let footer = """
        EXIT STATUS: 0 clean, 1 findings (errors in the input), 2 usage error, 3 internal failure.
        See '\(name) help <command>' or '\(name) <command> --help' for a command's options.
        """

    /// Runs the tool on `arguments` (without the program name).
    public static func main(arguments: [String], environment: CommandEnvironment) async -> ExitCode {
        guard let first = arguments.first else {
            environment.errorOutput.write(toolHelp)
            return report(UsageError("missing command", hint: "try '\(name) validate flows'"), command: nil, environment)
        }
        switch first {
        case "--help", "-h":
            environment.output.write(toolHelp)
            return .clean
        case "--version":
            environment.output.write("\(name) \(version)\n")
            return .clean
        case "help":
            guard arguments.count > 1 else {
                environment.output.write(toolHelp)
                return .clean
            }
            do {
                let command = try lookup(arguments[1])
                environment.output.write(HelpFormatter.help(for: command.configuration, tool: name))
                return .clean
            } catch {
                return report(error, command: nil, environment)
            }
        default:
            break
        }

        let commandType: any Command.Type
        do {
            commandType = try lookup(first)
        } catch {
            return report(error, command: nil, environment)
        }
        let configuration = commandType.configuration
        do {
            let parsed = try configuration.parser.parse(Array(arguments.dropFirst()))
            if parsed.wantsHelp {
                environment.output.write(HelpFormatter.help(for: configuration, tool: name))
                return .clean
            }
            let command = try commandType.init(arguments: parsed)
            return ExitCode(try await command.run(in: environment))
        } catch {
            return report(error, command: configuration.name, environment)
        }
    }

    /// The whole tool's help text.
    public static var toolHelp: String {
        HelpFormatter.toolHelp(tool: name, abstract: abstract, commands: commands.map { $0.configuration }, footer: footer)
    }

    static func lookup(_ word: String) throws(UsageError) -> any Command.Type {
        if let found = commands.first(where: { $0.configuration.name == word }) { return found }
        if word.hasPrefix("-") {
            throw UsageError(
                "unknown option '\(word)'",
                hint: Suggestion.hint(for: word, among: ["--help", "--version"]) ?? "options go after the command, e.g. '\(name) validate --format json flows'")
        }
        let names = commands.map { $0.configuration.name }
        throw UsageError(
            "unknown command '\(word)'",
            hint: Suggestion.hint(for: word, among: names) ?? "commands: \(names.joined(separator: ", "))")
    }

    /// Writes `error` to the error output and returns its status: the single place
    /// where a thrown error becomes an exit status (``ExitCode/init(error:)``).
    static func report(_ error: any Error, command: String?, _ environment: CommandEnvironment) -> ExitCode {
        let style = environment.errorStyle
        let status = ExitCode(error: error)
        let prefix = command.map { "\(name) \($0)" } ?? name
        switch error {
        case let usage as UsageError:
            let helpCommand = command.map { "'\(name) \($0) --help'" } ?? "'\(name) --help'"
            let hint = usage.hint.map { "\($0) " } ?? ""
            environment.errorOutput.write(
                "\(prefix): \(style.apply("error:", .bold, .red)) \(DisplayText.sanitized(usage.message))\n"
                    + "\(style.apply("hint:", .bold, .cyan)) \(DisplayText.sanitized(hint))See \(helpCommand).\n")
        default:
            environment.errorOutput.write(
                "\(prefix): \(style.apply("internal error:", .bold, .red)) \(DisplayText.sanitized(String(describing: error)))\n")
        }
        return status
    }
}
