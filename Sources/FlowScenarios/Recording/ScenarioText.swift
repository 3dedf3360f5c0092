import FeedbackFlowCore
import FlowCompile
import FlowFormat

/// The text of a recorded scenario, built from its events. O(events).
struct ScenarioText {
    let events: [ScenarioRecorder.Event]

    func yaml(named name: String, indent: Int) -> String {
        var steps: [String] = []
        var handlers: [(name: String, answers: [String])] = []
        var knowsFields = true
        var knowsReturns = true
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
                // A field seen for the first time (shown by a visibleWhen) at its empty start is no change.
                let changed = values.filter { shownValues[$0.id] != $0.value && !(shownValues[$0.id] == nil && $0.value == .text("")) }
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
            case .answered(let step, let returns, let failure):
                if returns == nil, failure == nil { knowsReturns = false }
                let values = (returns ?? [:]).sorted { $0.key < $1.key }.map { "\(YAMLWriter.scalar($0.key)): \(Self.literal($0.value))" }
                let answer = failure.map { "{fails: \(YAMLWriter.scalar($0))}" } ?? "{returns: {\(values.joined(separator: ", "))}}"
                if let index = handlers.firstIndex(where: { $0.name == step }) {
                    handlers[index].answers.append(answer)
                } else {
                    handlers.append((step, [answer]))
                }
            case .opened(let url):
                pending.append("opened: " + YAMLWriter.scalar(url))
            case .back:
                flush(final: false)
                steps.append("- back: true")
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
        if !knowsReturns {
            out += "\(pad)  # Recorded from a transcript, which holds no values a custom step returned: add them\n"
            out += "\(pad)  # to 'returns:' where later steps read them.\n"
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

    /// A field's value as the scenario writes it.
    static func literal(_ value: FieldValue) -> String {
        switch value {
        case .rating(let stars): String(stars)
        case .toggle(let on): on ? "true" : "false"
        case .text(let text): YAMLWriter.scalar(text)
        case .unrated: "null"
        }
    }

    /// A value a custom step returned, as a stub writes it.
    static func literal(_ value: ExpressionValue) -> String {
        if case .string(let text) = value { return YAMLWriter.scalar(text) }
        return value.literal
    }

    /// A submitted custom value as the scenario writes it.
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
