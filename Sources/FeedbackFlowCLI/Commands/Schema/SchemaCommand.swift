import FlowSource
import FlowWorkspace

/// `feedbackflow schema`: prints the JSON Schema (2020-12) of the file format, for
/// editors (`# yaml-language-server: $schema=…`) and other validators.
package struct SchemaCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "schema",
        abstract: "Print the JSON Schema (2020-12) of the flow file format.",
        discussion: """
            The output is the file schemas/feedbackflow.schema.json of the source tree,
            byte for byte. Save it and point your editor at it, e.g. in YAML:
              # yaml-language-server: $schema=feedbackflow.schema.json
            """)

    package init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {}

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        environment.output.write(FormatSchema.text)
        return .clean
    }
}
