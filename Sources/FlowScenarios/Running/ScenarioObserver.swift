import FeedbackFlowCore

/// The presenter a scenario's navigator reports to: it keeps the ``ScenarioTrace`` of the
/// run. Events arrive in the navigator's order, one at a time; a call that returned
/// (a tap, a start) has had its events delivered.
package actor ScenarioObserver: Presenter {
    /// What the run took so far.
    package private(set) var trace = ScenarioTrace()

    /// An observer that has seen nothing.
    package init() {}

    package func present(_ event: NavigatorEvent) {
        switch event {
        case .screenShown(let snapshot):
            trace.started = true
            trace.screens.insert(snapshot.instance.screenID)
        case .actionTapped(let tap):
            let button = ScenarioTrace.Button(screen: tap.instance.screenID, slot: tap.slot)
            trace.buttons.insert(button)
            trace.runs.append(ScenarioTrace.ActionRun(button: button, isOnFailure: false))
        case .stepRun(let run):
            guard var last = trace.runs.last else { return }
            if run.isOnFailure, !last.isOnFailure {
                trace.runs.append(ScenarioTrace.ActionRun(button: last.button, isOnFailure: true))
                last = trace.runs[trace.runs.count - 1]
            }
            guard let start = run.span?.start else { return }
            last.steps.append(start)
            if let taken = run.branchTaken { last.branches[start] = taken }
            trace.runs[trace.runs.count - 1] = last
        case .stepFailed:
            guard !trace.runs.isEmpty else { return }
            trace.runs[trace.runs.count - 1].failed = true
        case .screenUpdated, .handlerResult, .stackChanged, .flowEnded:
            break
        }
    }
}
