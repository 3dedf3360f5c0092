/// The id of a form field (``FormField/id``), as a type of its own so that a field id is
/// never confused with a screen id, a step name or a field's text.
///
/// A string literal is a field id (`navigator.rating("rating")`); the build-time plugin
/// generates one constant per field of a flow, so a misspelt id does not compile. Field
/// values live for the whole flow, keyed by this id.
public struct FieldID: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The id as written in the flow (`rating`, `contact.email`).
    public var rawValue: String

    /// The field id `rawValue`, as written in the flow.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The field id `rawValue`, as written in the flow.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The field id written as a string literal: `"rating"`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The id as written.
    public var description: String { rawValue }

    /// Orders ids by their text, so lists of fields sort as their ids do.
    public static func < (lhs: FieldID, rhs: FieldID) -> Bool { lhs.rawValue < rhs.rawValue }
}
