import FeedbackFlowCore
import FlowCompile
import FlowFormat

/// Writes the scenario that reproduces a session with a flow (`test --record`): what the
/// person did (fields set, buttons tapped), and after each tap what was then true (the
/// screen on top, the feedback submitted, how the flow ended), with stubs answering the
/// custom steps as they answered.
///
/// Fed from a live run, as a presenter and the run's feedback sink (``present(_:)``,
/// ``submit(_:)``), or from a transcript's lines (``record(_:)``), which hold no field
/// values: the scenario then says so in a comment, and its `submitted:` check only that
/// feedback was submitted.
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
        /// A custom step answered (`failure`: the message it failed with).
        case answered(step: String, failure: String?)
        /// The flow ended.
        case ended(outcome: String)
    }

    /// The steps whose results are not custom steps'.
    static let builtInResults: Set<String> = ["openURL", "collectUserFeedback", "perform"]

    private var events: [Event] = []
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
        case .handlerResult(let result) where !Self.builtInResults.contains(result.step) && !result.isStale:
            if case .failure(let message) = result.outcome {
                events.append(.answered(step: result.step, failure: message))
            } else {
                events.append(.answered(step: result.step, failure: nil))
            }
        case .flowEnded(let outcome):
            if inAction { events.append(.ended(outcome: outcome.name)) }
        case .stepRun, .handlerResult, .stepFailed, .stackChanged:
            break
        }
    }

    package func submit(_ feedback: FeedbackSubmission) async throws {
        events.append(.submitted(feedback))
    }

    /// The scenario named `name`, as an item of a file's `scenarios:` list indented by
    /// `indent` spaces (its `-` there), ending with a newline.
    package func scenario(named name: String, indent: Int) -> String {
        ScenarioText(events: events).yaml(named: name, indent: indent)
    }
}

/// The text of a recorded scenario, built from its events. O(events).
struct ScenarioText {
    let events: [ScenarioRecorder.Event]

    func yaml(named name: String, indent: Int) -> String {
        var steps: [String] = []
        var handlers: [(name: String, answers: [String])] = []
        var knowsFields = true
        var screen: String?
        var checkedScreen: String?
        var pending: [String] = []
        var shownValues: [String: FieldValue] = [:]
        var values: [(id: String, value: FieldValue)] = []

        func flush(final: Bool) {
            var checks: [String] = []
            if let screen, screen != checkedScreen || !pending.isEmpty, !pending.contains(where: { $0.hasPrefix("outcome:") }) {
                checks.append("screen: " + YAMLWriter.scalar(screen))
                checkedScreen = screen
            }
            checks += pending
            pending = []
            if !checks.isEmpty { steps.append("- expect: {" + checks.joined(separator: ", ") + "}") }
        }

        for event in events {
            switch event {
            case .shown(let id, let fields):
                screen = id
                if let fields {
                    values = fields
                    for (field, value) in fields where shownValues[field] == nil { shownValues[field] = value }
                } else {
                    knowsFields = false
                }
            case .updated(let fields):
                values = fields
            case .tapped(let title):
                flush(final: false)
                let changed = values.filter { shownValues[$0.id] != $0.value }
                if !changed.isEmpty {
                    steps.append("- set: {" + changed.map { "\(YAMLWriter.scalar($0.id)): \(Self.literal($0.value))" }.joined(separator: ", ") + "}")
                    for (id, value) in changed { shownValues[id] = value }
                }
                steps.append("- tap: " + YAMLWriter.scalar(title))
            case .submitted(let submission):
                if let submission {
                    var parts = ["rating: \(submission.rating)", "reason: " + (submission.reason.map(YAMLWriter.scalar) ?? "null")]
                    if !submission.custom.isEmpty {
                        parts.append("custom: {" + submission.custom.keys.sorted().map { "\(YAMLWriter.scalar($0)): \(submission.custom[$0].map(Self.literal) ?? "null")" }.joined(separator: ", ") + "}")
                    }
                    pending.append("submitted: {" + parts.joined(separator: ", ") + "}")
                } else {
                    pending.append("submitted: {}")
                }
            case .answered(let step, let failure):
                let answer = failure.map { "{fails: \(YAMLWriter.scalar($0))}" } ?? "{returns: {}}"
                if let index = handlers.firstIndex(where: { $0.name == step }) {
                    handlers[index].answers.append(answer)
                } else {
                    handlers.append((step, [answer]))
                }
            case .ended(let outcome):
                pending.append("outcome: " + YAMLWriter.scalar(outcome))
                screen = nil
            }
        }
        flush(final: true)

        let pad = String(repeating: " ", count: indent)
        var out = "\(pad)- name: \(YAMLWriter.scalar(name))\n"
        if !knowsFields {
            out += "\(pad)  # Recorded from a transcript, which holds no field values: add 'set:' steps before\n"
            out += "\(pad)  # the taps that need them, and the values to 'submitted:'.\n"
        }
        if !handlers.isEmpty {
            out += "\(pad)  handlers:\n"
            for (name, answers) in handlers {
                out += "\(pad)    \(YAMLWriter.scalar(name)): " + (answers.count == 1 ? answers[0] : "[" + answers.joined(separator: ", ") + "]") + "\n"
            }
        }
        out += "\(pad)  steps:\n"
        for step in steps { out += "\(pad)    \(step)\n" }
        return out
    }

    /// A field's or submission's value as the scenario writes it.
    static func literal(_ value: FieldValue) -> String {
        switch value {
        case .rating(let stars): String(stars)
        case .toggle(let on): on ? "true" : "false"
        case .text(let text): YAMLWriter.scalar(text)
        case .unrated: "null"
        }
    }

    static func literal(_ value: FlowValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let on): on ? "true" : "false"
        case .number(let text): text
        case .string(let text): YAMLWriter.scalar(text)
        case .list, .object: value.jsonText  // JSON is YAML flow style
        }
    }
}
