import FlowSource

/// The user-facing strings of a flow, walked in one place: what `strings export` writes
/// to a catalog, what `validate --strings` checks, and what ``Flow/localized(with:locale:)``
/// replaces. Never ids, step names, outcomes, URLs or what is submitted. O(strings).
package enum FlowStrings {
    /// Every user-facing string of `flow`, screen by screen in written order.
    package static func all(in flow: Flow) -> [FlowString] {
        var copy = flow
        var found: [FlowString] = []
        visit(&copy) { string in
            found.append(string)
            return nil
        }
        return found
    }

    /// The keys of the strings a person can see: those of the screens a chain of steps from
    /// the start shows, without those of content blocks whose `visibleWhen` is false for
    /// every value its names can take (the validator's domain analysis). O(flow).
    package static func visibleKeys(in flow: Flow, options: CompileOptions = CompileOptions()) -> Set<String> {
        var run = ValidationRun(flow: flow, options: options)
        _ = run.checkFieldIDs()
        let reachable = run.reachableScreens()
        let environment = run.expressionEnvironment()
        var hidden: Set<String> = []
        for screen in flow.screens {
            for (index, block) in screen.extraContent.enumerated() {
                guard let condition = block.visibleWhen, let tree = condition.tree,
                    ExpressionDomainAnalysis.constantValue(of: tree, domains: environment.domains) == .boolean(false)
                else { continue }
                hidden.insert("\(screen.id)#\(index)")
            }
        }
        return Set(all(in: flow).filter { string in
            reachable.contains(string.screenID) && !(string.block.map { hidden.contains("\(string.screenID)#\($0)") } ?? false)
        }.map(\.key))
    }

    /// `flow` with each string for which `replacement` gives a template written with it
    /// instead (a label or placeholder with its text).
    package static func replacing(in flow: Flow, _ replacement: (FlowString) -> TemplateString?) -> Flow {
        var copy = flow
        visit(&copy, replacement)
        return copy
    }

    /// Calls `body` on each string, in order, and writes what it returns (when not `nil`)
    /// in its place.
    private static func visit(_ flow: inout Flow, _ body: (FlowString) -> TemplateString?) {
        let flowID = flow.id
        for position in flow.screens.indices {
            let screen = flow.screens[position]
            var block: Int?
            func string(_ suffix: String, _ role: String, _ text: String, _ span: SourceSpan?) -> FlowString {
                FlowString(
                    key: "\(flowID).\(screen.id).\(suffix)", flowID: flowID, screenID: screen.id, style: screen.style.name,
                    role: role, text: text, span: span, block: block)
            }
            func template(_ suffix: String, _ role: String, _ value: TemplateString) -> TemplateString? {
                body(string(suffix, role, value.raw, value.span))
            }
            if let title = template("title", "title", screen.title) { flow.screens[position].title = title }
            if let subtitle = screen.subtitle, let text = template("subtitle", "subtitle", subtitle) {
                flow.screens[position].subtitle = text
            }
            var textCount = 0
            for index in screen.extraContent.indices {
                block = index
                switch screen.extraContent[index].kind {
                case .text(let text):
                    textCount += 1
                    if let new = template("text.\(textCount)", "text \(textCount)", text) {
                        flow.screens[position].extraContent[index].kind = .text(new)
                    }
                case .field(var field):
                    var changed = false
                    if let label = field.label, let new = body(string("\(field.id).label", "label of field \(field.id)", label, nil)) {
                        field.label = new.raw
                        changed = true
                    }
                    if let placeholder = field.placeholder,
                        let new = body(string("\(field.id).placeholder", "placeholder of field \(field.id)", placeholder, nil))
                    {
                        field.placeholder = new.raw
                        changed = true
                    }
                    if changed { flow.screens[position].extraContent[index].kind = .field(field) }
                case .image, .custom: break
                }
            }
            block = nil
            func button(_ slot: String, _ name: String, _ button: ActionButton) -> ActionButton? {
                var button = button
                var changed = false
                if let title = template("\(slot).title", "\(name)", button.title) {
                    button.title = title
                    changed = true
                }
                if let loading = button.loadingTitle, let text = template("\(slot).loadingTitle", "\(name) while loading", loading) {
                    button.loadingTitle = text
                    changed = true
                }
                return changed ? button : nil
            }
            switch screen.primaryAction {
            case .none: break
            case .button(let b): if let new = button("primaryAction", "primary button", b) { flow.screens[position].primaryAction = .button(new) }
            case .retryButton(let b):
                if let new = button("primaryAction", "primary retry button", b) { flow.screens[position].primaryAction = .retryButton(new) }
            }
            switch screen.secondaryAction {
            case .none: break
            case .button(let b): if let new = button("secondaryAction", "secondary button", b) { flow.screens[position].secondaryAction = .button(new) }
            case .link(let b): if let new = button("secondaryAction", "secondary link", b) { flow.screens[position].secondaryAction = .link(new) }
            }
        }
    }
}
