/// The look of a feedback screen: the fixed `.success`, `.informative` and `.error`, and
/// the custom `.feedback(image:)` whose named image replaces the fixed icons.
///
/// In files: `style: success | informative | error | feedback`, with `image: NAME`
/// required for `feedback` and an error for the three fixed styles.
public enum FeedbackStyle: Sendable, Hashable {
    /// `style: success`: the fixed success icon, e.g. a thank-you screen; takes no `image`.
    case success
    /// `style: informative`: the fixed information icon; takes no `image`.
    case informative
    /// `style: error`: the fixed error icon, e.g. "you're offline"; takes no `image`.
    case error
    /// A custom style whose icon is the named image asset.
    case feedback(image: String)

    /// The names of the styles in files, in the order hints and legends list them.
    package static let names = ["success", "informative", "error", "feedback"]

    /// The file-format name: `success`, `informative`, `error`, `feedback`.
    package var name: String {
        switch self {
        case .success: "success"
        case .informative: "informative"
        case .error: "error"
        case .feedback: "feedback"
        }
    }

    /// The image of a `.feedback` style, `nil` for the fixed styles.
    public var image: String? {
        if case .feedback(let image) = self { return image }
        return nil
    }
}
