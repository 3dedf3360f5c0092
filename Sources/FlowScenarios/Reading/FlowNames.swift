import FlowCompile

/// The names of a flow a flow test may write, gathered once: screen ids, field ids with
/// their kinds, button titles and custom steps. Read by ``FlowTestReader`` to check a
/// file and by the language server to complete one. O(screens + steps) to make.
package struct FlowNames: Sendable {
    /// Screen ids, in the file's order.
    package var screens: [String] = []
    /// Each field's kind by id.
    package var fields: [String: FieldKind] = [:]
    /// Buttons' titles as they show (`$$` as `$`), each once, in the file's order; a title
    /// written with `${…}` as written.
    package var titles: [String] = []
    /// The titles written with `${…}`, as the text before the first and after the last
    /// `${…}`: a title shown matches when it starts and ends so.
    package var titlePatterns: [(prefix: String, suffix: String)] = []
    /// The custom steps' names, each once, in the file's order.
    package var customSteps: [String] = []

    /// Whether some button of the flow can show `title`: a title without `${…}` as it
    /// shows, or one with `${…}` whose text around it `title` has.
    package func hasTitle(_ title: String) -> Bool {
        titles.contains(title)
            || titlePatterns.contains { title.count >= $0.prefix.count + $0.suffix.count && title.hasPrefix($0.prefix) && title.hasSuffix($0.suffix) }
    }

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
                let title = button.title
                if title.isConstant {
                    let shown = title.render { _ in nil }
                    if seenTitles.insert(shown).inserted { titles.append(shown) }
                    continue
                }
                if seenTitles.insert(title.raw).inserted { titles.append(title.raw) }
                let segments = title.segments
                func literal(_ segment: TemplateString.Segment) -> String? { if case .literal(let text) = segment { text } else { nil } }
                let prefix = segments.prefix { literal($0) != nil }.compactMap(literal).joined()
                let suffix = segments.reversed().prefix { literal($0) != nil }.compactMap(literal).reversed().joined()
                titlePatterns.append((prefix, suffix))
            }
            for step in screen.actions.lazy.flatMap(\.allSteps) {
                if case .custom(let name, _) = step.kind, seenSteps.insert(name).inserted { customSteps.append(name) }
            }
        }
    }
}
