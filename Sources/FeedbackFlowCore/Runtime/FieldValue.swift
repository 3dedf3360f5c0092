import FlowCompile

/// The current value of a form field. Values live for the whole flow, keyed by field id.
///
/// Initial values: a `rating` starts at `value ?? min` — a required rating without a
/// `value` ``unrated`` —, a `toggle` at its `value`, a `textField` / `textEditor` at the
/// empty string.
public enum FieldValue: Sendable, Hashable, CustomStringConvertible {
    /// A `textField` or `textEditor`.
    case text(String)
    /// A `rating`.
    case rating(Int)
    /// A `toggle`.
    case toggle(Bool)
    /// A required `rating` not rated yet. Only the flow gives it (a rating cannot be set
    /// back to it); templates render it as the empty string and expressions read `null`.
    case unrated

    /// The text a `${id}` template renders: the text itself, the rating in decimal,
    /// `true` / `false` for a toggle.
    public var description: String {
        switch self {
        case .text(let text): text
        case .rating(let value): String(value)
        case .toggle(let on): on ? "true" : "false"
        case .unrated: ""
        }
    }

    /// The stars of a rating; `nil` for one not rated yet and for any other kind.
    public var ratingValue: Int? {
        if case .rating(let stars) = self { stars } else { nil }
    }

    /// The text of a text field or editor; `nil` for any other kind.
    public var textValue: String? {
        if case .text(let text) = self { text } else { nil }
    }

    /// Whether a toggle is on; `nil` for any other kind.
    public var isOn: Bool? {
        if case .toggle(let on) = self { on } else { nil }
    }

    /// The value as expressions read it: a text as a string, a rating as an integer, a
    /// toggle as a boolean.
    package var expressionValue: ExpressionValue {
        switch self {
        case .text(let text): .string(text)
        case .rating(let value): .integer(value)
        case .toggle(let on): .boolean(on)
        case .unrated: .null
        }
    }

    /// The value as a ``FlowValue`` (text → string, rating → number, toggle → bool).
    package var flowValue: FlowValue {
        switch self {
        case .text(let text): .string(text)
        case .rating(let value): .number(String(value))
        case .toggle(let on): .bool(on)
        case .unrated: .null
        }
    }
}
