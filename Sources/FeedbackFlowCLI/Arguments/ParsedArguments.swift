import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// A command line split into options and positional arguments by ``ArgumentParser``,
/// already checked against the command's ``OptionSpec``s and ``PositionalSpec``.
public struct ParsedArguments: Sendable, Hashable {
    /// Each value option's values in order given (one unless repeatable), by name.
    public var values: [String: [String]]
    /// The flags given, by name.
    public var flags: Set<String>
    /// The positional arguments in order (including everything after `--`).
    public var positionals: [String]
    /// Whether `-h`/`--help` was given; when set, nothing else was checked.
    public var wantsHelp: Bool

    public init(values: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = [], wantsHelp: Bool = false) {
        self.values = values
        self.flags = flags
        self.positionals = positionals
        self.wantsHelp = wantsHelp
    }

    /// The value of option `name`, or `nil` when it was not given.
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeatable option, in order.
    public func allValues(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// Whether flag `name` was given.
    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }
}
