import FlowSource

/// A `button` or `link`: a title, the action it runs, and what runs when a step fails.
public struct ActionButton: Sendable {
    /// The text on the button, a template rendered when the screen is drawn; in a file an
    /// empty or blank title is `empty-title`.
    public var title: TemplateString
    /// The steps a tap runs, in order.
    public var action: FlowAction
    /// Runs when a step of `action` fails; `nil` shows the error on the screen and keeps
    /// the screen (so it can be tapped again).
    public var onFailure: FlowAction?
    /// Where the button is written: the mapping after `button:` or `link:`; `nil` for buttons
    /// built in code.
    public var span: SourceSpan?

    /// A button showing `title` that runs `action`; `onFailure` (default `nil`) runs when a
    /// step of `action` fails; `span` is where it is written (default `nil`).
    public init(title: TemplateString, action: FlowAction, onFailure: FlowAction? = nil, span: SourceSpan? = nil) {
        self.title = title
        self.action = action
        self.onFailure = onFailure
        self.span = span
    }
}

/// A `retryButton`: like ``ActionButton`` with a `loadingTitle` shown while the action runs.
public struct RetryButton: Sendable {
    /// The text on the button while its action is not running, a template rendered when the
    /// screen is drawn; in a file an empty or blank title is `empty-title`.
    public var title: TemplateString
    /// The text shown while the action runs (the button ignores taps meanwhile), a template;
    /// `nil` keeps showing ``title``.
    public var loadingTitle: TemplateString?
    /// The steps a tap runs, in order; a retry after a failure runs them again from the first
    /// (steps that succeeded are not undone).
    public var action: FlowAction
    /// Runs when a step of ``action`` fails; `nil` shows the error on the screen and keeps the
    /// screen, so the button can be tapped again.
    public var onFailure: FlowAction?
    /// Where the button is written: the mapping after `retryButton:`; `nil` for buttons built
    /// in code.
    public var span: SourceSpan?

    /// A retry button showing `title`, and `loadingTitle` (default `nil`: `title` again) while
    /// `action` runs; `onFailure` (default `nil`) runs when a step of `action` fails; `span`
    /// is where it is written (default `nil`).
    public init(
        title: TemplateString, loadingTitle: TemplateString? = nil, action: FlowAction,
        onFailure: FlowAction? = nil, span: SourceSpan? = nil
    ) {
        self.title = title
        self.loadingTitle = loadingTitle
        self.action = action
        self.onFailure = onFailure
        self.span = span
    }
}
