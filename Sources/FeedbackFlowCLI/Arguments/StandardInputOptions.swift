import FlowSource
import FlowWorkspace

/// `--stdin-format` and `--stdin-filename`: the syntax standard input ('-' or
/// `/dev/stdin`) is read in and the name it is reported under, declared once for every
/// command that reads a flow from it (`validate`, `fmt`; `parse` takes the syntax alone).
/// Either given when no path names standard input is a usage error.
struct StandardInputOptions {
    static let format = CommandOption.choice(
        "stdin-format", of: DocumentFormat.self, valueName: "format",
        help: "The syntax of standard input ('-' or /dev/stdin); by default the extension of --stdin-filename, else yaml. Files go by their extension.")
    static let filename = CommandOption.text(
        "stdin-filename", valueName: "name",
        help: "The name standard input ('-' or /dev/stdin) is reported under; its extension picks the syntax and its base name a single screen's id.")

    /// Both options, as a command declares them.
    static let specs = [format.spec, filename.spec]

    /// The naming `arguments` give standard input among `paths`; `command` is the
    /// command's name, for the hint. Without `naming`, only `--stdin-format` is read.
    /// - Throws: ``UsageError`` when an option is given and none of `paths` names standard input.
    static func read(_ arguments: ParsedArguments, paths: [String], command: String, naming: Bool = true) throws(UsageError) -> StandardInputNaming {
        let readsStandardInput = paths.contains(where: StandardInput.isNamed(by:))
        let syntax = try format.read(arguments)
        if syntax != nil, !readsStandardInput {
            throw UsageError(
                "\(format.flagName) applies to standard input only, and no path names it",
                hint: "name standard input with '-' (or /dev/stdin); files are read by their extension")
        }
        let name = naming ? try filename.read(arguments) : nil
        if name != nil, !readsStandardInput {
            throw UsageError(
                "\(filename.flagName) names standard input, and no path reads it",
                hint: "add '-' to the paths: cat flow.yaml | feedbackflow \(command) \(filename.flagName) flows/a.yaml -")
        }
        return StandardInputNaming(name: name, format: syntax)
    }
}
