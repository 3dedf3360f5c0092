import FlowCompile
import FlowSource
import FlowSystem

/// Runs a ``Flow``: the navigation stacks, the form, the actions and their handlers.
///
/// ## Lifecycle
/// ``start()`` brings the flow's start screen in as `flow.presentation` says (`present`:
/// a new stack; `push`: pushed, which with no stack also starts one). The flow ends with
/// a `finish` step (outcome = its argument, or `finished`), when no stack is left
/// (outcome `dismissed`), or when the host calls ``end(_:)`` (e.g. `quit`). After the
/// end, taps are ignored (``TapResult/ignoredFlowEnded``) and fields do not change.
///
/// ## Form
/// Field values live for the whole flow, keyed by field id (the first definition of an
/// id wins if a broken flow repeats one). Initial values: `rating` → `value ?? min`,
/// `toggle` → `value`, `textField` / `textEditor` → `""`. ``setField(_:to:)-(FieldID,_)`` refuses
/// values a field cannot hold (``FieldError``) and stores texts that break their
/// `format`, reporting them in ``FieldSnapshot/problem``.
///
/// ## Taps and the busy rule
/// A tap names the instance it was shown on. It runs only when that instance is on top,
/// no action is running, the slot has an action and — for the primary action — every
/// required field of that screen is filled and every field of it is valid. The checks
/// and marking the screen busy happen before the first suspension point, so on this
/// actor two concurrent taps can never both pass (reentrancy cannot slip in between).
/// While the action runs, the screen is busy: every tap is ignored
/// (``TapResult/ignoredBusy``) and a `retryButton` shows its `loadingTitle`.
///
/// ## Host navigation while an action runs
/// A host `pop`, `popTo`, `popToRoot` or `dismiss` (``navigate(_:)``) that removes the
/// busy screen is allowed: it cancels that screen's action, whose ``tap(_:on:)`` returns
/// ``TapResult/closedWhileRunning`` at once; a result that arrives later is discarded and
/// only recorded (``NavigatorEvent/HandlerResult/isStale``). Any other host navigation
/// while an action runs — including ``pushFeedback(configuration:)`` and
/// ``presentFeedback(configuration:)``, and a removal that would leave the busy screen in
/// place — is refused with ``NavigatorError/busy`` (nothing changes; try again when the
/// action has ended), so an action's remaining steps never act on stacks the host
/// changed under it. Calls from inside the running action — a button's completion
/// closure, a handler, a task they start — are its own steps and are allowed.
///
/// ## Cancellation
/// An action runs in a task the navigator owns, not in the task of the caller of
/// ``tap(_:on:)``: cancelling that caller does not cancel the action (`tap` still waits
/// for it). Only ``end(_:)`` cancels a running action; it releases the waiting `tap`
/// (``TapResult/ignoredFlowEnded``) and clears the busy state at once. A step that fails
/// with `CancellationError` shows "cancelled"; other errors show their
/// `LocalizedError.errorDescription`, else their `description`.
///
/// ## Steps
/// Steps run in order. A step fails when its handler throws, a navigation is refused
/// (e.g. `popTo` a screen not in the top stack), a target screen is unknown, or a
/// built-in's argument is bad. A failure skips the remaining steps; then the button's
/// `onFailure` runs if it has one (a failure there is shown on the screen), otherwise
/// the error message is kept on the screen (``ScreenSnapshot/errorMessage``) and the
/// screen stays, so it can be tapped again. The message is cleared by the next tap that
/// runs on that screen. When a step ends the flow (`finish`, or no stack left), the
/// remaining steps are skipped.
///
/// ## Templates
/// `${name}` in titles, text blocks and step arguments renders, in this order of lookup:
/// the context variables `flow.id` and `screen.id` (the screen being drawn, or whose
/// action runs), a field value (see ``FieldValue/description``), then the host's
/// `context` dictionary; an unknown name renders as the empty string (validation reports
/// it before a flow runs).
///
/// ## Screens built in Swift
/// ``pushFeedback(configuration:)`` and ``presentFeedback(configuration:)`` add the
/// configuration to the screen table and show it (push, or present on a new stack).
/// A configuration never replaces a screen already in the table: configurations built in
/// code all share the default id `feedback`, so when the id is taken the new one is added
/// under a fresh id — `feedback-2`, `feedback-3`, … — which is the `screenID` of its
/// instance (and of its snapshots and events). Field ids are shared by the whole flow:
/// a configuration whose field id is already defined differently by another screen is
/// refused (``NavigatorError/conflictingField(field:screen:)``); the same definition
/// shares the value.
public actor FlowNavigator {
    /// The flow's id (`flow.id` in templates).
    public nonisolated let flowID: String
    let registry: ActionHandlerRegistry
    let now: @Sendable () -> Date
    /// The flow as given: its trigger and declarations decide ``handle(event:context:)``.
    let flow: Flow
    /// Which flows were presented and responded to, for the trigger's limits.
    let history: any PresentationHistory
    /// The least time in seconds after any flow was presented before a trigger presents
    /// this one, across flows (the history's records of every flow count); `nil` for none.
    let quietPeriod: Int?
    /// Whether ``handle(event:context:)`` presented the flow (its responses are recorded).
    var presentedByTrigger = false
    /// Whether a ``handle(event:context:)`` call is deciding: a second one meanwhile (the
    /// actor lets calls interleave at each `await`) is refused, so one event cannot be
    /// recorded twice or give the running flow another event's values.
    var isDecidingTrigger = false

    /// The flow as a value: stacks, screen table, form, errors, busy slot, outcome. Every
    /// change goes through ``FlowState/apply(_:)``; the navigator runs the effects.
    package private(set) var state: FlowState
    /// Hands the events of each change to the presenters.
    let delivery: EventDelivery
    /// How many changes have applied: a ``FlowSnapshot`` carries it, so a front that
    /// receives two snapshots out of order keeps the newer one.
    var revision: UInt64 = 0
    /// The navigator-owned task running the busy action.
    var runningTask: Task<Void, Never>?
    /// The number of the running action; its task carries it in ``actionToken``.
    var runningToken: UInt64 = 0
    /// The number of the run of an action whose ``RunningAction`` has submitted feedback
    /// (or is submitting it): a running action submits at most once.
    var submittedRun: UInt64?
    /// Which action of which navigator a task belongs to: a navigator's actions are
    /// numbered by that navigator alone, so the number is only meaningful with the
    /// navigator's identity (an action of one navigator calling another is the host of
    /// the other).
    struct ActionToken: Hashable, Sendable {
        var navigator: ObjectIdentifier
        var number: UInt64
    }
    /// Set inside the task of a running action (and inherited by tasks it starts), so the
    /// action's own closures and handlers may navigate while host navigation is refused.
    @TaskLocal static var actionToken: ActionToken?
    /// The caller of the running tap, waiting for its result.
    var tapWaiter: CheckedContinuation<TapResult, Never>?

    /// Who is calling: the running action (its task, or a task it started), or the host.
    var origin: FlowChange.Origin {
        Self.actionToken == ActionToken(navigator: ObjectIdentifier(self), number: runningToken) ? .action : .host
    }

    /// How the flow ended, `nil` while it runs.
    public var outcome: FlowOutcome? { state.outcome }

    /// - Parameters:
    ///   - flow: a validated flow (an invalid one does not crash the navigator, but its
    ///     broken steps fail when run).
    ///   - registry: the handlers of `openURL`, `collectUserFeedback` and custom steps.
    ///   - presenters: receive every event, in order, in this array's order.
    ///   - context: the values the host provides (declared `context` values and template
    ///     variables), by name; read after `flow.id`, `screen.id`, fields and variables.
    ///     String literals work: `["user.id": "u-1", "call.maxParticipants": 3]`.
    ///   - now: the clock for ``FeedbackSubmission/submittedAt`` and for the trigger's limits.
    ///   - history: where presentations and responses are kept for the trigger's `limit`
    ///     (default: in memory, forgotten with the navigator).
    ///   - quietPeriod: how long after any flow of `history` was presented
    ///     ``handle(event:context:)`` presents nothing (default none; counted in whole
    ///     seconds, a part of a second counts as one).
    public init(
        flow: Flow, registry: ActionHandlerRegistry = ActionHandlerRegistry(), presenters: [any Presenter] = [],
        context: [String: ExpressionValue] = [:], now: @escaping @Sendable () -> Date = { Date() },
        history: any PresentationHistory = InMemoryPresentationHistory(), quietPeriod: Duration? = nil
    ) {
        self.flowID = flow.id
        self.flow = flow
        self.history = history
        self.quietPeriod = quietPeriod.map(\.wholeSeconds)
        self.registry = registry
        self.now = now
        self.state = FlowState(flow: flow, context: context)
        self.delivery = EventDelivery(presenters: presenters)
    }

    /// A navigator whose quiet period is given in seconds.
    @_disfavoredOverload
    @available(*, deprecated, message: "give the quiet period as a Duration: quietPeriod: .seconds(n)")
    public init(
        flow: Flow, registry: ActionHandlerRegistry = ActionHandlerRegistry(), presenters: [any Presenter] = [],
        context: [String: ExpressionValue] = [:], now: @escaping @Sendable () -> Date = { Date() },
        history: any PresentationHistory = InMemoryPresentationHistory(), quietPeriod seconds: Int?
    ) {
        self.init(
            flow: flow, registry: registry, presenters: presenters, context: context, now: now, history: history,
            quietPeriod: seconds.map { Duration.seconds($0) })
    }

    /// A navigator with no flow file, for screens built in Swift and shown with
    /// ``pushFeedback(configuration:)`` / ``presentFeedback(configuration:)``.
    public init(
        id: String = "feedback", registry: ActionHandlerRegistry = ActionHandlerRegistry(), presenters: [any Presenter] = [],
        context: [String: ExpressionValue] = [:], now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(flow: Flow(id: id, start: "", screens: []), registry: registry, presenters: presenters, context: context, now: now)
    }

    // MARK: Applying changes

    /// Applies `change` to the state: the one place the navigator changes it.
    /// - Returns: the events the change causes, to deliver.
    /// - Throws: the refusal; the state is then unchanged.
    func apply(_ change: FlowChange) throws(FlowChangeError) -> [NavigatorEvent] {
        let events = try state.apply(change)
        revision &+= 1
        return events
    }

    /// Applies a change that the state never refuses (see ``FlowChange``) and returns its
    /// events, to deliver.
    func settle(_ change: FlowChange) -> [NavigatorEvent] {
        do {
            return try apply(change)
        } catch {
            assertionFailure("\(change) is never refused, got \(error)")
            return []
        }
    }

    /// Applies a change that the state never refuses and delivers its events.
    func report(_ change: FlowChange) async {
        await delivery.deliver(settle(change))
    }

    /// Applies a host's start or navigation and returns its events, to deliver.
    /// - Throws: the refusal; the state is then unchanged.
    private func applyNavigation(_ change: FlowChange) throws(NavigatorError) -> [NavigatorEvent] {
        do {
            return try apply(change)
        } catch {
            guard case .navigator(let refusal) = error else {
                assertionFailure("\(change) is refused only with a NavigatorError, got \(error)")
                throw .busy
            }
            throw refusal
        }
    }

    // MARK: Lifecycle

    /// Shows the flow's start screen (`present`ed or `push`ed per `flow.presentation`).
    /// A start that throws leaves the navigator unstarted (it can be called again).
    /// - Throws: ``NavigatorError/alreadyStarted``, ``NavigatorError/flowEnded``, or
    ///   ``NavigatorError/unknownScreen(_:)`` when `start` names no screen.
    public func start() async throws(NavigatorError) {
        await delivery.deliver(try applyNavigation(.start))
    }

    /// Ends the flow with `outcome` (e.g. ``FlowOutcome/quit``) and tells the presenters.
    /// Does nothing if the flow has already ended.
    ///
    /// An action still running is cancelled (its task is cancelled: a retry button's
    /// completion wait and cooperative handlers stop; a handler that ignores cancellation
    /// finishes on its own, and a submission it makes still happens), runs no further
    /// step, and its ``tap(_:on:)`` returns ``TapResult/ignoredFlowEnded`` at once; the
    /// navigator is no longer busy. The events the action would still give (e.g. the
    /// ``NavigatorEvent/handlerResult(_:)`` of a handler that was suspended) are not
    /// emitted: ``NavigatorEvent/flowEnded(_:)`` is the last event.
    public func end(_ outcome: FlowOutcome) async {
        guard !state.hasEnded else { return }
        // Cancel the running action and release its tap at once, even if a handler never
        // returns (a retry completion that is never called).
        let events = settle(.cancelAction) + settle(.conclude(outcome))
        cancelRunningTask(releasing: .ignoredFlowEnded)
        await delivery.deliver(events)
    }

    /// Cancels the running action's task and releases the waiting tap with `result`, once
    /// the state no longer runs it. The task runs no further step; a result it still gets
    /// is discarded (see ``FlowState/isRunning(_:)``).
    func cancelRunningTask(releasing result: TapResult) {
        runningTask?.cancel()
        runningTask = nil
        releaseTap(result)
    }

    /// Whether the flow has ended.
    public var hasEnded: Bool { state.hasEnded }

    /// Whether an action is running.
    public var isBusy: Bool { state.isBusy }

    // MARK: Navigation

    /// Applies a navigation operation from the host (e.g. a "back" gesture: `.pop`),
    /// with the same events as a navigation step. Leaving no stack ends the flow with
    /// outcome `dismissed`.
    /// - Returns: the instance that entered, for `push`, `present` and `replace`.
    /// - Throws: ``NavigatorError/flowEnded``, ``NavigatorError/unknownScreen(_:)`` for
    ///   a `push`/`present`/`replace` of a screen not in the table, or
    ///   ``NavigatorError/navigation(_:)``, or ``NavigatorError/busy`` while an action
    ///   runs (unless called from inside that action, or the operation is a `pop`,
    ///   `popTo`, `popToRoot` or `dismiss` that removes the busy screen, which cancels its
    ///   action); the navigator is then unchanged (stacks,
    ///   and whether it has started: a refused `navigate` before ``start()`` does not
    ///   count as starting).
    @discardableResult
    public func navigate(_ operation: NavigationOperation) async throws(NavigatorError) -> ScreenInstance? {
        let wasBusy = state.isBusy
        let events = try applyNavigation(.navigate(operation, by: origin))
        // A host removal that took the busy screen away ended its action in the state.
        if wasBusy, !state.isBusy { cancelRunningTask(releasing: .closedWhileRunning) }
        let entered = operation.removesScreens ? nil : state.navigation.top
        await delivery.deliver(events)
        return entered
    }

    /// Shows a screen built in Swift: adds `configuration` to the screen table under its
    /// `id` (or a fresh `id-2`, `id-3`, … when the id is taken; see "Screens built in
    /// Swift") and pushes it
    /// on the top stack (with no stack: a new one).
    /// - Returns: the instance shown.
    /// - Throws: ``NavigatorError/flowEnded``; ``NavigatorError/busy`` while an action runs
    ///   (unless called from inside it, e.g. from a button's completion);
    ///   ``NavigatorError/conflictingField(field:screen:)``
    ///   when a field id of `configuration` is already defined differently (the
    ///   navigator is then unchanged).
    @discardableResult
    public func pushFeedback(configuration: FeedbackConfiguration) async throws(NavigatorError) -> ScreenInstance {
        try await show(configuration, presenting: false)
    }

    /// Shows a screen built in Swift: adds `configuration` to the screen table under its
    /// `id` (or a fresh `id-2`, `id-3`, … when the id is taken; see "Screens built in
    /// Swift") and presents
    /// it modally (a new stack on top).
    /// - Returns: the instance shown.
    /// - Throws: ``NavigatorError/flowEnded``; ``NavigatorError/busy`` while an action runs
    ///   (unless called from inside it, e.g. from a button's completion);
    ///   ``NavigatorError/conflictingField(field:screen:)``
    ///   when a field id of `configuration` is already defined differently (the
    ///   navigator is then unchanged).
    @discardableResult
    public func presentFeedback(configuration: FeedbackConfiguration) async throws(NavigatorError) -> ScreenInstance {
        try await show(configuration, presenting: true)
    }

    private func show(_ configuration: FeedbackConfiguration, presenting: Bool) async throws(NavigatorError) -> ScreenInstance {
        let events = try applyNavigation(.show(configuration, presenting: presenting, by: origin))
        // A push or present that applied has put its new instance on top.
        let entered = state.navigation.top
        await delivery.deliver(events)
        guard let entered else { throw .unknownScreen(configuration.id) }
        return entered
    }

    // MARK: Reading

    /// The stacks as they are now, as a UIKit navigation controller that presents others
    /// would hold them: the first stack is the bottom one and each `present` adds one at
    /// the end; in each stack the root comes first and the screen on top of it last. So
    /// `stacks.last?.last` is the screen shown. Empty before ``start()`` and once no stack
    /// is left. O(instances) to copy out.
    public var stacks: [[ScreenInstance]] { state.navigation.stacks }

    /// The whole flow now, as one value: the stacks, every instance on them drawn, every
    /// field value, whether an action runs, how the flow ended. O(instances + fields).
    public func flowSnapshot() -> FlowSnapshot {
        let stacks = state.navigation.stacks
        var screens: [ScreenInstanceID: ScreenSnapshot] = [:]
        for instance in stacks.joined() {
            screens[instance.id] = state.snapshot(of: instance)
        }
        return FlowSnapshot(
            flowID: flowID, stacks: stacks, screens: screens,
            fieldValues: Dictionary(uniqueKeysWithValues: state.values.map { (FieldID($0.key), $0.value) }),
            isBusy: state.isBusy, hasStarted: state.hasStarted, outcome: state.outcome, revision: revision)
    }

    /// The screen on top, drawn; `nil` when nothing is shown.
    public func snapshot() -> ScreenSnapshot? {
        state.snapshot()
    }

    /// An instance on the stacks, drawn; `nil` if it is not on the stacks.
    public func snapshot(of id: ScreenInstanceID) -> ScreenSnapshot? {
        state.snapshot(of: id)
    }

    /// The screen with `id` in the screen table.
    public func screen(_ id: String) -> FeedbackConfiguration? {
        state.screens[id]
    }
}
