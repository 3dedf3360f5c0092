/// One `--long` option a command accepts, as its help shows it.
///
/// Options are long-only (`--format json` or `--format=json`); `shortName` adds a
/// one-letter alias (`-q`). A flag takes no value; a value option takes exactly one,
/// given once unless `isRepeatable` (then every occurrence is kept, in order).
package struct OptionSpec: Sendable, Hashable {
    /// The name without dashes, e.g. `format`.
    package var name: String
    /// A one-letter alias without the dash, e.g. `q` for `-q`.
    package var shortName: Character?
    /// `nil` for a flag; the value's placeholder in help (`format` → `--format <format>`).
    package var valueName: String?
    /// The only values accepted, in the order help lists them; `nil` accepts any.
    package var allowedValues: [String]?
    /// Whether the option may be given several times (`--context a=1 --context b=2`).
    package var isRepeatable: Bool
    /// What the option does, one sentence for help.
    package var help: String

    package init(
        name: String, shortName: Character? = nil, valueName: String? = nil,
        allowedValues: [String]? = nil, isRepeatable: Bool = false, help: String
    ) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.allowedValues = allowedValues
        self.isRepeatable = isRepeatable
        self.help = help
    }

    /// A flag (no value), e.g. `--quiet`.
    package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: short, help: help)
    }

    /// An option with one value, e.g. `--format <format>`.
    package static func value(
        _ name: String, short: Character? = nil, valueName: String, allowed: [String]? = nil, repeatable: Bool = false, help: String
    ) -> OptionSpec {
        OptionSpec(name: name, shortName: short, valueName: valueName, allowedValues: allowed, isRepeatable: repeatable, help: help)
    }

    /// Whether the option takes a value.
    package var takesValue: Bool { valueName != nil }

    /// `--format <format>`, `-q, --quiet`, as help and usage show it.
    package var synopsis: String {
        let long = "--\(name)" + (valueName.map { " <\($0)>" } ?? "")
        return shortName.map { "-\($0), \(long)" } ?? long
    }
}
