import FlowSource

/// A `button` or `link`: a title, the action it runs, and what runs when a step fails.
public struct ActionButton: Sendable {
    public var title: TemplateString
    public var action: FlowAction
    /// Runs when a step of `action` fails; `nil` shows the error on the screen and keeps
    /// the screen (so it can be tapped again).
    public var onFailure: FlowAction?
    public var span: SourceSpan?

    public init(title: TemplateString, action: FlowAction, onFailure: FlowAction? = nil, span: SourceSpan? = nil) {
        self.title = title
        self.action = action
        self.onFailure = onFailure
        self.span = span
    }
}

/// A `retryButton`: like ``ActionButton`` with a `loadingTitle` shown while the action runs.
public struct RetryButton: Sendable {
    public var title: TemplateString
    public var loadingTitle: TemplateString?
    public var action: FlowAction
    public var onFailure: FlowAction?
    public var span: SourceSpan?

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
