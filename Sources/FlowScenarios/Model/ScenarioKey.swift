/// One key of a flow test file (`*.flowtest.yaml`): its name, whether it must be written,
/// and what it means. The tables of ``ScenarioKey`` are the one list of the format's keys:
/// the reader checks a file against them, the language server completes and explains
/// them, and the JSON Schema's test compares `schemas/feedbackflow-test.schema.json` with
/// them.
package struct ScenarioKey: Sendable, Hashable {
    /// The key as written.
    package let name: String
    /// Whether a mapping of its table must have it.
    package let isRequired: Bool
    /// One sentence: what the key says.
    package let help: String

    init(_ name: String, required: Bool = false, _ help: String) {
        self.name = name
        self.isRequired = required
        self.help = help
    }

    /// The names of `table`'s keys, in order.
    package static func names(_ table: [ScenarioKey]) -> [String] { table.map(\.name) }

    // MARK: The tables

    /// The top of a file.
    package static let file: [ScenarioKey] = [
        ScenarioKey("flow", required: true, "The flow file the scenarios run, relative to this file."),
        ScenarioKey("scenarios", required: true, "The scenarios, each run on a new navigator in order."),
    ]

    /// One scenario.
    package static let scenario: [ScenarioKey] = [
        ScenarioKey("name", required: true, "What the scenario shows, unique in the file: the test case's name in reports."),
        ScenarioKey("context", "Values the host gives the flow (declared under the flow's context), typed as declared."),
        ScenarioKey("trigger", "Start by the flow's trigger instead of plainly: the event, its values, validators, clock and history."),
        ScenarioKey("handlers", "Stubs of the flow's custom steps: what each returns, or how it fails, in order of calls."),
        ScenarioKey("steps", required: true, "What a person does and what must then be true, in order: set, tap, event, expect."),
    ]

    /// `trigger:` of a scenario.
    package static let trigger: [ScenarioKey] = [
        ScenarioKey("event", required: true, "The event reported to the flow's trigger."),
        ScenarioKey("context", "Values given with the event: host values and the event's payload as event.NAME."),
        ScenarioKey("validators", "The answers of the trigger's validators, by name: true or false."),
        ScenarioKey("now", "The clock: an ISO 8601 time with a zone, or 'day N' after 2026-01-01T00:00:00Z (day 0, the default)."),
        ScenarioKey("history", "Earlier presentations of this flow, each {at: TIME, responded: true|false}."),
        ScenarioKey("quietPeriod", "Seconds after any presentation during which nothing is presented."),
    ]

    /// One entry of `history:`.
    package static let historyEntry: [ScenarioKey] = [
        ScenarioKey("at", required: true, "When the flow was presented: an ISO 8601 time or 'day N'."),
        ScenarioKey("responded", "Whether the person responded that time (default false)."),
    ]

    /// One answer of a handler stub.
    package static let handlerAnswer: [ScenarioKey] = [
        ScenarioKey("returns", "The values the handler returns, read by later steps as NAME.KEY (default none)."),
        ScenarioKey("fails", "The handler throws with this message: the step fails."),
        ScenarioKey("delay", "Seconds the handler takes before it answers (at most 10)."),
    ]

    /// One step: exactly one of these keys.
    package static let step: [ScenarioKey] = [
        ScenarioKey("set", "Set fields of the top screen, as a person would: {FIELD: VALUE}."),
        ScenarioKey("tap", "Tap the top screen's button with this title, as rendered; its action runs to its end."),
        ScenarioKey("back", "Go back as a person does with the system's back control: the top screen is popped (write 'back: true')."),
        ScenarioKey("event", "Report an event to the flow's trigger: a name, or {name, context}."),
        ScenarioKey("expect", "What must be true now; every key given is checked."),
    ]

    /// `event:` written as a mapping.
    package static let event: [ScenarioKey] = [
        ScenarioKey("name", required: true, "The event's name."),
        ScenarioKey("context", "Values given with the event."),
    ]

    /// `expect:`.
    package static let expect: [ScenarioKey] = [
        ScenarioKey("screen", "The id of the screen on top."),
        ScenarioKey("title", "The top screen's title, as rendered."),
        ScenarioKey("stacks", "The stacks, bottom first, each a list of screen ids from its root."),
        ScenarioKey("fields", "Fields of the top screen by id, each {value, valid, required, visible, problem}."),
        ScenarioKey("buttons", "Buttons of the top screen by title, each {enabled}."),
        ScenarioKey("error", "The top screen's error message (null: none)."),
        ScenarioKey("submitted", "The next feedback submitted, {rating, reason, custom, screen}; every submission must be expected."),
        ScenarioKey("outcome", "How the flow ended: finished, dismissed, quit or a finish: name."),
        ScenarioKey("decision", "The trigger's last decision: presented, or {presented: false, reason: TEXT}."),
        ScenarioKey("opened", "The next URL an openURL step opened; every URL opened must be expected."),
    ]

    /// One field of `fields:`.
    package static let field: [ScenarioKey] = [
        ScenarioKey("value", "The field's value: a whole number for a rating, true/false for a toggle, text, or null for unrated."),
        ScenarioKey("valid", "Whether the field is complete: filled when required, in its format."),
        ScenarioKey("required", "Whether the field is required now."),
        ScenarioKey("visible", "Whether the field is shown now (false: hidden by visibleWhen)."),
        ScenarioKey("problem", "The message shown under the field (null: none)."),
    ]

    /// One button of `buttons:`.
    package static let button: [ScenarioKey] = [
        ScenarioKey("enabled", "Whether the button can be tapped now."),
    ]

    /// `submitted:`; only the keys given are compared.
    package static let submitted: [ScenarioKey] = [
        ScenarioKey("rating", "The submitted rating."),
        ScenarioKey("reason", "The submitted reason (null: none)."),
        ScenarioKey("custom", "Custom values submitted, by key; only the keys given are compared."),
        ScenarioKey("screen", "The id of the screen whose action submitted it."),
    ]

    /// `decision:` written as a mapping.
    package static let decision: [ScenarioKey] = [
        ScenarioKey("presented", required: true, "Whether the trigger presented the flow."),
        ScenarioKey("reason", "Why not: the reason's text, or its beginning."),
    ]

    /// Every table by the name of its definition in `schemas/feedbackflow-test.schema.json`
    /// (`file` is the schema's top level), which a test compares with the schema.
    package static let byDefinition: [String: [ScenarioKey]] = [
        "file": file, "scenario": scenario, "trigger": trigger, "historyEntry": historyEntry, "handlerAnswer": handlerAnswer,
        "step": step, "event": event, "expect": expect, "field": field, "button": button, "submitted": submitted, "decision": decision,
    ]

    /// The table of the mapping at `path`, the keys from the top of the file (a list
    /// item adds nothing; under `handlers`, `fields` and `buttons` the next element is the
    /// handler's name, the field's id or the button's title), or `nil` where the keys are
    /// not the format's (names of the flow's, values). O(path).
    package static func table(at path: [String]) -> [ScenarioKey]? {
        var table = file
        var index = 0
        while index < path.count {
            let key = path[index]
            guard table.contains(where: { $0.name == key }) else { return nil }
            switch key {
            case "scenarios": table = scenario
            case "trigger": table = trigger
            case "history": table = historyEntry
            case "steps": table = step
            case "event": table = event
            case "expect": table = expect
            case "submitted": table = submitted
            case "decision": table = decision
            case "handlers", "fields", "buttons":
                index += 1
                guard index < path.count else { return nil }
                table = key == "handlers" ? handlerAnswer : key == "fields" ? field : button
            default: return nil
            }
            index += 1
        }
        return table
    }
}

extension ScenarioKey {
    /// The tables of docs/testing.md's "Keys" section, generated here so the page and the
    /// format cannot differ (a test compares them): one table per mapping of the format.
    package static var markdownTables: String {
        let tables: [(title: String, keys: [ScenarioKey])] = [
            ("The file", file), ("A scenario (`scenarios:` item)", scenario), ("`trigger:`", trigger),
            ("A `history:` item", historyEntry), ("A stub's answer (`handlers: {NAME: ANSWER or [ANSWER, …]}`)", handlerAnswer),
            ("A step (`steps:` item; exactly one key)", step), ("`event:` written as a mapping", event), ("`expect:`", expect),
            ("A field of `fields:` (by id)", field), ("A button of `buttons:` (by title)", button), ("`submitted:`", submitted),
            ("`decision:` written as a mapping", decision),
        ]
        var out = ""
        for (title, keys) in tables {
            out += "\(title):\n\n| key | required | meaning |\n|---|---|---|\n"
            for key in keys { out += "| `\(key.name)` | \(key.isRequired ? "yes" : "") | \(key.help) |\n" }
            out += "\n"
        }
        return out
    }
}
