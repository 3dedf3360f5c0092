import FlowSource
import FlowWorkspace

/// The `feedbackflow` command-line tool: finds the subcommand, parses its arguments,
/// runs it, and turns the outcome into an ``ExitCode``.
///
/// ```
/// feedbackflow validate [PATH…]   feedbackflow run FILE
/// feedbackflow graph FILE         feedbackflow schema
/// feedbackflow outbox list|flush|drop ID
/// feedbackflow --help | --version | help [COMMAND | --markdown]
/// ```
///
/// Usage errors are written to the error output as two lines, the error and one hint
/// (with "did you mean" when something close exists), and give status 2.
package enum FeedbackFlowTool {
    package static let name = "feedbackflow"
    /// The tool's version, printed by `--version` and written into SARIF logs.
    package static let version = "0.1.0"
    /// The project's home page, written into SARIF logs (`informationUri`). The one
    /// place the project's address is written.
    package static let homepage = "https://github.com/feedbackflow/feedbackflow"
    /// The page of the diagnostic rules (`docs/rules.md`), which SARIF rules link to with
    /// their code as the anchor (`helpUri`).
    package static let rulesDocumentation = homepage + "/blob/main/docs/rules.md"
    package static let abstract = "Check and play FeedbackFlow files (YAML or JSON feedback screens and flows)."

    /// The subcommands, in the order help lists them.
    package static let commands: [any Command.Type] = [
        ValidateCommand.self, TestCommand.self, RunCommand.self, OutboxCommand.self, TriggerCommand.self, GraphCommand.self, StoryboardCommand.self, PreviewCommand.self, LanguageServerCommand.self, ParseCommand.self,
        SchemaCommand.self, ExplainCommand.self, NewCommand.self, FormatCommand.self, ConvertCommand.self, StringsCommand.self,
    ]

    static let footer = """
        EXIT STATUS: 0 clean, 1 findings (errors in the input), 2 usage error,
        3 output could not be written (closed pipe, full disk) or internal failure.
        See '\(name) help <command>' or '\(name) <command> --help' for a command's options.
        """

    /// Runs the tool on `arguments` (without the program name).
    ///
    /// When the command's results could not be written to the output
    /// (``FlowSource/TextWriter/failure``: a closed pipe, a full disk), one line says
    /// so on the error output and the status is 3, whatever the command returned.
    package static func main(arguments: [String], environment: CommandEnvironment) async -> ExitCode {
        let status = await dispatch(arguments: arguments, environment: environment)
        if let failure = environment.output.failure {
            let command = arguments.first.flatMap { word in commands.first { $0.configuration.name == word } }
            return report(
                IOFailure("cannot write to standard output: \(failure)"),
                command: command?.configuration.name, environment)
        }
        return status
    }

    private static func dispatch(arguments: [String], environment: CommandEnvironment) async -> ExitCode {
        guard let first = arguments.first else {
            environment.errorOutput.write(toolHelp)
            return report(UsageError("missing command", hint: "try '\(name) validate flows'"), command: nil, environment)
        }
        switch first {
        case "--help", "-h":
            environment.output.write(toolHelp)
            return .clean
        case "--version":
            guard arguments.count == 1 else {
                return report(UsageError("unexpected argument '\(arguments[1])' after '--version'"), command: nil, environment)
            }
            environment.output.write("\(name) \(version)\n")
            return .clean
        case "help":
            guard arguments.count > 1 else {
                environment.output.write(toolHelp)
                return .clean
            }
            if arguments[1] == "--markdown", arguments.count == 2 {
                environment.output.write(HelpFormatter.markdown(tool: name, commands: commands.map { $0.configuration }))
                return .clean
            }
            do {
                let command = try lookup(arguments[1])
                guard arguments.count == 2 else {
                    throw UsageError(
                        "unexpected argument '\(arguments[2])'",
                        hint: "'\(name) help' takes one command, e.g. '\(name) help \(command.configuration.name)'")
                }
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
    package static var toolHelp: String {
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
    ///
    /// A ``UsageError`` is two lines: `error: MESSAGE` and `hint: HINT. See '… --help'.`
    /// (the hint's own end punctuation is kept). An ``IOFailure`` is one `error:` line;
    /// anything else one `internal error:` line.
    static func report(_ error: any Error, command: String?, _ environment: CommandEnvironment) -> ExitCode {
        let style = environment.errorStyle
        let status = ExitCode(error: error)
        let prefix = command.map { "\(name) \($0)" } ?? name
        switch error {
        case let usage as UsageError:
            let helpCommand = command.map { "'\(name) \($0) --help'" } ?? "'\(name) --help'"
            // Each problem of one pass with its own hint; 'See … --help' after the last.
            let problems = [usage] + usage.others
            for (index, problem) in problems.enumerated() {
                let hint = index == problems.count - 1
                    ? hintLine(problem.hint, helpCommand: helpCommand) : problem.hint.map { DisplayText.sanitized($0) }
                environment.errorOutput.write(
                    "\(prefix): \(style.apply("error:", .bold, .red)) \(DisplayText.sanitized(problem.message))\n"
                        + (hint.map { "\(style.apply("hint:", .bold, .cyan)) \($0)\n" } ?? ""))
            }
        case let failure as IOFailure:
            environment.errorOutput.write(
                "\(prefix): \(style.apply("error:", .bold, .red)) \(DisplayText.sanitized(failure.message))\n")
        default:
            environment.errorOutput.write(
                "\(prefix): \(style.apply("internal error:", .bold, .red)) \(DisplayText.sanitized(String(describing: error)))\n")
        }
        return status
    }

    /// `HINT. See 'feedbackflow validate --help'.` — a hint that already ends a sentence
    /// (`.`, `?`, `!`) is followed by a space only; no hint: `See … .` alone.
    static func hintLine(_ hint: String?, helpCommand: String) -> String {
        let see = "See \(helpCommand)."
        guard let hint = hint.map({ DisplayText.sanitized($0) }), !hint.isEmpty else { return see }
        let ended = hint.last.map { ".?!".contains($0) } ?? false
        return hint + (ended ? " " : ". ") + see
    }
}
