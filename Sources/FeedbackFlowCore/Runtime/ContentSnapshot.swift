import FlowCompile

/// One `extraContent` block of a ``ScreenSnapshot``, rendered: templates filled in,
/// fields with their current values.
public enum ContentSnapshot: Sendable, Hashable {
    /// A `text` block, rendered.
    case text(String)
    /// An `image` block: the image name.
    case image(String)
    /// A `rating`, `textField`, `textEditor` or `toggle`.
    case field(FieldSnapshot)
    /// A `custom` block, passed through for a host renderer.
    case custom(CustomContent)
}
