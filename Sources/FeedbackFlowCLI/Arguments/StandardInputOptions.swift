import FlowSource
import FlowWorkspace

/// `--stdin-format` and `--stdin-filename`: the syntax standard input ('-' or
/// `/dev/stdin`) is read in and the name it is reported under, declared once for every
/// command that reads a flow from it (`validate`, `fmt`; `parse` takes the syntax alone).
/// Either given when no path names standard input is a usage error.
struct StandardInputOptions: Sendable {
    static let format = CommandOption.choice(
        "stdin-format", of: DocumentFormat.self, valueName: "format",
        help: "The syntax of standard input ('-' or /dev/stdin); by default the extension of --stdin-filename, else yaml. Files go by their extension.")
    static let filename = CommandOption.text(
        "stdin-filename", valueName: "name",
        help: "The name standard input ('-' or /dev/stdin) is reported under; its extension picks the syntax and its base name a single screen's id.")

    /// `--stdin-format`, when given.
    @Option(StandardInputOptions.format) var syntax: DocumentFormat?
    /// `--stdin-filename`, when given.
    @Option(StandardInputOptions.filename) var name: String?

    /// The options as the command line being read gives them (``ArgumentReading``).
    init() {}

    /// `--stdin-format` alone, for a command that takes no name for standard input.
    struct SyntaxOnly: Sendable {
        @Option(StandardInputOptions.format) var syntax: DocumentFormat?
    }

    /// The naming the options give standard input among `paths`; `command` is the
    /// command's name, for the hint.
    /// - Throws: ``UsageError`` when an option is given and none of `paths` names standard input.
    func naming(paths: [String], command: String) throws(UsageError) -> StandardInputNaming {
        try Self.naming(syntax: syntax, name: name, paths: paths, command: command)
    }

    /// ``naming(paths:command:)`` of the values given.
    static func naming(syntax: DocumentFormat?, name: String?, paths: [String], command: String) throws(UsageError) -> StandardInputNaming {
        let readsStandardInput = paths.contains(where: StandardInput.isNamed(by:))
        if syntax != nil, !readsStandardInput {
            throw UsageError(
                "\(format.flagName) applies to standard input only, and no path names it",
                hint: "name standard input with '-' (or /dev/stdin); files are read by their extension")
        }
        if name != nil, !readsStandardInput {
            throw UsageError(
                "\(filename.flagName) names standard input, and no path reads it",
                hint: "add '-' to the paths: cat flow.yaml | feedbackflow \(command) \(filename.flagName) flows/a.yaml -")
        }
        return StandardInputNaming(name: name, format: syntax)
    }
}
