import FeedbackFlowCore
import FlowSource

/// What one run of a flow took: the screens shown, the buttons tapped, and for every
/// action run the steps that ran and the branch each `if` took. Collected from the
/// navigator's events (``ScenarioObserver``); ``FlowCoverage`` marks a flow's items and
/// routes with it.
package struct ScenarioTrace: Sendable, Hashable {
    /// One button of one screen.
    package struct Button: Sendable, Hashable {
        /// The screen's id.
        package var screen: String
        /// Which of its buttons.
        package var slot: ActionSlot
    }

    /// The steps one action (or its `onFailure`) ran, in order.
    package struct ActionRun: Sendable, Hashable {
        /// The button whose action ran.
        package var button: Button
        /// Whether these are the steps of its `onFailure`.
        package var isOnFailure: Bool
        /// Where each step that ran starts in the flow file, in order.
        package var steps: [SourcePosition] = []
        /// The branch each `if` that ran took, by where the `if` starts.
        package var branches: [SourcePosition: Bool] = [:]
        /// Whether a step failed (the steps after it did not run).
        package var failed = false
    }

    /// The ids of the screens shown.
    package var screens: Set<String> = []
    /// The buttons whose action ran.
    package var buttons: Set<Button> = []
    /// Every action run, in order.
    package var runs: [ActionRun] = []
    /// Whether the flow was shown at all (started, or presented by its trigger).
    package var started = false

    /// This trace with `other`'s added. O(size of `other`).
    package mutating func merge(_ other: ScenarioTrace) {
        screens.formUnion(other.screens)
        buttons.formUnion(other.buttons)
        runs += other.runs
        started = started || other.started
    }
}
