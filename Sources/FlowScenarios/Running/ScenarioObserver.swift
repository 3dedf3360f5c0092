import FeedbackFlowCore
import FlowWeb

/// The presenter a scenario's navigator reports to: it keeps the ``ScenarioTrace`` of the
/// run. Events arrive in the navigator's order, one at a time; a call that returned
/// (a tap, a start) has had its events delivered.
package actor ScenarioObserver: Presenter {
    /// What the run took so far.
    package private(set) var trace = ScenarioTrace()

    /// An observer that has seen nothing.
    package init() {}

    /// Adds what `event` shows to the trace.
    package func present(_ event: NavigatorEvent) {
        switch event {
        case .screenShown(let snapshot):
            trace.started = true
            trace.screens.insert(snapshot.instance.screenID)
        case .actionTapped(let tap):
            trace.buttons.insert(ScenarioTrace.ButtonKey(screen: tap.instance.screenID, slot: tap.slot))
            trace.runs.append(FlowGraph.ActionRun(screen: tap.instance.screenID, slot: tap.slot, isOnFailure: false))
        case .stepRun(let run):
            guard let last = trace.runs.last else { return }
            if run.isOnFailure, !last.isOnFailure {
                trace.runs.append(FlowGraph.ActionRun(screen: last.screen, slot: last.slot, isOnFailure: true))
            }
            guard let start = run.position else { return }
            let index = trace.runs.count - 1
            trace.runs[index].steps.insert(start)
            if let taken = run.branchTaken { trace.runs[index].branches[start] = taken }
        case .stepFailed:
            guard !trace.runs.isEmpty else { return }
            trace.runs[trace.runs.count - 1].failed = true
        case .screenUpdated, .handlerResult, .stackChanged, .flowEnded:
            break
        }
    }
}
