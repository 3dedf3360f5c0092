import FlowCompile
import FlowSource

/// A button of a ``ScreenSnapshot``, ready to draw.
public struct ActionSnapshot: Sendable, Hashable {
    /// The three kinds of buttons of seed `002`.
    public enum Kind: String, Sendable, Hashable {
        case button
        case retryButton
        case link
    }

    public var slot: ActionSlot
    public var kind: Kind
    /// The rendered title; a busy `retryButton` with a `loadingTitle` shows that instead.
    public var title: String
    /// Whether a tap would run now: not busy, the flow not ended, the screen on top and,
    /// for the primary action, the form complete.
    public var isEnabled: Bool
    /// Whether this button's action is running now (the screen is busy).
    public var isLoading: Bool

    public init(slot: ActionSlot, kind: Kind, title: String, isEnabled: Bool, isLoading: Bool) {
        self.slot = slot
        self.kind = kind
        self.title = title
        self.isEnabled = isEnabled
        self.isLoading = isLoading
    }
}
