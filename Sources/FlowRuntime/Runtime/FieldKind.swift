import FlowCompile
import FlowSource

/// What kind of input a form field takes, with the constraints the navigator enforces.
public enum FieldKind: Sendable, Hashable {
    /// Whole numbers in `min...max`.
    case rating(min: Int, max: Int)
    /// One line of text; `maxLength` counts Unicode scalars.
    case textField(format: TextFormat, maxLength: Int?)
    /// Several lines of text; `maxLength` counts Unicode scalars.
    case textEditor(maxLength: Int?)
    /// On or off.
    case toggle

    /// The block name as written in files: `rating`, `textField`, `textEditor`, `toggle`.
    public var name: String {
        switch self {
        case .rating: "rating"
        case .textField: "textField"
        case .textEditor: "textEditor"
        case .toggle: "toggle"
        }
    }
}
