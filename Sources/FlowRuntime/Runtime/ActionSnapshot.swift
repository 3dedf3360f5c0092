import FlowCompile
import FlowSource

/// A button of a ``ScreenSnapshot``, ready to draw.
public struct ActionSnapshot: Sendable, Hashable {
    /// The three kinds of buttons a screen can have: `button` and `retryButton` (primary),
    /// `button` and `link` (secondary).
    public enum Kind: String, Sendable, Hashable {
        /// A `button`, primary or secondary.
        case button
        /// A primary `retryButton`: its ``ActionSnapshot/title`` is its `loadingTitle` while its
        /// action runs.
        case retryButton
        /// A secondary `link`: a button drawn as a link.
        case link
    }

    /// Which action of the screen this is; pass it to ``FlowNavigator/tap(_:on:)``.
    public var slot: ActionSlot
    /// How the action is drawn: button, retry button or link.
    public var kind: Kind
    /// The rendered title; a busy `retryButton` with a `loadingTitle` shows that instead.
    public var title: String
    /// Whether a tap would run now: not busy, the flow not ended, the screen on top and,
    /// for the primary action, the form complete.
    public var isEnabled: Bool
    /// Whether this button's action is running now (the screen is busy).
    public var isLoading: Bool

    /// A snapshot from its parts, as the navigator builds it for ``ScreenSnapshot``.
    public init(slot: ActionSlot, kind: Kind, title: String, isEnabled: Bool, isLoading: Bool) {
        self.slot = slot
        self.kind = kind
        self.title = title
        self.isEnabled = isEnabled
        self.isLoading = isLoading
    }
}
