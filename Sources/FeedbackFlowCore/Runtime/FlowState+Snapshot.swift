import FlowCompile

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
        let render = { (template: TemplateString) in self.render(template, screenID: screen.id) }
        let isBusy = isRunning(instance.id)
        let primaryRuns = isBusy && running?.slot == .primary
        let secondaryRuns = isBusy && running?.slot == .secondary
        let isOnTop = navigation.top?.id == instance.id
        let canTap = isOnTop && running == nil && outcome == nil
        let position = navigation.position(of: instance.id)

        // Hidden blocks (`visibleWhen` false) are not drawn.
        let content = screen.extraContent.filter { isVisible($0, screenID: screen.id) }.map {
            contentSnapshot(of: $0, screenID: screen.id)
        }

        // The fields just drawn say whether the form is complete (``isFormComplete(_:)``'s
        // rule), so the form's values are not checked a second time for the primary action.
        let isFormComplete = content.allSatisfy { block in
            if case .field(let field) = block { field.isComplete } else { true }
        }

        let primary = screen.primaryAction.button.map { button in
            ActionSnapshot(
                slot: .primary, kind: screen.primaryAction.kind ?? .button, title: render(Self.shownTitle(of: button, running: primaryRuns && screen.primaryAction.kind == .retryButton)),
                isEnabled: canTap && isFormComplete && isEnabled(button, screenID: screen.id), isLoading: primaryRuns)
        }
        let secondary = screen.secondaryAction.button.map { button in
            ActionSnapshot(
                slot: .secondary, kind: screen.secondaryAction.kind ?? .button, title: render(button.title),
                isEnabled: canTap && isEnabled(button, screenID: screen.id), isLoading: secondaryRuns)
        }

        return ScreenSnapshot(
            instance: instance, flowID: flowID, style: screen.style, title: render(screen.title),
            subtitle: screen.subtitle.map(render), content: content, primary: primary, secondary: secondary,
            isBusy: isBusy, errorMessage: errors[instance.id], isOnTop: isOnTop, stackIndex: position?.stack,
            indexInStack: position?.index, stackDepths: navigation.depths)
    }

    /// Block `block` of screen `screenID`, drawn as the state is now (whether or not its
    /// `visibleWhen` holds): text rendered, a field with its current value.
    package func contentSnapshot(of block: ContentBlock, screenID: String) -> ContentSnapshot {
        switch block.kind {
        case .text(let text): return .text(render(text, screenID: screenID))
        case .image(let name): return .image(name)
        case .custom(let custom): return .custom(custom)
        case .field:
            guard let id = block.fieldID, let definition = fieldDefinitions[id], let value = values[id] else {
                return .text("")
            }
            let required = isRequired(block, definition: definition, screenID: screenID)
            return .field(FieldSnapshot(
                id: id, label: definition.label, placeholder: definition.placeholder, kind: definition.kind,
                isRequired: required, value: value, problem: definition.problem(value),
                isComplete: definition.isComplete(value, required: required)))
        }
    }

    /// The title a button shows: its `loadingTitle` while its action runs (`running` is
    /// true only for a retry button, the one kind that shows it), else its `title`.
    static func shownTitle(of button: ActionButton, running: Bool) -> TemplateString {
        (running ? button.loadingTitle : nil) ?? button.title
    }
}
