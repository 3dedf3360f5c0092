
/// A command's option, declared once as the property that holds its value, as
/// swift-argument-parser's `@Option` and `@Flag` are: the ``CommandOption`` gives its
/// name, type and help; the command's help, its parser and the value all come from it.
///
/// ```swift
/// @Option(.flag("strict", help: "Warnings fail too.")) var strict: Bool
/// @Option(.choice("color", of: ColorChoice.self, valueName: "when", help: "…")) var color: ColorChoice?
/// ```
///
/// The value is read when the command (or the group of options holding the property)
/// is made inside ``ArgumentReading/read(_:_:)``; made anywhere else, the option holds
/// its value when not given. `$name` is the declaration, e.g. `$strict.flagName`.
@propertyWrapper
package struct Option<Value: Sendable>: Sendable {
    /// The value given on the command line, or the value when not given.
    package var wrappedValue: Value
    /// The option's declaration.
    package let projectedValue: CommandOption<Value>

    /// The option `declaration`, read from the command line being read.
    package init(_ declaration: CommandOption<Value>) {
        projectedValue = declaration
        wrappedValue = ArgumentReading.value(of: declaration)
    }
}

/// A command's positional arguments, in order (everything after `--` included); how many
/// it takes is its ``CommandConfiguration/positional``.
@propertyWrapper
package struct Positionals: Sendable {
    /// The arguments given.
    package var wrappedValue: [String]

    /// The positional arguments of the command line being read; none elsewhere.
    package init() {
        wrappedValue = ArgumentReading.positionals
    }
}
