import FlowSource

/// One feedback screen: style, multi-line title and subtitle, a primary and
/// a secondary action, and extra content below the subtitle.
///
/// The same value comes from a file (`screens.ID` of a flow, or a whole single-screen
/// file) or from Swift code:
/// ```swift
/// FeedbackConfiguration(style: .success, title: "Title", subtitle: "Subtitle",
///                       primaryAction: .button(title: "Done", completion: { … }))
/// ```
public struct FeedbackConfiguration: Sendable, Hashable {
    /// The screen id within its flow (the `screens` key, or the file's base name).
    public var id: String
    /// The look of the screen: one of the three fixed styles, or `.feedback(image:)`.
    public var style: FeedbackStyle
    /// The heading, a template rendered when the screen is drawn; may span lines. In a file it
    /// is required, and an empty or blank title is `empty-title`.
    public var title: TemplateString
    /// The text under the title, a template; may span lines; `nil` for none.
    public var subtitle: TemplateString?
    /// The main button (`.none`, `.button` or `.retryButton`), enabled only when the screen's
    /// form is complete; required in a file.
    public var primaryAction: FeedbackPrimaryAction
    /// Default `.none`.
    public var secondaryAction: FeedbackSecondaryAction
    /// Default empty.
    public var extraContent: [ContentBlock]
    /// Where the screen is defined (its key in `screens`, or the document root).
    @IgnoredInEquality package var span: SourceSpan?

    /// A screen built in Swift. `id` defaults to `feedback`: configurations built in code
    /// share it, and a navigator shows one whose id is already in its screen table under a
    /// fresh id (`feedback-2`, `feedback-3`, …). `title` and `subtitle` (default `nil`) are
    /// read as templates (`${name}` is replaced, `$$` is a literal `$`); `secondaryAction`
    /// defaults to `.none` and `extraContent` to no blocks; `span` is `nil`.
    public init(
        id: String = "feedback",
        style: FeedbackStyle,
        title: String,
        subtitle: String? = nil,
        primaryAction: FeedbackPrimaryAction,
        secondaryAction: FeedbackSecondaryAction = .none,
        extraContent: [ContentBlock] = []
    ) {
        self.init(
            id: id, style: style, title: TemplateString(title), subtitle: subtitle.map { TemplateString($0) },
            primaryAction: primaryAction, secondaryAction: secondaryAction, extraContent: extraContent, span: nil)
    }

    /// The memberwise form used by the decoder (templates keep their source spans).
    package init(
        id: String, style: FeedbackStyle, title: TemplateString, subtitle: TemplateString?,
        primaryAction: FeedbackPrimaryAction, secondaryAction: FeedbackSecondaryAction,
        extraContent: [ContentBlock], span: SourceSpan?
    ) {
        self.id = id
        self.style = style
        self.title = title
        self.subtitle = subtitle
        self.primaryAction = primaryAction
        self.secondaryAction = secondaryAction
        self.extraContent = extraContent
        self.span = span
    }
}

extension FeedbackConfiguration {
    /// Every action this screen can run, in this order: the primary action, its
    /// `onFailure`, the secondary action, its `onFailure`. O(1).
    public var actions: [FlowAction] {
        var actions: [FlowAction] = []
        actions.reserveCapacity(4)
        forEachAction { actions.append($0) }
        return actions
    }

    /// Calls `body` with each of ``actions``, in order, reading the buttons in place (no
    /// array is made). O(1).
    package func forEachAction(_ body: (FlowAction) -> Void) {
        switch primaryAction {
        case .none: break
        case .button(let button), .retryButton(let button):
            body(button.action)
            if let onFailure = button.onFailure { body(onFailure) }
        }
        switch secondaryAction {
        case .none: break
        case .button(let button), .link(let button):
            body(button.action)
            if let onFailure = button.onFailure { body(onFailure) }
        }
    }

    /// The field blocks of `extraContent` (rating, textField, textEditor, toggle), in order.
    public var fields: [ContentBlock] {
        extraContent.filter { $0.fieldID != nil }
    }
}
