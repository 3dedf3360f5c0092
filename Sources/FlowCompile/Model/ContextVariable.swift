/// The variables a `${name}` template may name besides the flow's field ids.
///
/// The set is deliberately small and fixed; validation rejects any other name that is
/// not a field id (`unknown-reference`), and the runtime provides exactly these values
/// when it renders a template.
package enum ContextVariable: String, Sendable, Hashable, CaseIterable {
    /// The id of the running flow (`id:` of the file, or its base name).
    case flowID = "flow.id"
    /// The id of the screen the template is shown on or whose action runs.
    case screenID = "screen.id"

    /// Every name, e.g. for "did you mean" suggestions.
    package static let names: [String] = allCases.map(\.rawValue)

    /// `flow.`, `screen.`: the part of each variable's name up to its first `.`; names
    /// starting with one are kept for built-in variables.
    package static let reservedPrefixes: [String] = names.compactMap { name in
        name.firstIndex(of: ".").map { String(name[...$0]) }
    }

    /// Whether `name` is a variable's name or starts with a reserved prefix (`flow.`,
    /// `screen.`): a field id or host context key so named would be shadowed by, or be
    /// confused with, the built-in variables, which the navigator looks up first.
    package static func isReserved(_ name: String) -> Bool {
        names.contains(name) || reservedPrefixes.contains { name.hasPrefix($0) }
    }
}
