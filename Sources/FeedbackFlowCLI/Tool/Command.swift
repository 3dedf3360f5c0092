import FlowWorkspace

/// One subcommand of `feedbackflow`, in the manner of swift-argument-parser's
/// `AsyncParsableCommand`: a value type holding its parsed options, built from the
/// command line, with an `async run`.
///
/// Commands never exit the process and never touch the real standard streams: they
/// write to the ``CommandEnvironment`` they are given and report how they went
/// (``CommandResult``) or throw (``UsageError`` → 2, anything else → 3; see
/// ``ExitCode``).
package protocol Command: Sendable {
    /// Name, help text, options and positional arguments.
    static var configuration: CommandConfiguration { get }

    /// Builds the command from its parsed arguments, checking what the parser cannot
    /// (e.g. that `--context` values have the form `key=value`).
    init(arguments: ParsedArguments) throws(UsageError)

    /// Does the work.
    func run(in environment: CommandEnvironment) async throws -> CommandResult
}
