/// What kind of input a form field takes, with the kind's own options: its block name
/// in files is ``name``. The navigator enforces the constraints (range, length) and reads
/// the initial value from here.
public enum FieldKind: Sendable, Hashable {
    /// `rating`: whole numbers in `min...max` (default 1...5), starting at `value`
    /// (default `min`). In a file `validate` requires `min < max` and
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

    /// Whether the field holds text (`textField`, `textEditor`), the kinds that may be
    /// `required` and have a `placeholder`.
    package var holdsText: Bool {
        switch self {
        case .textField, .textEditor: true
        case .rating, .toggle: false
        }
    }
}
