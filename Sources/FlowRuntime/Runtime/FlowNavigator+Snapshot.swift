import FlowCompile
import FlowSource

extension FlowNavigator {
    /// Draws `instance` from the current state, or `nil` if its screen is unknown.
    func makeSnapshot(_ instance: ScreenInstance) -> ScreenSnapshot? {
        guard let screen = screens[instance.screenID] else { return nil }
        let render = lookup(screenID: screen.id)
        let isBusy = runningInstance == instance.id
        let primaryRuns = isBusy && runningSlot == .primary
        let secondaryRuns = isBusy && runningSlot == .secondary
        let isOnTop = state.top?.id == instance.id
        let canTap = isOnTop && runningInstance == nil && outcome == nil
        let position = state.position(of: instance.id)

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
            indexInStack: position?.index, stackDepths: state.depths)
    }

    /// The title a button shows: its `loadingTitle` while its action runs (a retry button
    /// that has one), else its `title`.
    static func shownTitle(of button: ActionButton, running: Bool) -> TemplateString {
        (running ? button.loadingTitle : nil) ?? button.title
    }
}
