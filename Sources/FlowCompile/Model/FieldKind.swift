/// What kind of input a form field takes, with the kind's own options: its block name
/// in files is ``name``. The navigator enforces the constraints (range, length) and reads
/// the initial value from here.
///
/// This file says what each kind is, once: its name and keys (the table of blocks, which the
/// decoder and the schema test read), whether it holds text, its type in expressions and
/// what a value of it is in messages. A new kind is a case here, its options in the
/// decoder, its values in the navigator and line mode, and its schema entry
/// (`docs/architecture.md` lists the files).
public enum FieldKind: Sendable, Hashable {
    /// `rating`: whole numbers in `min...max` (default 1...5), starting at `value` (default
    /// `min`, or unrated for a required rating: ``FormField/startsUnrated``). In a file `validate` requires `min < max` and
    /// `min <= value <= max` (`invalid-value`).
    case rating(min: Int, max: Int, value: Int?)
    /// `textField`: one line of text in `format` (default `text`); `maxLength` counts
    /// Unicode scalars (`nil`: no limit; in a file it must be at least 1).
    case textField(format: TextFormat, maxLength: Int?)
    /// `textEditor`: several lines of text; `maxLength` counts Unicode scalars.
    case textEditor(maxLength: Int?)
    /// `toggle`: on or off, starting at `value` (default off).
    case toggle(value: Bool)

    /// The block name as written in files: `rating`, `textField`, `textEditor`, `toggle`.
    public var name: String {
        switch self {
        case .rating: "rating"
        case .textField: "textField"
        case .textEditor: "textEditor"
        case .toggle: "toggle"
        }
    }

    /// The field blocks of the format, one row each: the name written in files and the
    /// keys its mapping takes, in the order hints list them (`$defs.NAME` of the schema).
    package static let blocks: [(name: String, keys: [String])] = [
        ("rating", ["id", "label", "min", "max", "value", "required"]),
        ("textField", ["id", "label", "placeholder", "required", "format", "maxLength"]),
        ("textEditor", ["id", "label", "placeholder", "required", "maxLength"]),
        ("toggle", ["id", "label", "value"]),
    ]

    /// The keys of the field block named `block`; `nil` when no field block has that name.
    package static func keys(ofBlock block: String) -> [String]? {
        blocks.first { $0.name == block }?.keys
    }

    /// Whether the field holds text (`textField`, `textEditor`), the kinds that may have
    /// `requiredWhen` and a `placeholder`.
    package var holdsText: Bool {
        switch self {
        case .textField, .textEditor: true
        case .rating, .toggle: false
        }
    }

    /// The longest text the field takes, in Unicode scalars; `nil` for no limit and for
    /// fields that hold no text.
    package var maxLength: Int? {
        switch self {
        case .textField(_, let maxLength), .textEditor(let maxLength): maxLength
        case .rating, .toggle: nil
        }
    }

    /// The field's value in expressions and `${…}`: an integer, a string or a boolean.
    package var valueType: ValueType {
        switch self {
        case .rating: ValueType(.integer)
        case .textField, .textEditor: ValueType(.string)
        case .toggle: ValueType(.boolean)
        }
    }

    /// What the field is and the values it takes, for messages: `("a rating", "a whole
    /// number from 1 to 5")`.
    package var described: (what: String, takes: String) {
        switch self {
        case .rating(let min, let max, _): ("a rating", "a whole number from \(min) to \(max)")
        case .textField, .textEditor: ("a text field", "a text")
        case .toggle: ("a toggle", "on or off")
        }
    }
}
