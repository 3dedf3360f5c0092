import FlowCompile
import FlowSource
import FlowWorkspace

/// One option of a command, declared once with the type of its value: its ``spec`` is
/// what the parser and the help know, ``read(_:)`` gives its value, typed, from the parsed
/// command line, and ``notGiven`` is its value when it is not given. A command holds it in
/// the property of its value (``Option``), so a misspelt option is a compile error, never
/// a silent `nil`.
///
/// ```swift
/// @Option(.flag("strict", help: "Warnings fail too.")) var strict: Bool
/// @Option(.choice("color", of: ColorChoice.self, valueName: "when", help: "…")) var color: ColorChoice?
/// ```
package struct CommandOption<Value: Sendable>: Sendable {
    /// The option as the parser and the help know it.
    package let spec: OptionSpec
    /// The value when the option is not given.
    package let notGiven: Value
    private let reader: @Sendable (ParsedArguments) throws(UsageError) -> Value

    private init(_ spec: OptionSpec, notGiven: Value, reader: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Value) {
        self.spec = spec
        self.notGiven = notGiven
        self.reader = reader
    }

    /// The option's value on the command line `arguments` (parsed with ``spec``).
    /// - Throws: ``UsageError`` when the value does not read as the option's type.
    package func read(_ arguments: ParsedArguments) throws(UsageError) -> Value {
        // An option read but not in the command's configuration would always read as not
        // given: the declaration is missing from `configuration.options`.
        assert(arguments.accepted?.contains(spec.name) ?? true, "\(flagName) is read but not declared by the command")
        return try reader(arguments)
    }

    /// `--name`, as messages and hints write the option.
    package var flagName: String { "--" + spec.name }
}

extension CommandOption {
    /// The same option read on: its value made of this one's by `transform` (which may
    /// refuse it with a ``UsageError``), `notGiven` when it is not given. One option,
    /// read as two commands need it (`--context` with or without values).
    package func map<Other>(
        notGiven: Other, _ transform: @escaping @Sendable (Value) throws(UsageError) -> Other
    ) -> CommandOption<Other> {
        let reader = self.reader
        return CommandOption<Other>(spec, notGiven: notGiven) { arguments throws(UsageError) in try transform(reader(arguments)) }
    }
}

extension CommandOption where Value == Bool {
    /// A flag, e.g. `--quiet` (`-q` with `short`): `true` when given.
    package static func flag(_ name: String, short: Character? = nil, help: String) -> CommandOption<Bool> {
        CommandOption(.flag(name, short: short, help: help), notGiven: false) { arguments in arguments.flag(name) }
    }
}

extension CommandOption where Value == String? {
    /// An option with one text value, e.g. `--config <file>`; `nil` when not given (the
    /// parser refuses it given twice); `-x <value>` too with `short`.
    package static func text(_ name: String, short: Character? = nil, valueName: String, help: String) -> CommandOption<String?> {
        CommandOption(.value(name, short: short, valueName: valueName, help: help), notGiven: nil) { arguments in arguments.value(name) }
    }
}

extension CommandOption where Value == [String] {
    /// A repeatable option with a text value, e.g. `--context <name=value>`: every value,
    /// in the order given.
    package static func texts(_ name: String, valueName: String, help: String) -> CommandOption<[String]> {
        CommandOption(.value(name, valueName: valueName, repeatable: true, help: help), notGiven: []) { arguments in arguments.allValues(name) }
    }
}

extension CommandOption {
    /// A repeatable option whose values are read together by `read`, e.g.
    /// `--limit <name=n>` into the loading limits.
    package static func texts(
        _ name: String, valueName: String, help: String, notGiven: Value,
        reading read: @escaping @Sendable ([String]) throws(UsageError) -> Value
    ) -> CommandOption<Value> {
        CommandOption(.value(name, valueName: valueName, repeatable: true, help: help), notGiven: notGiven) { arguments throws(UsageError) in
            try read(arguments.allValues(name))
        }
    }

    /// An option whose value is one of `Choice`'s cases by raw value, e.g.
    /// `--color <when>`; the parser refuses any other value and the help lists them.
    /// `nil` when not given.
    package static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, of _: Choice.Type, valueName: String, help: String
    ) -> CommandOption<Choice?> where Choice.RawValue == String, Value == Choice? {
        CommandOption(.value(name, valueName: valueName, allowed: Choice.allCases.map(\.rawValue), help: help), notGiven: nil) { arguments in
            arguments.value(name).flatMap(Choice.init(rawValue:))
        }
    }

    /// An option with one value read by `parse`, e.g. `--shard <i/n>`; `nil` when not given.
    /// `parse` throws the ``UsageError`` that says what is wrong with a value.
    package static func value<Parsed: Sendable>(
        _ name: String, valueName: String, help: String,
        parse: @escaping @Sendable (String) throws(UsageError) -> Parsed
    ) -> CommandOption<Parsed?> where Value == Parsed? {
        CommandOption(.value(name, valueName: valueName, help: help), notGiven: nil) { arguments throws(UsageError) in
            guard let text = arguments.value(name) else { return nil }
            return try parse(text)
        }
    }

    /// An option with a whole number from 0 up, e.g. `--max-diagnostics <n>`; `nil` when
    /// not given. Anything but ASCII digits is a usage error saying what is `expected`.
    package static func count(_ name: String, valueName: String, expected: String, help: String) -> CommandOption<Int?>
    where Value == Int? {
        value(name, valueName: valueName, help: help) { text throws(UsageError) in
            guard let number = WholeNumber.parse(text) else {
                throw UsageError("invalid value '\(text)' for '--\(name)'", hint: "expected \(expected)")
            }
            return number
        }
    }
}

extension CommandOption where Value == Int? {
    /// An option with a duration in whole seconds (``DurationText``: `30`, `30s`, `5m`,
    /// `2h`, `1d`), e.g. `--wait <duration>`; `nil` when not given.
    package static func duration(_ name: String, help: String) -> CommandOption<Int?> {
        value(name, valueName: "duration", help: help) { text throws(UsageError) in
            guard let seconds = DurationText.seconds(text) else {
                throw UsageError("invalid --\(name) '\(text)'", hint: DurationText.hint)
            }
            return seconds
        }
    }
}

/// The three ways an option's text is read, for ``CommandOption`` alone: a command reads
/// an option through its typed declaration, never by its name.
extension ParsedArguments {
    /// The value of option `name`, or `nil` when it was not given (the parser refuses a
    /// second one unless the option is repeatable; then the last).
    fileprivate func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeatable option, in order.
    fileprivate func allValues(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// Whether flag `name` was given.
    fileprivate func flag(_ name: String) -> Bool {
        flags.contains(name)
    }
}
