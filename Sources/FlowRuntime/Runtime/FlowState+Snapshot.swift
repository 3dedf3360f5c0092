import FlowCompile
import FlowSource

/// Screens drawn from the state.
extension FlowState {
    /// The screen on top, drawn; `nil` when nothing is shown.
    package func snapshot() -> ScreenSnapshot? {
        navigation.top.flatMap(snapshot(of:))
    }

    /// The instance `id`, drawn; `nil` if it is not on the stacks.
    package func snapshot(of id: ScreenInstanceID) -> ScreenSnapshot? {
        guard let (stack, index) = navigation.position(of: id) else { return nil }
        return snapshot(of: navigation.stacks[stack][index])
    }

    /// Draws `instance` from the state, or `nil` if its screen is not in the table. An
    /// instance no longer on the stacks is drawn without a position and not on top.
    package func snapshot(of instance: ScreenInstance) -> ScreenSnapshot? {
        guard let screen = screens[instance.screenID] else { return nil }
        let render = lookup(screenID: screen.id)
        let isBusy = isRunning(instance.id)
        let primaryRuns = isBusy && running?.slot == .primary
        let secondaryRuns = isBusy && running?.slot == .secondary
        let isOnTop = navigation.top?.id == instance.id
        let canTap = isOnTop && running == nil && outcome == nil
        let position = navigation.position(of: instance.id)

        let content: [ContentSnapshot] = screen.extraContent.map { block in
            switch block.kind {
            case .text(let text): return .text(text.render(render))
            case .image(let name): return .image(name)
            case .custom(let custom): return .custom(custom)
            case .field:
                guard let id = block.fieldID, let definition = fieldDefinitions[id], let value = values[id] else {
                    return .text("")
                }
                return .field(FieldSnapshot(
                    id: id, label: definition.label, placeholder: definition.placeholder, kind: definition.kind,
                    isRequired: definition.required, value: value, problem: definition.problem(value),
                    isComplete: definition.isComplete(value)))
            }
        }

        // The fields just drawn say whether the form is complete (``isFormComplete(_:)``'s
        // rule), so the form's values are not checked a second time for the primary action.
        let isFormComplete = content.allSatisfy { block in
            if case .field(let field) = block { field.isComplete } else { true }
        }

        let primary = screen.primaryAction.button.map { button in
            ActionSnapshot(
                slot: .primary, kind: button.kind, title: Self.shownTitle(of: button, running: primaryRuns).render(render),
                isEnabled: canTap && isFormComplete, isLoading: primaryRuns)
        }
        let secondary = screen.secondaryAction.button.map { button in
            ActionSnapshot(
                slot: .secondary, kind: button.kind, title: Self.shownTitle(of: button, running: secondaryRuns).render(render),
                isEnabled: canTap, isLoading: secondaryRuns)
        }

        return ScreenSnapshot(
            instance: instance, flowID: flowID, style: screen.style, title: screen.title.render(render),
            subtitle: screen.subtitle?.render(render), content: content, primary: primary, secondary: secondary,
            isBusy: isBusy, errorMessage: errors[instance.id], isOnTop: isOnTop, stackIndex: position?.stack,
            indexInStack: position?.index, stackDepths: navigation.depths)
    }

    /// The title a button shows: its `loadingTitle` while its action runs (a retry button
    /// that has one), else its `title`.
    static func shownTitle(of button: ActionButton, running: Bool) -> TemplateString {
        (running ? button.loadingTitle : nil) ?? button.title
    }
}
