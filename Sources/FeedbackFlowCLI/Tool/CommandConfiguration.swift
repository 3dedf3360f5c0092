/// What a command is called, what it does, and what it accepts; its help and its
/// argument parser are built from this.
package struct CommandConfiguration: Sendable {
    /// The subcommand name, e.g. `validate`.
    package var name: String
    /// One line for the tool's command list.
    package var abstract: String
    /// More text for the command's help (paragraphs separated by blank lines).
    package var discussion: String
    package var options: [OptionSpec]
    package var positional: PositionalSpec

    package init(name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [], positional: PositionalSpec = .none) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positional = positional
    }

    /// The parser for this command's arguments.
    package var parser: ArgumentParser {
        ArgumentParser(options: options, positional: positional)
    }
}
