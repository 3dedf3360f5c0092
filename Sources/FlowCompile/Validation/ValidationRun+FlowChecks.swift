import FlowSource

/// The rules about the flow as a whole: screens and cycles a person cannot leave, retry
/// buttons that cannot make a difference, loading titles that say nothing new, fields
/// nothing reads, and screens written twice.
extension ValidationRun {
    /// `dead-end-screen` (warning) at each screen none of whose actions navigates,
    /// dismisses or finishes: once shown, the person cannot leave it.
    mutating func checkDeadEnds() {
        for position in flow.screens.indices where !navigation.hasWayOut(position) {
            let screen = flow.screens[position]
            report(
                .deadEndScreen, "screen '\(screen.id)' has no way out: no action navigates, dismisses or finishes", at: screen.span,
                hint: "give a button a step that leaves it, such as 'dismiss', 'finish' or 'push: NEXT'")
        }
    }

    /// `inescapable-cycle` (warning) at the first screen of each cycle of screens that
    /// every step keeps inside: a group of screens linked by push, present and replace
    /// whose steps never go back, dismiss, finish or lead outside it
    /// (``NavigationGraph/inescapableCycles()``).
    mutating func checkInescapableCycles() {
        for cycle in navigation.inescapableCycles() {
            let screens = flow.screens
            let names = NameList.joined(cycle.lazy.map { screens[$0].id })
            report(
                .inescapableCycle, "screens \(names) form a cycle that cannot be left: every step stays among them",
                at: flow.screens[cycle[0]].span,
                hint: "give one of them a step that goes back, dismisses or finishes ('pop', 'dismiss', 'finish')")
        }
    }

    /// `ineffective-retry` (warning) for a retry button whose action has no step that
    /// can fail (only navigation, `if` and `set`), so retrying it can never have another
    /// outcome; `loading-title-same` (note) for a loading title equal to the title.
    mutating func checkRetryButtons(effect: Bool) {
        // Screens are read in place: most have no retry button, and copying each costs.
        for position in flow.screens.indices {
            guard case .retryButton(let button) = flow.screens[position].primaryAction else { continue }
            let screen = flow.screens[position]
            let steps = button.action.allSteps
            let canFail = steps.contains { $0.kind.canFail }
            if effect, !canFail {
                report(
                    .ineffectiveRetry, "the retry button of screen '\(screen.id)' runs no step that can fail, so retrying changes nothing",
                    at: button.span ?? screen.span,
                    hint: "a retry button is for a step that can fail (collectUserFeedback, openURL, a custom step); use 'button' for the others")
            }
            if let loading = button.loadingTitle, loading.raw == button.title.raw {
                report(
                    .loadingTitleSame, "the loading title of screen '\(screen.id)' is its title, so nothing shows that the action runs",
                    at: button.span ?? screen.span, hint: "say what happens while it runs, such as 'Sending…'")
            }
        }
    }

    /// `unused-field` (note) at each field whose value no template, expression or step
    /// argument reads: it is asked for and thrown away.
    mutating func checkUnusedFields() {
        // A custom step's handler receives every field of the form: then any may be read.
        guard !allSteps.contains(where: { if case .custom = $0.kind { true } else { false } }) else { return }
        var read: Set<String> = []
        for template in allTemplates {
            for reference in template.references { read.insert(reference.name) }
            for (expression, _) in template.expressions { for name in expression.tree?.names ?? [] { read.insert(name.name) } }
        }
        var conditions: [FlowExpression] = []
        for step in allSteps {
            switch step.kind {
            case .branch(let branch): conditions.append(branch.condition)
            case .assign(let assignments): conditions += assignments.map(\.value)
            default: break
            }
        }
        for screen in flow.screens {
            for button in [screen.primaryAction.button, screen.secondaryAction.button] { if let condition = button?.enabledWhen { conditions.append(condition) } }
            for block in screen.extraContent { conditions += [block.visibleWhen, block.requiredWhen].compactMap { $0 } }
        }
        if let condition = flow.trigger?.when { conditions.append(condition) }
        for condition in conditions { for name in condition.tree?.names ?? [] { read.insert(name.name) } }
        for screen in flow.screens {
            for block in screen.extraContent {
                guard let id = block.fieldID, !read.contains(id) else { continue }
                report(
                    .unusedField, "field '\(id)' is never read: no template, expression or step uses its value", at: block.span ?? screen.span,
                    hint: "submit it (collectUserFeedback: {reason: \"${\(id)}\"}), use it in a condition, or remove it")
            }
        }
    }

    /// `duplicate-screen` (note) at each screen with the same content as an earlier one
    /// under another id: one screen, named twice. O(screens) with hashing.
    mutating func checkDuplicateScreens() {
        var first: [FeedbackConfiguration: Int] = [:]
        for position in flow.screens.indices {
            var content = flow.screens[position]
            content.id = ""
            if let earlier = first[content] {
                let screen = flow.screens[position]
                report(
                    .duplicateScreen, "screen '\(screen.id)' has the same content as screen '\(flow.screens[earlier].id)'", at: screen.span,
                    notes: [Diagnostic.Note(message: "the same screen, first defined here", span: flow.screens[earlier].span)],
                    hint: "name one screen from both places, or make them differ")
            } else {
                first[content] = position
            }
        }
    }
}
