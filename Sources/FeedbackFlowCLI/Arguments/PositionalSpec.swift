/// The positional arguments a command accepts: a name for help and how many.
package struct PositionalSpec: Sendable, Hashable {
    package enum Count: Sendable, Hashable {
        /// Exactly one (`run FILE`).
        case one
        /// One or more (`validate PATH…`).
        case oneOrMore
        /// Any number, none included (`explain [CODE…]`).
        case zeroOrMore
        /// None at all (`schema`).
        case none
    }

    /// The placeholder in help, e.g. `path`.
    package var name: String
    package var count: Count
    /// What the argument is, one sentence for help.
    package var help: String

    package init(name: String, count: Count, help: String) {
        self.name = name
        self.count = count
        self.help = help
    }

    /// No positional argument.
    package static let none = PositionalSpec(name: "", count: .none, help: "")

    /// `<path> ...`, `<file>`, or empty, as the usage line shows it.
    package var synopsis: String {
        switch count {
        case .one: "<\(name)>"
        case .oneOrMore: "<\(name)> ..."
        case .zeroOrMore: "[<\(name)> ...]"
        case .none: ""
        }
    }
}
