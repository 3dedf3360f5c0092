import FlowCompile

/// A button of a ``ScreenSnapshot``, ready to draw.
public struct ActionSnapshot: Sendable, Hashable {
    /// Which action of the screen this is; pass it to ``FlowNavigator/tap(_:on:)``.
    public var slot: ActionSlot
    /// How the action is drawn: button, retry button or link.
    public var kind: ActionButton.Kind
    /// The rendered title; a busy `retryButton` with a `loadingTitle` shows that instead.
    public var title: String
    /// Whether a tap would run now: not busy, the flow not ended, the screen on top and,
    /// for the primary action, the form complete.
    public var isEnabled: Bool
    /// Whether this button's action is running now (the screen is busy).
    public var isLoading: Bool

    /// A snapshot from its parts, as the navigator builds it for ``ScreenSnapshot`` (and a
    /// presenter's test or preview may): enabled and not loading unless said.
    public init(
        slot: ActionSlot, kind: ActionButton.Kind = .button, title: String, isEnabled: Bool = true, isLoading: Bool = false
    ) {
        self.slot = slot
        self.kind = kind
        self.title = title
        self.isEnabled = isEnabled
        self.isLoading = isLoading
    }
}
