/// The type of a value a flow declares or an expression has: `integer`, `decimal`,
/// `string` or `boolean`, optionally with a trailing `?` that allows `null`.
///
/// Written in a flow's `context`, `events` and `variables` declarations (`integer`,
/// `string?`). A form field has the type of its block: `rating` → `integer`, `textField`
/// and `textEditor` → `string`, `toggle` → `boolean`.
public struct ValueType: Sendable, Hashable, CustomStringConvertible {
    /// The kind of value, without optionality.
    public enum Base: String, Sendable, Hashable, CaseIterable {
        /// A whole number that fits a 64-bit signed integer.
        case integer
        /// An exact decimal number (base 10, up to 38 significant digits).
        case decimal
        /// A text.
        case string
        /// `true` or `false`.
        case boolean
    }

    /// The kind of value.
    public var base: Base
    /// Whether `null` is also a value of the type (written with a trailing `?`).
    public var isOptional: Bool

    /// The type `base`, optional when `isOptional` (default not).
    public init(_ base: Base, isOptional: Bool = false) {
        self.base = base
        self.isOptional = isOptional
    }

    /// The type written as `text`: a base name (`integer`, `decimal`, `string`, `boolean`)
    /// with an optional trailing `?`; `nil` for anything else (case-sensitive, no spaces).
    public init?(parsing text: String) {
        let optional = text.hasSuffix("?")
        guard let base = Base(rawValue: optional ? String(text.dropLast()) : text) else { return nil }
        self.init(base, isOptional: optional)
    }

    /// `integer`, `string?`: the type as a declaration writes it.
    public var description: String { base.rawValue + (isOptional ? "?" : "") }

    /// Whether values of the type are numbers (`integer` or `decimal`).
    package var isNumeric: Bool { base == .integer || base == .decimal }

    /// The same type without `?`.
    package var nonOptional: ValueType { ValueType(base) }

    /// The type other languages' names stand for, for "did you mean": `int` → `integer`,
    /// `bool` → `boolean`, `str`/`text` → `string`, `float`/`double`/`number` → `decimal`.
    package static let otherNames: [String: Base] = [
        "int": .integer, "long": .integer, "bool": .boolean, "str": .string, "text": .string, "float": .decimal,
        "double": .decimal, "number": .decimal,
    ]

    /// Every type name a declaration may write, for hints: `integer`, `decimal`, `string`,
    /// `boolean`, each also with `?`.
    package static let spellings: [String] = Base.allCases.map(\.rawValue)
}
