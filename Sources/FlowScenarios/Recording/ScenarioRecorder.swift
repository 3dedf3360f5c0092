import FeedbackFlowCore
import FlowCompile
import FlowFormat

/// Writes the scenario that reproduces a session with a flow (`test --record`): what the
/// person did (fields set, buttons tapped), and after each tap what was then true (the
/// screen on top, the feedback submitted, how the flow ended), with stubs answering the
/// custom steps as they answered.
///
/// Fed from a live run, as a presenter and the run's feedback sink (``present(_:)``,
/// ``submit(_:)``), with each custom step's handler wrapped in a
/// ``RecordingStepHandler`` that records what it returned; or from a transcript's lines
/// (``record(_:)``), which hold no field values and no returned values: the scenario then
/// says so in a comment, and its `submitted:` check only that feedback was submitted.
package actor ScenarioRecorder: Presenter, FeedbackSink {
    /// What happened, in the words the scenario is written in.
    package enum Event: Sendable {
        /// A screen came on top, with its fields' values (`nil`: not known).
        case shown(screen: String, fields: [(id: String, value: FieldValue)]?)
        /// The top screen's fields changed.
        case updated(fields: [(id: String, value: FieldValue)])
        /// A button was tapped.
        case tapped(title: String)
        /// Feedback was submitted (`nil`: its values are not known).
        case submitted(FeedbackSubmission?)
        /// A custom step answered: the values it returned (`nil`: not known), or the
        /// message it failed with.
        case answered(step: String, returns: [String: ExpressionValue]?, failure: String?)
        /// The person went back (line mode's `back`): the host popped the top screen.
        case back
        /// An `openURL` step opened this URL.
        case opened(String)
        /// The flow ended.
        case ended(outcome: String)
    }

    /// The steps whose results are not custom steps'.
    static let builtInResults: Set<String> = ["openURL", "collectUserFeedback", "perform"]

    private var events: [Event] = []
    /// The URL of the `openURL` step running, until its result says it was opened.
    private var opening: String?
    /// Whether a tapped action is running: the flow ending then is the flow's outcome;
    /// ending otherwise, the host ended it (line mode's quit, the end of its input), which
    /// a scenario does not do.
    private var inAction = false

    /// A recorder that has seen nothing.
    package init() {}

    /// Records `event`.
    package func record(_ event: Event) {
        events.append(event)
    }

    /// Records what a person did and saw in `event`.
    package func present(_ event: NavigatorEvent) {
        switch event {
        case .screenShown(let snapshot):
            events.append(.shown(screen: snapshot.instance.screenID, fields: snapshot.fields.map { ($0.id, $0.value) }))
        case .screenUpdated(let snapshot):
            if !snapshot.isBusy { inAction = false }
            events.append(.updated(fields: snapshot.fields.map { ($0.id, $0.value) }))
        case .actionTapped(let tap):
            inAction = true
            events.append(.tapped(title: tap.title))
        case .stepRun(let run) where run.step == "openURL":
            opening = run.argument?.stringValue
        case .handlerResult(let result) where result.step == "openURL":
            if case .success = result.outcome, let url = opening { events.append(.opened(url)) }
            opening = nil
        case .stackChanged(let change) where !inAction && change.operation == .pop:
            events.append(.back)
        case .flowEnded(let outcome):
            if inAction { events.append(.ended(outcome: outcome.name)) }
        case .stepRun, .handlerResult, .stepFailed, .stackChanged:
            break
        }
    }

    /// Records the feedback the flow submitted.
    package func submit(_ feedback: FeedbackSubmission) async throws {
        events.append(.submitted(feedback))
    }

    /// The scenario named `name`, as an item of a file's `scenarios:` list indented by
    /// `indent` spaces (its `-` there), ending with a newline.
    package func scenario(named name: String, indent: Int) -> String {
        ScenarioText(events: events).yaml(named: name, indent: indent)
    }
}
