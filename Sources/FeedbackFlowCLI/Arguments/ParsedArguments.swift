/// A command line split into options and positional arguments by ``ArgumentParser``,
/// already checked against the command's ``OptionSpec``s and ``PositionalSpec``.
package struct ParsedArguments: Sendable, Hashable {
    /// Each value option's values in order given (one unless repeatable), by name.
    package var values: [String: [String]]
    /// The flags given, by name.
    package var flags: Set<String>
    /// The positional arguments in order (including everything after `--`).
    package var positionals: [String]
    /// Whether `-h`/`--help` was given; when set, nothing else was checked.
    package var wantsHelp: Bool
    /// The names of the options the parser accepted (the command's configuration);
    /// `nil` for arguments built by hand. A command that reads an option it does not
    /// declare is a programming error: ``CommandOption/read(_:)`` asserts against it.
    package var accepted: Set<String>?

    package init(values: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = [], wantsHelp: Bool = false) {
        self.values = values
        self.flags = flags
        self.positionals = positionals
        self.wantsHelp = wantsHelp
    }
}
