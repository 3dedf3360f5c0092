import FlowSource
import FlowWorkspace

/// Splits a command's arguments into options and positionals, the conventions of
/// POSIX utility syntax (XBD §12.2) with GNU-style long options:
///
/// - `--name value` and `--name=value` for a value option; `--name` for a flag
///   (`--flag=value` is an error); `-x` for a one-letter alias (no bundling).
/// - `--` ends the options: every later argument is positional, even `--help`.
/// - `-` alone is positional (conventionally standard input).
/// - `-h`/`--help` anywhere before `--` asks for help and stops checking.
/// - An unknown option is a ``UsageError`` with "did you mean" among the command's
///   options (``FeedbackFlow/Suggestion``); so is a missing or empty value (`--x=`,
///   `--x ""`: no option here has a meaning for the empty string), a value outside
///   the allowed set, a single-value option given twice, a flag given a value, and a
///   wrong number of positional arguments.
///
/// O(n · k) for n arguments and k options.
package struct ArgumentParser: Sendable {
    package var options: [OptionSpec]
    package var positional: PositionalSpec

    package init(options: [OptionSpec], positional: PositionalSpec) {
        self.options = options
        self.positional = positional
    }

    package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        // Help anywhere before `--` wins over every other problem on the line.
        for argument in arguments {
            if argument == "--" { break }
            if argument == "--help" || argument == "-h" { return ParsedArguments(wantsHelp: true) }
        }
        var result = ParsedArguments()
        result.accepted = Set(options.map(\.name))
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }

            // Split `--name=value`; find the option by long or short name.
            let spec: OptionSpec
            var inlineValue: String?
            let display: String
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: Substring
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = body
                }
                display = "--" + name
                guard let found = options.first(where: { $0.name == name }) else {
                    throw unknownOption(display)
                }
                spec = found
            } else {
                display = argument
                let letter = argument.dropFirst()
                guard letter.count == 1, let found = options.first(where: { $0.shortName == letter.first }) else {
                    throw unknownOption(display)
                }
                spec = found
            }

            guard spec.takesValue else {
                if inlineValue != nil {
                    throw UsageError("option '\(display)' takes no value")
                }
                result.flags.insert(spec.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("option '\(display)' needs a value", hint: "write '\(display) <\(spec.valueName ?? "value")>'")
            }
            guard !value.isEmpty else {
                throw UsageError("option '\(display)' needs a value, not an empty one", hint: "write '\(display) <\(spec.valueName ?? "value")>'")
            }
            if let allowed = spec.allowedValues, !allowed.contains(value) {
                let listed = allowed.joined(separator: ", ")
                throw UsageError(
                    "invalid value '\(value)' for '\(display)'",
                    hint: Suggestion.hint(for: value, among: allowed).map { "\($0) (one of \(listed))" }
                        ?? "expected one of \(listed)")
            }
            if !spec.isRepeatable, result.values[spec.name] != nil {
                throw UsageError("option '--\(spec.name)' given more than once")
            }
            result.values[spec.name, default: []].append(value)
        }
        try checkPositionals(result.positionals)
        return result
    }

    private func unknownOption(_ display: String) -> UsageError {
        let names = options.map { "--\($0.name)" } + ["--help"]
        return UsageError("unknown option '\(display)'", hint: Suggestion.hint(for: display, among: names))
    }

    private func checkPositionals(_ positionals: [String]) throws(UsageError) {
        switch positional.count {
        case .none:
            if let first = positionals.first { throw UsageError("unexpected argument '\(first)'") }
        case .one:
            if positionals.isEmpty { throw UsageError("missing argument <\(positional.name)>") }
            if positionals.count > 1 { throw UsageError("unexpected argument '\(positionals[1])'") }
        case .oneOrMore:
            if positionals.isEmpty { throw UsageError("missing argument <\(positional.name)>") }
        case .zeroOrMore:
            break
        }
    }
}
