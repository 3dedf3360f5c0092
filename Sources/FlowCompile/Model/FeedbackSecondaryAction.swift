/// The secondary action of a screen: a button, a link, or none. It does
/// not wait for the form: a "Contact us" link works with an empty email.
public enum FeedbackSecondaryAction: Sendable, Hashable {
    /// No secondary action (`secondaryAction: none`, the default).
    case none
    /// A second `button`, tappable whatever the state of the form.
    case button(ActionButton)
    /// A `link`: the same as ``button(_:)`` but drawn as a link (line mode marks it
    /// `(link)`), e.g. "Contact us".
    case link(ActionButton)

    /// A button built in Swift, `FeedbackSecondaryAction.button(title:completion:)`: its
    /// action is one step that runs `completion` (a throw fails it).
    public static func button(
        title: String, completion: @escaping @Sendable () async throws -> Void
    ) -> FeedbackSecondaryAction {
        .button(.running(completion, title: title))
    }

    /// A link built in Swift, `FeedbackSecondaryAction.link(title:completion:)`: its action
    /// is one step that runs `completion` (a throw fails it).
    public static func link(
        title: String, completion: @escaping @Sendable () async throws -> Void
    ) -> FeedbackSecondaryAction {
        .link(.running(completion, title: title))
    }

    /// The button's `enabledWhen`, read in place (``button`` copies the whole button).
    package var enabledWhen: FlowExpression? {
        switch self {
        case .none: nil
        case .button(let b), .link(let b): b.enabledWhen
        }
    }

    /// The button; `nil` for ``none``.
    public var button: ActionButton? {
        switch self {
        case .none: nil
        case .button(let b), .link(let b): b
        }
    }

    /// How the button is shown (`button` or `link`, the case that holds it); `nil` for ``none``.
    public var kind: ActionButton.Kind? {
        switch self {
        case .none: nil
        case .button: .button
        case .link: .link
        }
    }
}
