import FlowFormat
import FlowSource
import FlowWorkspace

/// `feedbackflow new NAME [--template T]`: writes a starter flow (``FlowTemplate``) to
/// `NAME.flow.yaml` (or NAME, when it ends in `.yaml` or `.yml`), never over a file that
/// exists, and says how to run, preview and validate it.
package struct NewCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "new",
        abstract: "Write a starter flow that validates clean, never over an existing file.",
        discussion: """
            NAME is the file to write: NAME.flow.yaml, or NAME itself when it ends in .yaml
            or .yml; its base name is the flow's id. The file starts with the line that
            points YAML editors at the schema. Templates: \(FlowTemplate.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")).
            """,
        options: ArgumentReading.specs { NewCommand() },
        positional: PositionalSpec(name: "name", count: .one, help: "The file to write (NAME.flow.yaml)."))

    /// The file to write, alone.
    @Positionals var names: [String]
    /// `--template`; `nil`: rating.
    @Option(.choice("template", of: FlowTemplate.self, valueName: "name", help: "The starter flow (default rating)."))
    var template: FlowTemplate?
    /// The file to write.
    package var path = ""
    /// The flow's id: the file's base name without `.flow.yaml`, `.yaml` or `.yml`.
    package var id = ""
    /// The starter flow.
    package var chosen: FlowTemplate { template ?? .rating }

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { NewCommand() }
        let name = names.first ?? ""
        let isYAML = name.hasSuffix(".yaml") || name.hasSuffix(".yml")
        guard !name.hasSuffix(".json") else {
            throw UsageError("new writes YAML: give a name without .json", hint: "then 'feedbackflow convert --to json' writes it as JSON")
        }
        path = isYAML ? name : (name.hasSuffix(".flow") ? String(name.dropLast(5)) : name) + ".flow.yaml"
        let base = path.split(separator: "/").last.map(String.init) ?? path
        id = [".flow.yaml", ".yaml", ".yml"].first { base.hasSuffix($0) }.map { String(base.dropLast($0.count)) } ?? base
        guard !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }),
            id.unicodeScalars.first.map({ $0.properties.isAlphabetic }) == true
        else {
            throw UsageError("'\(name)' does not make a flow id: its base name must start with an ASCII letter and hold only ASCII letters, digits, '-', '_' and '.'")
        }
    }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let file = try ReportFile(path: path, isNew: true, what: "new")
        try file.write(chosen.text(id: YAMLWriter.scalar(id), schema: FormatSchema.address))
        let quoted = path.shellQuoted
        let handlers = chosen.handlerNames.map { " --handler \($0)=true" }.joined()
        // What to do next, the explanations in one column whatever the commands' lengths.
        let next = [
            ("feedbackflow run \(quoted)\(handlers)", "play it in the terminal"),
            ("feedbackflow preview \(quoted)", "see it in a browser, live as you edit"),
            ("feedbackflow validate \(quoted)", "check it as CI does"),
        ]
        let width = next.map(\.0.count).max() ?? 0
        let lines = next.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 4) + $0.1 + "\n" }
        environment.output.write("wrote \(path) (\(chosen.rawValue): \(chosen.summary))\n" + lines.joined() + "\n")
        return .clean
    }
}
