/// The main action of a screen: a button, a retry button, or none.
///
/// The primary action is enabled only when every required field of the screen is
/// filled and valid and the screen is not busy.
public enum FeedbackPrimaryAction: Sendable, Hashable {
    /// No primary button (`primaryAction: none`).
    case none
    /// A `button`: a tap runs its action; enabled only when the screen's form is complete.
    case button(ActionButton)
    /// A `retryButton`: a button that shows its `loadingTitle` (and ignores taps) while its
    /// action runs, e.g. "Try again" on a "you're offline" screen.
    case retryButton(ActionButton)

    /// A button built in Swift, `FeedbackPrimaryAction.button(title: "…", completion: { … })`:
    /// its action is one step that runs `completion` (a throw fails it). `title` is read as
    /// a template.
    public static func button(
        title: String, completion: @escaping @Sendable () async throws -> Void
    ) -> FeedbackPrimaryAction {
        .button(.running(completion, title: title))
    }

    /// A retry button built in Swift, `.retryButton(title:loadingTitle:retryCompletion:)`.
    /// The retry completion
    /// receives a completion handler that it must call when its async work is done; the
    /// button shows `loadingTitle` (and ignores taps) until then.
    ///
    /// Only the first call of the completion handler counts; later calls are ignored.
    /// The wait honours task cancellation: when the action is cancelled (the host ends
    /// the flow, see ``FlowNavigator/end(_:)``) the step stops waiting and fails with
    /// `CancellationError` even if the handler is never called.
    public static func retryButton(
        title: String, loadingTitle: String? = nil,
        retryCompletion: @escaping @Sendable (_ completionHandler: @escaping @Sendable () -> Void) -> Void
    ) -> FeedbackPrimaryAction {
        let waitForCompletion: @Sendable () async throws -> Void = {
            let gate = RetryCompletionGate()
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    guard gate.install(continuation) else { return }
                    retryCompletion { gate.finish(.success(())) }
                }
            } onCancel: {
                gate.finish(.failure(CancellationError()))
            }
        }
        return .retryButton(.running(waitForCompletion, title: title, loadingTitle: loadingTitle))
    }

    /// The button's `enabledWhen`, read in place (``button`` copies the whole button).
    package var enabledWhen: FlowExpression? {
        switch self {
        case .none: nil
        case .button(let b), .retryButton(let b): b.enabledWhen
        }
    }

    /// The button; `nil` for ``none``.
    public var button: ActionButton? {
        switch self {
        case .none: nil
        case .button(let b), .retryButton(let b): b
        }
    }

    /// How the button is shown (`button` or `retryButton`, the case that holds it); `nil` for ``none``.
    public var kind: ActionButton.Kind? {
        switch self {
        case .none: nil
        case .button: .button
        case .retryButton: .retryButton
        }
    }
}
