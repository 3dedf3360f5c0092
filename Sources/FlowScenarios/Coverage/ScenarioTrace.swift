import FeedbackFlowCore
import FlowSource
import FlowWeb

/// What one run of a flow took: the screens shown, the buttons tapped, and for every
/// action run the steps that ran and the branch each `if` took. Collected from the
/// navigator's events (``ScenarioObserver``); ``FlowCoverage`` marks a flow's items and
/// routes with it.
package struct ScenarioTrace: Sendable, Hashable {
    /// One button of one screen.
    package struct ButtonKey: Sendable, Hashable {
        /// The screen's id.
        package var screen: String
        /// Which of its buttons.
        package var slot: ActionSlot
    }

    /// The ids of the screens shown.
    package var screens: Set<String> = []
    /// The buttons whose action ran.
    package var buttons: Set<ButtonKey> = []
    /// Every action run (and `onFailure` run), in order.
    package var runs: [FlowGraph.ActionRun] = []
    /// Whether the flow was shown at all (started, or presented by its trigger).
    package var started = false
}
