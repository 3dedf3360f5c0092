import FlowCompile
import FlowSource

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
public enum NavigatorEvent: Sendable, CustomStringConvertible {
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

    /// One line saying what happened, for logs and tests: the event's name, then its
    /// screen id, title, step and result, e.g. `screenShown thanks`, `actionTapped primary
    /// Submit`, `stepRun push thanks`, `handlerResult reload failure: offline`,
    /// `stackChanged push: thanks [2]`, `flowEnded dismissed`. A stale handler result ends
    /// with ` (stale)`.
    public var description: String {
        switch self {
        case .screenShown(let s): "screenShown \(s.instance.screenID)"
        case .screenUpdated(let s): "screenUpdated \(s.instance.screenID)\(s.isBusy ? " busy" : "")"
        case .actionTapped(let t): "actionTapped \(t.slot.rawValue) \(t.title)"
        case .stepRun(let r): "stepRun \(r.step)" + (r.argument?.stringValue.map { " \($0)" } ?? "")
        case .handlerResult(let r):
            switch r.outcome {
            case .success: "handlerResult \(r.step) success" + (r.isStale ? " (stale)" : "")
            case .failure(let message): "handlerResult \(r.step) failure: \(message)" + (r.isStale ? " (stale)" : "")
            }
        case .stepFailed(let f): "stepFailed \(f.step): \(f.message)"
        case .stackChanged(let c): "stackChanged \(c.operation) \(c.depths)"
        case .flowEnded(let o): "flowEnded \(o.name)"
        }
    }

    /// Whether this is ``flowEnded(_:)``.
    var isFlowEnded: Bool {
        if case .flowEnded = self { true } else { false }
    }

    /// The payload of ``NavigatorEvent/actionTapped(_:)``.
    public struct ActionTap: Sendable, Hashable {
        /// Which action of the screen was tapped.
        public var slot: ActionSlot
        /// The button's `title` as rendered when it was tapped (never a retry button's
        /// `loadingTitle`, which only shows once the action runs).
        public var title: String
        /// The screen instance the event belongs to.
        public var instance: ScreenInstance

        /// The payload from its parts, for events of your own (a presenter's test).
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
        /// Where the step starts in its flow file (`nil` for a flow built in Swift), which
        /// names the step for coverage; not part of equality. A position, not the span:
        /// a value with no reference to count as the event is handed on.
        @IgnoredInEquality package var position: SourcePosition? = nil
        /// For an `if`, the value its condition has as the step runs, which says the
        /// branch taken (`nil` when it cannot be evaluated, which fails the step, and for
        /// other steps); not part of equality.
        @IgnoredInEquality package var branchTaken: Bool? = nil

        /// The payload from its parts, for events of your own (a presenter's test).
        public init(step: String, argument: FlowValue?, instance: ScreenInstance, isOnFailure: Bool) {
            self.step = step
            self.argument = argument
            self.instance = instance
            self.isOnFailure = isOnFailure
        }
    }

    /// The payload of ``NavigatorEvent/handlerResult(_:)``.
    public struct HandlerResult: Sendable, Hashable {
        /// How a handler step ended.
        public enum Outcome: Sendable, Hashable {
            /// The handler returned: the step succeeded.
            case success
            /// The handler threw; the text is the error's message (`cancelled` for a
            /// `CancellationError`, else `LocalizedError.errorDescription`, else `description`).
            case failure(String)
        }

        /// The step's name as written: `openURL`, `collectUserFeedback`, a custom name, or
        /// `perform` for a Swift closure.
        public var step: String
        /// The screen instance the event belongs to.
        public var instance: ScreenInstance
        /// Whether the handler succeeded, with the error's message when it did not.
        public var outcome: Outcome
        /// Whether the result arrived after the host closed the step's screen while the
        /// action ran: it was discarded (no later step ran, nothing was shown on any
        /// screen) and is only recorded here.
        public var isStale: Bool

        /// The payload from its parts, for events of your own (a presenter's test).
        public init(step: String, instance: ScreenInstance, outcome: Outcome, isStale: Bool = false) {
            self.step = step
            self.instance = instance
            self.outcome = outcome
            self.isStale = isStale
        }
    }

    /// The payload of ``NavigatorEvent/stepFailed(_:)``.
    public struct StepFailure: Sendable, Hashable {
        /// The name of the step that failed, as written.
        public var step: String
        /// The screen instance the event belongs to.
        public var instance: ScreenInstance
        /// The failure's message (`cancelled` for a `CancellationError`, else
        /// `LocalizedError.errorDescription`, else `description`), e.g. `no handler registered
        /// for 'reload'`; the one kept on the screen when the button has no `onFailure`.
        public var message: String

        /// The payload from its parts, for events of your own (a presenter's test).
        public init(step: String, instance: ScreenInstance, message: String) {
            self.step = step
            self.instance = instance
            self.message = message
        }
    }

    /// The payload of ``NavigatorEvent/stackChanged(_:)``.
    public struct StackChange: Sendable, Hashable {
        /// The operation that changed the stacks.
        public var operation: NavigationOperation
        /// The stacks after the change, bottom first.
        public var stacks: [[ScreenInstance]]
        /// The number of screens in each stack, bottom first.
        public var depths: [Int] { stacks.map(\.count) }

        /// The payload from its parts, for events of your own (a presenter's test).
        public init(operation: NavigationOperation, stacks: [[ScreenInstance]]) {
            self.operation = operation
            self.stacks = stacks
        }
    }
}
