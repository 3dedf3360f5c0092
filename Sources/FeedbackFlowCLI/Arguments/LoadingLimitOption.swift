import FlowSource
import FlowWorkspace

/// `--limit NAME=N` (repeatable): sets one of the loaders' bounds, by the names of
/// ``FlowSource/LoadingLimits/settings``; the commands that load a file (`validate`,
/// `parse`, `run`, `graph`) share this one declaration.
enum LoadingLimitOption {
    /// The option's name, as messages write it.
    static let name = "limit"

    /// The option's one declaration: its value is the limits it sets.
    static let option = CommandOption.texts(
        name, valueName: "name=n",
        help: "Change a loading limit: "
            + LoadingLimits.settings.map { "\($0.name) (\($0.meaning), \(LoadingLimits()[keyPath: $0.keyPath]))" }
            .joined(separator: ", ")
            + "; repeatable. YAML nesting costs time that grows with the square of the depth: raise 'depth' only as far as needed.",
        notGiven: LoadingLimits(), reading: limits(from:))

    /// The limits `values` (each `NAME=N`, N a whole number of at least 1) make of the defaults.
    /// - Throws: ``UsageError`` for a value without `=`, an unknown name (with "did you
    ///   mean"), a number that is not a whole number of at least 1, or a name given twice.
    static func limits(from values: [String]) throws(UsageError) -> LoadingLimits {
        var limits = LoadingLimits()
        var seen: Set<String> = []
        for value in values {
            guard let equals = value.firstIndex(of: "=") else {
                throw UsageError("invalid --\(name) '\(value)'", hint: "write --\(name) NAME=N, e.g. --\(name) depth=64")
            }
            let name = String(value[..<equals])
            let number = value[value.index(after: equals)...]
            let names = LoadingLimits.settings.map(\.name)
            guard let setting = LoadingLimits.settings.first(where: { $0.name == name }) else {
                throw UsageError(
                    "unknown limit '\(name)'",
                    hint: Suggestion.hint(for: name, among: names) ?? "limits: \(names.joined(separator: ", "))")
            }
            guard let n = WholeNumber.parse(String(number)), n >= 1 else {
                throw UsageError("invalid value '\(number)' for the limit '\(name)'", hint: "expected a whole number of at least 1")
            }
            guard seen.insert(name).inserted else { throw UsageError("the limit '\(name)' is given twice") }
            limits[keyPath: setting.keyPath] = n
        }
        return limits
    }
}
