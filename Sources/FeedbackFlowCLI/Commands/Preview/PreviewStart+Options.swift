import FlowWeb
import FlowWorkspace

extension PreviewStart {
    /// The start the options of `trigger` describe, for the flow in `file`.
    init(_ trigger: TriggerOptions, file: String) {
        self.init(
            event: trigger.event, historyIsFile: trigger.history != nil, history: { trigger.presentationHistory }, now: trigger.now,
            quietPeriod: trigger.quietPeriod,
            values: { flow, event, entries throws(UsageError) in
                var options = trigger
                if let entries { options.context = try ContextDeclaration(parsing: entries, valueRequired: true) }
                return try options.values(for: flow, file: file, event: event)
            },
            validators: { registry, answer in
                var options = trigger
                if let answer { options.validators[answer.name] = answer.answer }
                options.registering(into: &registry)
            })
    }
}
