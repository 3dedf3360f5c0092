/// Everything that happens in a ``FlowNavigator``, in order, as presenters receive it.
///
/// Order guarantees: a navigation step gives ``stackChanged(_:)``, then
/// ``screenShown(_:)`` when a different instance is now on top; the last stack leaving
/// gives ``stackChanged(_:)`` then ``flowEnded(_:)``. A tap gives ``actionTapped(_:)``,
/// ``screenUpdated(_:)`` (now busy), then per step ``stepRun(_:)``, the step's own
/// events (``handlerResult(_:)`` for `openURL`, `collectUserFeedback`, custom steps and
/// closures; navigation events for navigation steps), ``stepFailed(_:)`` if it failed,
/// and finally ``screenUpdated(_:)`` for the screen then on top (no longer busy).
/// ``flowEnded(_:)`` is always the last event: when the host ends the flow while an
/// action runs, that action's remaining events (its handler's result, its final
/// update) are not emitted.
public enum NavigatorEvent: Sendable {
    /// An instance came on top (entered, or was revealed by a pop/dismiss).
    case screenShown(ScreenSnapshot)
    /// The top screen changed in place: a field value, busy state, or error message.
    case screenUpdated(ScreenSnapshot)
    /// A tap that runs an action (ignored taps give no event).
    case actionTapped(ActionTap)
    /// A step is about to run.
    case stepRun(StepRun)
    /// A handler step finished.
    case handlerResult(HandlerResult)
    /// A step failed; the remaining steps of its action are skipped.
    case stepFailed(StepFailure)
    /// The stacks changed.
    case stackChanged(StackChange)
    /// The flow ended; nothing follows.
    case flowEnded(FlowOutcome)

    /// Whether this is ``flowEnded(_:)``.
    var isFlowEnded: Bool {
        if case .flowEnded = self { true } else { false }
    }

    /// The payload of ``NavigatorEvent/actionTapped(_:)``.
    public struct ActionTap: Sendable, Hashable {
        public var slot: ActionSlot
        /// The button's `title` as rendered when it was tapped (never a retry button's
        /// `loadingTitle`, which only shows once the action runs).
        public var title: String
        public var instance: ScreenInstance

        public init(slot: ActionSlot, title: String, instance: ScreenInstance) {
            self.slot = slot
            self.title = title
            self.instance = instance
        }
    }

    /// The payload of ``NavigatorEvent/stepRun(_:)``.
    public struct StepRun: Sendable, Hashable {
        /// The step's name as written (`push`, `openURL`, a custom name, `perform`).
        public var step: String
        /// The rendered argument: the target screen id, the URL, the `finish` outcome, a
        /// custom step's argument; `nil` for steps without one and for
        /// `collectUserFeedback` (its fields may be personal data).
        public var argument: FlowValue?
        /// The instance whose action runs the step.
        public var instance: ScreenInstance
        /// Whether the step belongs to the button's `onFailure` action.
        public var isOnFailure: Bool

        public init(step: String, argument: FlowValue?, instance: ScreenInstance, isOnFailure: Bool) {
            self.step = step
            self.argument = argument
            self.instance = instance
            self.isOnFailure = isOnFailure
        }
    }

    /// The payload of ``NavigatorEvent/handlerResult(_:)``.
    public struct HandlerResult: Sendable, Hashable {
        public enum Outcome: Sendable, Hashable {
            case success
            case failure(String)
        }

        public var step: String
        public var instance: ScreenInstance
        public var outcome: Outcome

        public init(step: String, instance: ScreenInstance, outcome: Outcome) {
            self.step = step
            self.instance = instance
            self.outcome = outcome
        }
    }

    /// The payload of ``NavigatorEvent/stepFailed(_:)``.
    public struct StepFailure: Sendable, Hashable {
        public var step: String
        public var instance: ScreenInstance
        public var message: String

        public init(step: String, instance: ScreenInstance, message: String) {
            self.step = step
            self.instance = instance
            self.message = message
        }
    }

    /// The payload of ``NavigatorEvent/stackChanged(_:)``.
    public struct StackChange: Sendable, Hashable {
        public var operation: NavigationOperation
        /// The stacks after the change, bottom first.
        public var stacks: [[ScreenInstance]]
        /// The number of screens in each stack, bottom first.
        public var depths: [Int] { stacks.map(\.count) }

        public init(operation: NavigationOperation, stacks: [[ScreenInstance]]) {
            self.operation = operation
            self.stacks = stacks
        }
    }
}
