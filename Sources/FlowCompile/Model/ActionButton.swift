import FlowSource

/// A button of a screen: its title, the action it runs, and what runs when a step fails.
/// One type for all three kinds; the kind (`button`, `retryButton` or `link`) is the case
/// of ``FeedbackPrimaryAction`` or ``FeedbackSecondaryAction`` that holds it, written
/// nowhere else, so `.link(ActionButton(title:action:))` built in Swift equals the same
/// link read from a file. Only a `retryButton` shows ``loadingTitle``.
///
/// Equality ignores where the button is written (`span`).
public struct ActionButton: Sendable, Hashable {
    /// How the button is shown: the key it is written under in a file.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `button`: a button (primary or secondary).
        case button
        /// `retryButton`: a primary button that shows its ``ActionButton/loadingTitle``
        /// while its action runs.
        case retryButton
        /// `link`: a secondary action shown as a link.
        case link
    }

    /// The text on the button, a template rendered when the screen is drawn; in a file an
    /// empty or blank title is `empty-title`.
    public var title: TemplateString {
        get { box.value.title }
        set { update { $0.title = newValue } }
    }
    /// The text shown instead of ``title`` while the action runs, for a `retryButton`;
    /// `nil` keeps ``title``.
    public var loadingTitle: TemplateString? {
        get { box.value.loadingTitle }
        set { update { $0.loadingTitle = newValue } }
    }
    /// The steps a tap runs, in order.
    public var action: FlowAction {
        get { box.value.action }
        set { update { $0.action = newValue } }
    }
    /// Runs when a step of `action` fails; `nil` shows the error on the screen and keeps
    /// the screen (so it can be tapped again).
    public var onFailure: FlowAction? {
        get { box.value.onFailure }
        set { update { $0.onFailure = newValue } }
    }
    /// A condition that must be true for the button to be tapped (`enabledWhen`); `nil`
    /// is always true. A primary button also waits for the screen's required fields.
    public var enabledWhen: FlowExpression? {
        get { box.value.enabledWhen }
        set { update { $0.enabledWhen = newValue } }
    }
    /// Where the button is written: the mapping after `button:`, `retryButton:` or
    /// `link:`; `nil` for buttons built in code.
    package var span: SourceSpan? {
        get { box.value.span }
        set { update { $0.span = newValue } }
    }

    /// Everything but the kind.
    private struct Parts: Sendable, Hashable {
        var title: TemplateString
        var loadingTitle: TemplateString?
        var action: FlowAction
        var onFailure: FlowAction?
        var enabledWhen: FlowExpression?
        @IgnoredInEquality var span: SourceSpan?
    }

    private var box: Shared<Parts>

    private mutating func update(_ change: (inout Parts) -> Void) {
        var parts = box.value
        change(&parts)
        box = Shared(parts)
    }

    /// A button showing `title` that runs `action`;
    /// `loadingTitle` (default `nil`) is shown while it runs, `onFailure` (default `nil`)
    /// runs when a step of `action` fails; `span` is where it is written (default `nil`).
    public init(
        title: TemplateString, loadingTitle: TemplateString? = nil, action: FlowAction,
        onFailure: FlowAction? = nil, enabledWhen: FlowExpression? = nil, span: SourceSpan? = nil
    ) {
        box = Shared(Parts(
            title: title, loadingTitle: loadingTitle, action: action, onFailure: onFailure, enabledWhen: enabledWhen,
            span: span))
    }

    /// A button built in Swift whose action is one step running `completion` (a throw
    /// fails it); `title` is read as a template.
    package static func running(
        _ completion: @escaping @Sendable () async throws -> Void, title: String, loadingTitle: String? = nil
    ) -> ActionButton {
        running(StepClosure(completion), title: title, loadingTitle: loadingTitle)
    }

    /// A button built in Swift whose action is the one closure step `step`; `title` is
    /// read as a template.
    package static func running(_ step: StepClosure, title: String, loadingTitle: String? = nil) -> ActionButton {
        ActionButton(
            title: TemplateString(title), loadingTitle: loadingTitle.map { TemplateString($0) }, action: FlowAction(.perform(step)))
    }
}
