import FlowCompile

/// The names of a flow a flow test may write, gathered once: screen ids, field ids with
/// their kinds, button titles and custom steps. Read by ``FlowTestReader`` to check a
/// file and by the language server to complete one. O(screens + steps) to make.
package struct FlowNames: Sendable {
    /// Screen ids, in the file's order.
    package var screens: [String] = []
    /// Each field's kind by id.
    package var fields: [String: FieldKind] = [:]
    /// Buttons' titles as written, each once, in the file's order.
    package var titles: [String] = []
    /// Whether a title is written with `${…}`, so renders to text not known here.
    package var hasTemplatedTitle = false
    /// The custom steps' names, each once, in the file's order.
    package var customSteps: [String] = []

    /// The names of `flow`.
    package init(_ flow: Flow) {
        var seenTitles: Set<String> = []
        var seenSteps: Set<String> = []
        for screen in flow.screens {
            screens.append(screen.id)
            for block in screen.extraContent {
                if let field = block.field, fields[field.id] == nil { fields[field.id] = field.kind }
            }
            for button in [screen.primaryAction.button, screen.secondaryAction.button].compactMap({ $0 }) {
                if button.title.raw.contains("${") { hasTemplatedTitle = true }
                if seenTitles.insert(button.title.raw).inserted { titles.append(button.title.raw) }
            }
            for step in screen.actions.lazy.flatMap(\.allSteps) {
                if case .custom(let name, _) = step.kind, seenSteps.insert(name).inserted { customSteps.append(name) }
            }
        }
    }
}
