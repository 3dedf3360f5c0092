import FlowCompile
import FlowSystem

/// The main-actor front of a ``FlowNavigator``: everything a view does — start the flow or
/// hand it an event, tap, set a field, end it — as `async` calls that throw typed errors,
/// and what a view reads — the stacks, the top screen, each screen's snapshot, the field
/// values — as plain properties, current after every change.
///
/// ```swift
/// let front = FeedbackNavigator(flow: flow, registry: registry)
/// let decision = await front.handle(event: "callEnded", context: ["event.participants": 3])
/// guard decision.isPresented else { print(decision); return }   // why not, if not
/// try await front.setField("rating", to: .rating(4))
/// await front.tap(.primary)
/// print(front.top?.title ?? "closed", front.rating("rating") ?? 0)
/// ```
///
/// ``current`` is the flow as the last change left it (``FlowSnapshot``): a front made with
/// the flow (``init(flow:registry:presenters:context:now:history:quietPeriod:)``) receives
/// every event of its navigator, so it follows changes an action makes while it runs
/// (the busy state, a loading title, a push); a front made over an existing navigator
/// (``init(navigator:)``) catches up after each of its own calls. ``FlowModel`` is the
/// same state as Observation properties for SwiftUI.
///
/// One navigator runs one flow: once it has ended (a `dismiss` of the last stack, a
/// `finish`, ``end(_:)``), later calls are refused with ``NavigatorError/flowEnded``. Make
/// a new front each time feedback is asked for.
@MainActor
public final class FeedbackNavigator {
    /// The navigator the calls run on.
    public let navigator: FlowNavigator
    /// The flow as the last change left it: stacks, drawn screens, field values, busy
    /// state, outcome.
    public private(set) var current: FlowSnapshot
    /// Called on the main actor after ``current`` changed (``FlowModel`` observes it).
    var onChange: (@MainActor (FlowSnapshot) -> Void)?
    /// The first catch-up of a front made over a running navigator; calls wait for it.
    private var last: Task<Void, Never>?

    /// A front over `navigator`, which may already run: ``current`` is read from it now
    /// (asynchronously) and after each call made through this front. Events the navigator
    /// gives for changes made elsewhere (an action still running) are not followed; make
    /// the front with the flow for that.
    public init(navigator: FlowNavigator) {
        self.navigator = navigator
        self.current = FlowSnapshot(flowID: navigator.flowID)
        last = Task { [weak self] in await self?.refresh() }
    }

    /// A front for a new navigator of `flow` (a file's, or one built in Swift with
    /// ``Flow/init(checking:start:presentation:screens:context:events:variables:trigger:handlers:options:)``),
    /// with the parameters of
    /// ``FlowNavigator/init(flow:registry:presenters:context:now:history:quietPeriod:)-(_,_,_,_,_,_,Duration?)``;
    /// `presenters` receive every event after the front has taken it into ``current``.
    /// Call `start()`, or ``handle(event:context:)`` for a flow with a trigger.
    public init(
        flow: Flow, registry: ActionHandlerRegistry = ActionHandlerRegistry(), presenters: [any Presenter] = [],
        context: [String: ExpressionValue] = [:], now: @escaping @Sendable () -> Date = { Date() },
        history: any PresentationHistory = InMemoryPresentationHistory(), quietPeriod: Duration? = nil
    ) {
        let follower = SnapshotFollower()
        self.navigator = FlowNavigator(
            flow: flow, registry: registry, presenters: [follower] + presenters, context: context, now: now,
            history: history, quietPeriod: quietPeriod)
        self.current = FlowSnapshot(flowID: flow.id)
        follower.front = self
    }

    /// A front for a new navigator of screens built in Swift, shown with
    /// `pushFeedback(configuration:)` and `presentFeedback(configuration:)`, whose
    /// flow id is `id` (default `feedback`; what its submissions carry), with `registry`
    /// (default: handlers that do nothing) and `presenters`.
    public convenience init(
        id: String = "feedback", registry: ActionHandlerRegistry = ActionHandlerRegistry(), presenters: [any Presenter] = [],
        context: [String: ExpressionValue] = [:]
    ) {
        self.init(flow: Flow(id: id, start: "", screens: []), registry: registry, presenters: presenters, context: context)
    }

    // MARK: Reading

    /// The stacks, bottom first; in each, the root first and the screen on top last.
    public var stacks: [[ScreenInstance]] { current.stacks }

    /// The screen on top, drawn; `nil` when nothing is shown.
    public var top: ScreenSnapshot? { current.top }

    /// Whether an action is running (taps are ignored until it ends).
    public var isBusy: Bool { current.isBusy }

    /// How the flow ended; `nil` while it runs or before it starts.
    public var outcome: FlowOutcome? { current.outcome }

    /// The instance `id` drawn; `nil` when it is not on the stacks.
    public func snapshot(of id: ScreenInstanceID) -> ScreenSnapshot? { current.screens[id] }

    /// The value of field `id`; `nil` when no screen of the flow defines it.
    public func value(of id: FieldID) -> FieldValue? { current.value(of: id) }

    /// The stars of rating field `id`; `nil` when it is not rated or no rating has the id.
    public func rating(_ id: FieldID) -> Int? { current.rating(id) }

    /// The text of text field or editor `id`; `nil` when no text field has the id.
    public func text(_ id: FieldID) -> String? { current.text(id) }

    /// Whether toggle `id` is on; `nil` when no toggle has the id.
    public func isOn(_ id: FieldID) -> Bool? { current.isOn(id) }

    // MARK: Calls

    /// Shows the flow's start screen; see ``FlowNavigator/start()``.
    /// - Throws: ``NavigatorError/alreadyStarted``, ``NavigatorError/flowEnded`` or
    ///   ``NavigatorError/unknownScreen(_:)``; nothing changed then.
    public func start() async throws(NavigatorError) {
        try await run { navigator throws(NavigatorError) in try await navigator.start() }
    }

    /// Hands `event` to the flow's trigger: the flow starts when it says so. The decision
    /// says why not otherwise (``SuppressionReason``); see
    /// ``FlowNavigator/handle(event:context:)``.
    /// - Parameter context: the event's payload as `event.NAME` and context values, over
    ///   those the navigator was made with.
    public func handle(event: String, context: [String: ExpressionValue] = [:]) async -> TriggerDecision {
        await run { navigator in await navigator.handle(event: event, context: context) }
    }

    /// Hands a typed event (one the build-time plugin generated) to the flow's trigger;
    /// see ``FlowNavigator/handle(_:context:)``.
    /// - Parameter context: the other values the trigger reads (context values).
    public func handle(_ event: some FlowEvent, context: [String: ExpressionValue] = [:]) async -> TriggerDecision {
        await run { navigator in await navigator.handle(event, context: context) }
    }

    /// Taps the button in `slot` of the screen on top as ``current`` shows it; see
    /// ``FlowNavigator/tap(_:on:)``. Returns when the action has run.
    public func tap(_ slot: ActionSlot) async -> TapResult {
        await last?.value
        guard let top = current.top?.instance.id else { return current.hasEnded ? .ignoredFlowEnded : .ignoredStale }
        return await tap(slot, on: top)
    }

    /// Taps the button in `slot` of instance `id` (the one the person saw); see
    /// ``FlowNavigator/tap(_:on:)``. Returns when the action has run.
    public func tap(_ slot: ActionSlot, on id: ScreenInstanceID) async -> TapResult {
        await tap(slot, on: id, begun: {})
    }

    /// ``tap(_:on:)``, calling `begun` once the navigator has checked the tap (and marked
    /// its screen busy), before the action runs.
    func tap(_ slot: ActionSlot, on id: ScreenInstanceID, begun: @escaping @Sendable () -> Void) async -> TapResult {
        await run { navigator in await navigator.tap(slot, on: id, begun: begun) }
    }

    /// Sets field `id`; see ``FlowNavigator/setField(_:to:)-(FieldID,_)``.
    /// - Throws: ``FieldError``; the value is then unchanged.
    public func setField(_ id: FieldID, to value: FieldValue) async throws(FieldError) {
        try await run { navigator throws(FieldError) in try await navigator.setField(id, to: value) }
    }

    /// Applies `operation` from the host (a back gesture: `.pop`; the sheet closed:
    /// `.dismiss`); see ``FlowNavigator/navigate(_:)``.
    /// - Returns: the instance that entered, for `push`, `present` and `replace`.
    @discardableResult
    public func navigate(_ operation: NavigationOperation) async throws(NavigatorError) -> ScreenInstance? {
        try await run { navigator throws(NavigatorError) in try await navigator.navigate(operation) }
    }

    /// Pushes a screen built in Swift; see ``FlowNavigator/pushFeedback(configuration:)``.
    @discardableResult
    public func pushFeedback(configuration: FeedbackConfiguration) async throws(NavigatorError) -> ScreenInstance {
        try await run { navigator throws(NavigatorError) in try await navigator.pushFeedback(configuration: configuration) }
    }

    /// Presents a screen built in Swift on a new stack; see
    /// ``FlowNavigator/presentFeedback(configuration:)``.
    @discardableResult
    public func presentFeedback(configuration: FeedbackConfiguration) async throws(NavigatorError) -> ScreenInstance {
        try await run { navigator throws(NavigatorError) in try await navigator.presentFeedback(configuration: configuration) }
    }

    /// Ends the flow with `outcome` (e.g. `"closed"` when the app leaves the call screen);
    /// see ``FlowNavigator/end(_:)``.
    public func end(_ outcome: FlowOutcome) async {
        await run { navigator in await navigator.end(outcome) }
    }

    /// Runs `call` on the navigator (after the first catch-up of a front made over a
    /// running navigator), then takes the navigator's state into ``current``. Calls made
    /// from separate tasks are not ordered by the front: each reaches the navigator's actor
    /// when its task does, and the navigator's rules (the busy rule, stale taps) decide.
    private func run<Result: Sendable, Failure: Error>(
        _ call: @Sendable (FlowNavigator) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        await last?.value
        let result: Result
        do throws(Failure) {
            result = try await call(navigator)
        } catch {
            await refresh()
            throw error
        }
        await refresh()
        return result
    }

    /// Takes the navigator's state into ``current`` unless a newer one is there already.
    func refresh() async {
        take(await navigator.flowSnapshot())
    }

    /// Takes `snapshot` into ``current`` unless ``current`` is newer; tells ``onChange``
    /// when what a view shows changed.
    private func take(_ snapshot: FlowSnapshot) {
        guard snapshot.revision >= current.revision else { return }
        let changed = snapshot != current
        current = snapshot
        if changed { onChange?(snapshot) }
    }
}

/// The presenter a ``FeedbackNavigator`` puts first on its navigator: at each event it
/// takes the navigator's state into the front's ``FeedbackNavigator/current``, on the main
/// actor, before the other presenters see the event.
@MainActor
private final class SnapshotFollower: Presenter {
    /// The front to keep current; weak, since the navigator (which holds this presenter)
    /// belongs to the front.
    weak var front: FeedbackNavigator?

    func present(_ event: NavigatorEvent) async {
        await front?.refresh()
    }
}
