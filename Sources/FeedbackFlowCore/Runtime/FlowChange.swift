import FlowCompile

/// The closed set of changes to a ``FlowState``: everything that can happen to a running
/// flow, as a value. ``FlowNavigator`` turns each call and each step of a running action
/// into one of these and applies it with ``FlowState/apply(_:)``, which returns the
/// events the change causes.
///
/// A change the host asks for (``start``, ``navigate(_:by:)``, ``show(_:presenting:by:)``,
/// ``setField(_:to:)``, ``beginAction(_:_:)``) may be refused with a ``FlowChangeError``;
/// the state is then unchanged. The changes a running action reports
/// (``runStep(_:of:isOnFailure:)``, ``recordResult(step:of:outcome:)``,
/// ``failStep(_:of:message:)``, ``endAction(of:errorMessage:)``) are never refused: they
/// change nothing and give no event when their action no longer runs (the host closed its
/// screen or ended the flow), so a late result cannot act on the screens shown now.
/// ``cancelAction`` and ``conclude(_:)`` are never refused either.
package enum FlowChange: Sendable, Hashable {
    /// Who asks for a navigation: the host, or the running action itself (a navigation
    /// step, a button's completion, a handler, a task they start).
    package enum Origin: Sendable, Hashable {
        /// The host (a back gesture, a sheet swiped away, `pushFeedback` from app code).
        /// While an action runs, only a removal that takes the busy screen away is allowed,
        /// and it cancels that action.
        case host
        /// The running action: never refused as busy.
        case action
    }

    /// Brings in the flow's start screen as its `presentation` says (`present`: a new
    /// stack; `push`: pushed). Refused with ``NavigatorError/flowEnded``,
    /// ``NavigatorError/alreadyStarted``, or ``NavigatorError/unknownScreen(_:)``.
    case start
    /// Applies a navigation operation (a navigation step, or the host's `navigate`).
    /// Refused with ``NavigatorError/flowEnded``, ``NavigatorError/busy`` (a host
    /// navigation while an action runs that does not remove the busy screen),
    /// ``NavigatorError/unknownScreen(_:)`` or ``NavigatorError/navigation(_:)``.
    case navigate(NavigationOperation, by: Origin)
    /// Adds a configuration built in Swift to the screen table (under a fresh id when its
    /// id is taken) and pushes it, or presents it on a new stack. Refused with
    /// ``NavigatorError/flowEnded``, ``NavigatorError/busy`` (from the host while an
    /// action runs) or ``NavigatorError/conflictingField(field:screen:)``.
    case show(FeedbackConfiguration, presenting: Bool, by: Origin)
    /// Sets a field's value; allowed while an action runs. Refused with a ``FieldError``.
    case setField(String, to: FieldValue)
    /// Gives the flow variable a value (a `set` step). Refused with
    /// ``FlowChangeError/variable(_:)`` for an undeclared variable or a value of another
    /// type; nothing happens once the flow has ended.
    case setVariable(String, to: ExpressionValue)
    /// Adds or replaces values the host provides (the payload of the event that presented
    /// the flow, a context value that changed, what a handler returned); gives
    /// ``NavigatorEvent/screenUpdated(_:)`` of the top screen, unless an action runs (its
    /// end redraws the screen). Never refused.
    case updateContext([String: ExpressionValue])
    /// A tap on `slot` of an instance that passes the tap checks: the instance becomes
    /// busy and its stored error message is cleared. Refused with the ``TapResult`` that
    /// says why (``TapResult/ignoredFlowEnded``, ``TapResult/ignoredStale``,
    /// ``TapResult/ignoredBusy``, ``TapResult/ignoredNoAction``,
    /// ``TapResult/ignoredDisabled``, checked in that order).
    case beginAction(ScreenInstanceID, ActionSlot)
    /// The running action of the instance is about to run `step` (of its `onFailure` when
    /// `isOnFailure`).
    case runStep(Step, of: ScreenInstanceID, isOnFailure: Bool)
    /// A handler step of the instance's action returned or threw. Recorded as stale when
    /// that action no longer runs (the host closed its screen).
    case recordResult(step: String, of: ScreenInstance, outcome: NavigatorEvent.HandlerResult.Outcome)
    /// A step of the instance's running action failed with `message`.
    case failStep(String, of: ScreenInstanceID, message: String)
    /// The instance's running action ended; `errorMessage` (the failure that was not
    /// handled by `onFailure`) is kept on the instance while it is on the stacks.
    case endAction(of: ScreenInstanceID, errorMessage: String?)
    /// Cancels the running action, if any (the host ends the flow): nothing is busy any more.
    case cancelAction
    /// Ends the flow with an outcome (a `finish` step, or the host's `end`); nothing
    /// happens once the flow has ended.
    case conclude(FlowOutcome)
}
