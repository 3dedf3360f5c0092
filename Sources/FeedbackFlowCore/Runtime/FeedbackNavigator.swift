/// A main-actor front for a ``FlowNavigator``, for app code that shows screens the way a
/// UIKit or SwiftUI app does: ``pushFeedback(configuration:)`` and
/// ``presentFeedback(configuration:)`` are plain calls, no `await` needed.
///
/// Calls are run in the order they are made: each waits for the one before it, on the
/// navigator's actor. Because a plain call cannot throw what happens later, a refused
/// call (``NavigatorError``: the flow has ended, an action is running, a field id is
/// already defined differently) is handed to ``onError``. ``settled()`` waits until every
/// call made so far has run; the async API stays available through ``navigator``: taps
/// (``FlowNavigator/tap(_:on:)``), field edits (``FlowNavigator/setField(_:to:)``),
/// snapshots.
///
/// One navigator runs one flow: once it has ended (a `dismiss` of the last stack, a
/// `finish`, ``FlowNavigator/end(_:)``), every later call is refused with
/// ``NavigatorError/flowEnded``. Make a new one for each time feedback is asked for.
///
/// ```swift
/// let feedbackNavigator = FeedbackNavigator()
/// feedbackNavigator.presentFeedback(configuration: rate)
/// feedbackNavigator.pushFeedback(configuration: thanks)   // shown after `rate`
/// ```
@MainActor
public final class FeedbackNavigator {
    /// The navigator the calls run on: its snapshots, taps and events.
    public let navigator: FlowNavigator
    /// Receives each call that the navigator refused, in call order; `nil` ignores them.
    public var onError: (@MainActor (NavigatorError) -> Void)?
    /// The last call queued; the next one waits for it.
    private var last: Task<Void, Never>?

    /// A front for `navigator`.
    public init(navigator: FlowNavigator) {
        self.navigator = navigator
    }

    /// A front for a new navigator of screens built in Swift (``FlowNavigator/init(id:registry:presenters:context:now:)``)
    /// whose flow id is `id` (default `feedback`; what its submissions carry), with
    /// `registry` (default: handlers that do nothing) and `presenters`.
    public convenience init(
        id: String = "feedback", registry: ActionHandlerRegistry = ActionHandlerRegistry(), presenters: [any Presenter] = []
    ) {
        self.init(navigator: FlowNavigator(id: id, registry: registry, presenters: presenters))
    }

    /// A front for a new navigator of `flow` (a file's, or one built in Swift with
    /// ``Flow/init(checking:start:presentation:screens:options:)``); call
    /// ``start()`` to show its start screen.
    public convenience init(
        flow: Flow, registry: ActionHandlerRegistry = ActionHandlerRegistry(), presenters: [any Presenter] = []
    ) {
        self.init(navigator: FlowNavigator(flow: flow, registry: registry, presenters: presenters))
    }

    /// Shows the flow's start screen after the calls made before; see
    /// ``FlowNavigator/start()``.
    public func start() {
        enqueue { navigator throws(NavigatorError) in try await navigator.start() }
    }

    /// Pushes `configuration` on the top stack (a new stack when none is shown), after the
    /// calls made before; see ``FlowNavigator/pushFeedback(configuration:)``.
    public func pushFeedback(configuration: FeedbackConfiguration) {
        enqueue { navigator throws(NavigatorError) in _ = try await navigator.pushFeedback(configuration: configuration) }
    }

    /// Presents `configuration` modally, as a new stack on top, after the calls made before;
    /// see ``FlowNavigator/presentFeedback(configuration:)``.
    public func presentFeedback(configuration: FeedbackConfiguration) {
        enqueue { navigator throws(NavigatorError) in _ = try await navigator.presentFeedback(configuration: configuration) }
    }

    /// Applies `operation` (e.g. `.dismiss` when the person closes the sheet) after the calls
    /// made before; see ``FlowNavigator/navigate(_:)``.
    public func navigate(_ operation: NavigationOperation) {
        enqueue { navigator throws(NavigatorError) in _ = try await navigator.navigate(operation) }
    }

    /// Returns when every call made so far has run and its events reached the presenters.
    ///
    /// The plain calls return before they run, so a program that ends right after them
    /// (a command-line tool, a test) must `await settled()` first, or the last calls and
    /// their events are lost with the process. An app whose run loop goes on need not.
    public func settled() async {
        await last?.value
    }

    private func enqueue(_ call: @escaping @Sendable (FlowNavigator) async throws(NavigatorError) -> Void) {
        let previous = last
        let navigator = navigator
        last = Task { @MainActor [weak self] in
            await previous?.value
            do throws(NavigatorError) {
                try await call(navigator)
            } catch {
                self?.onError?(error)
            }
        }
    }
}
