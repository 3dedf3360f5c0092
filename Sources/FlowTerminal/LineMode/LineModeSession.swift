import FlowCompile
import FeedbackFlowCore
import FlowSource

/// One line-mode run: reads commands and applies them through the navigator's public
/// API; what is on the screen comes from the ``LineModePresenter``, which the navigator's
/// events keep up to date. Lives inside ``LineModeRunner/run()`` only.
struct LineModeSession {
    let navigator: FlowNavigator
    let presenter: LineModePresenter
    let input: any LineReader
    let output: any TextWriter
    let renderer: ScreenRenderer
    /// An event the trigger decides on instead of a plain start, with its context.
    let event: (name: String, context: [String: ExpressionValue])?

    init(
        navigator: FlowNavigator, presenter: LineModePresenter, input: any LineReader, output: any TextWriter,
        renderer: ScreenRenderer, event: (name: String, context: [String: ExpressionValue])? = nil
    ) {
        self.navigator = navigator
        self.presenter = presenter
        self.event = event
        self.input = input
        self.output = output
        self.renderer = renderer
    }

    private var style: TerminalStyle { renderer.style }

    func run() async -> LineModeEnding {
        if let event {
            let decision = await navigator.handle(event: event.name, context: event.context)
            guard case .present = decision else {
                output.write(renderer.sanitize(decision.description) + "\n")
                if case .suppressed(let reason) = decision { return .notPresented(reason) }
                return .notPresented(.alreadyStarted)
            }
        } else {
            do {
                try await navigator.start()
            } catch {
                say(error: "cannot start flow '\(navigator.flowID)': \(error)")
                return .notStarted(error)
            }
        }
        while true {
            // The navigator's word, not the presenter's: the run ends even if an event
            // went astray.
            if let outcome = await navigator.outcome { return .ended(outcome) }
            await presenter.drawIfNew()
            output.write(style.apply("> ", .bold))
            if output.failure != nil {
                await navigator.end(.outputClosed)
                continue
            }
            guard let line = await input.readLine() else {
                output.write("\n")
                await navigator.end(.inputEnded)
                continue
            }
            switch LineCommand.parse(line) {
            case .failure(let error): say(error: error.message)
            case .success(let command): await execute(command)
            }
        }
    }

    // MARK: Commands

    private func execute(_ command: LineCommand) async {
        guard let snapshot = await presenter.screen else { return }
        switch command {
        case .nothing:
            break
        case .help:
            output.write(LineCommand.helpText + "\n")
        case .show:
            await presenter.redraw()
        case .quit:
            await navigator.end(.quit)
        case .back:
            do {
                try await navigator.navigate(.pop)
            } catch {
                say(error: String(describing: error))
            }
        case .tap(let number):
            await tap(number, on: snapshot)
        case .set(let id, let value):
            guard let field = await field(id, in: snapshot) else { return }
            switch field.kind.value(typed: value, field: field.id) {
            case .success(let typed): await set(field, typed, before: snapshot)
            case .failure(let problem): say(error: problem.message)
            }
        case .rate(let id, let value):
            guard let field = await onlyField(id, kindName: "rating", in: snapshot) else { return }
            await setRating(field, value)
        case .toggle(let id):
            guard let field = await onlyField(id, kindName: "toggle", in: snapshot) else { return }
            guard case .toggle(let on) = field.value else { return say(error: "'\(field.id)' is not a toggle") }
            await set(field, .toggle(!on), before: snapshot)
        case .clear(let id):
            guard let field = await field(id, in: snapshot) else { return }
            guard case .text = field.value else { return say(error: "'\(id)' is not a text field") }
            await set(field, .text(""), before: snapshot)
        case .edit(let id):
            guard let field = await field(id, in: snapshot) else { return }
            guard case .text = field.value else { return say(error: "'\(id)' is not a text field") }
            guard case .textEditor = field.kind else {
                return say(error: "'\(id)' is one line of text: use set \(id) VALUE")
            }
            output.write(style.apply("Type the text; end with a line holding a single \".\"", .dim) + "\n")
            var lines: [String] = []
            while true {
                output.write(style.apply("| ", .dim))
                if output.failure != nil {
                    await navigator.end(.outputClosed)
                    return
                }
                guard let line = await input.readLine() else {
                    // End of input: keep what was typed, say so, then end like at the prompt.
                    output.write("\n")
                    if !lines.isEmpty {
                        await set(field, .text(lines.joined(separator: "\n")), before: snapshot)
                        let count = lines.count == 1 ? "the line" : "the \(lines.count) lines"
                        output.write("(end of input: kept \(count) typed into \(renderer.sanitize(id)))\n")
                    }
                    await navigator.end(.inputEnded)
                    return
                }
                if line == "." { break }
                if let control = TypedText.controlCharacter(in: line) {
                    say(error: "a line of '\(id)' takes no control characters (found \(control)); type it again")
                    continue
                }
                lines.append(line.hasPrefix("..") ? String(line.dropFirst()) : line)
            }
            await set(field, .text(lines.joined(separator: "\n")), before: snapshot)
        }
    }

    private func tap(_ number: Int, on snapshot: ScreenSnapshot) async {
        let actions = ScreenRenderer.actions(of: snapshot)
        guard number >= 1, number <= actions.count else {
            let range = actions.isEmpty ? "this screen has no actions" : "1–\(actions.count)"
            return say(error: "no action \(number) on this screen (\(range))")
        }
        let action = actions[number - 1]
        let result = await navigator.tap(action.slot, on: snapshot.instance.id)
        switch result {
        case .ran:
            guard await navigator.outcome == nil, let after = await presenter.screen,
                after.instance.id == snapshot.instance.id
            else { return }
            if let error = after.errorMessage {
                say(error: error)
            } else {
                output.write("\(renderer.sanitize(action.title)): done\n")
            }
        case .ignoredDisabled:
            let missing = snapshot.fields.filter { !$0.isComplete }.map { field in
                let name = field.label ?? field.id
                return field.problem == nil ? "fill in \(name)" : "fix \(name)"
            }
            let button = await navigator.screen(snapshot.instance.screenID).flatMap { screen in
                action.slot == .primary ? screen.primaryAction.button : screen.secondaryAction.button
            }
            var reasons = missing
            if let condition = button?.enabledWhen, missing.isEmpty || action.slot == .secondary {
                reasons = ["its condition '\(condition.text)' is false"]
            }
            say(error: "'\(action.title)' is disabled: " + (reasons.isEmpty ? "not available now" : NameList.joined(reasons, quoted: false)))
        case .ignoredBusy:
            say(error: "busy: an action is still running")
        case .ignoredStale, .ignoredNoAction, .ignoredFlowEnded:
            say(error: "'\(action.title)' cannot be tapped now")
        case .closedWhileRunning:
            say(error: "'\(action.title)' was cancelled: its screen was closed")
        }
    }

    private func setRating(_ field: FieldSnapshot, _ text: String) async {
        guard case .rating = field.kind else { return say(error: "'\(field.id)' is not a rating") }
        guard let snapshot = await presenter.screen else { return }
        switch field.kind.value(typed: text, field: field.id) {
        case .success(let typed): await set(field, typed, before: snapshot)
        case .failure(let problem): say(error: problem.message)
        }
    }

    /// Sets a field and says the result in one line (two when the primary action's
    /// state changes).
    private func set(_ field: FieldSnapshot, _ value: FieldValue, before: ScreenSnapshot) async {
        do {
            try await navigator.setField(FieldID(field.id), to: value)
        } catch {
            return say(error: error.description)
        }
        guard let after = await presenter.screen, let updated = after.fields.first(where: { $0.id == field.id }) else {
            return
        }
        output.write("\(renderer.sanitize(field.id)) = \(describe(updated.value))\n")
        if let problem = updated.problem { say(error: "\(field.id): \(problem)") }
        for change in Self.changes(from: before, to: after) { output.write(renderer.sanitize(change) + "\n") }
    }

    /// What changed on a screen between two drawings of it, one line each: a field shown
    /// or hidden (`visibleWhen`), required or not any more (`requiredWhen`), an action
    /// enabled or disabled (the form, `enabledWhen`). O(fields + actions).
    static func changes(from before: ScreenSnapshot, to after: ScreenSnapshot) -> [String] {
        var lines: [String] = []
        let was = Dictionary(before.fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Dictionary(after.fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for field in after.fields {
            let name = field.label.map { "'\($0)' [\(field.id)]" } ?? "'\(field.id)'"
            if let old = was[field.id] {
                if old.isRequired != field.isRequired {
                    lines.append("\(name) is now \(field.isRequired ? "required" : "optional")")
                }
            } else {
                lines.append("\(name) is now shown" + (field.isRequired ? " (required)" : ""))
            }
        }
        for field in before.fields where now[field.id] == nil {
            lines.append((field.label.map { "'\($0)' [\(field.id)]" } ?? "'\(field.id)'") + " is now hidden")
        }
        for (old, new) in zip(ScreenRenderer.actions(of: before), ScreenRenderer.actions(of: after)) where old.slot == new.slot {
            if old.isEnabled != new.isEnabled {
                lines.append("\(new.title) is now \(new.isEnabled ? "enabled" : "disabled")")
            }
        }
        return lines
    }

    // MARK: Fields

    /// The field `id` of the top screen; otherwise says why not, naming the screen below
    /// that has it when there is one ("field 'email' is on screen 'form', not on this
    /// screen").
    private func field(_ id: String, in snapshot: ScreenSnapshot) async -> FieldSnapshot? {
        if let field = snapshot.fields.first(where: { $0.id == id }) { return field }
        for instance in await navigator.stacks.joined().reversed() where instance.id != snapshot.instance.id {
            guard let below = await navigator.screen(instance.screenID), below.fields.contains(where: { $0.fieldID == id })
            else { continue }
            say(error: "field '\(renderer.sanitize(id))' is on screen '\(renderer.sanitize(instance.screenID))', not on this screen")
            return nil
        }
        let ids = snapshot.fields.map(\.id)
        let close = Suggestion.closest(to: id, among: ids).map { "; did you mean '\(renderer.sanitize($0))'?" }
        say(error: "no field '\(renderer.sanitize(id))' on this screen"
            + (close ?? (ids.isEmpty ? "" : " (fields: \(NameList.joined(ids, quoted: false)))")))
        return nil
    }

    /// The field `id`, or the screen's only field of a kind when `id` is `nil`.
    private func onlyField(_ id: String?, kindName: String, in snapshot: ScreenSnapshot) async -> FieldSnapshot? {
        if let id { return await field(id, in: snapshot) }
        let candidates = snapshot.fields.filter { $0.kind.name == kindName }
        guard candidates.count == 1 else {
            if candidates.isEmpty {
                say(error: "no \(kindName) on this screen")
            } else {
                let ids = candidates.map(\.id)
                let example = kindName == "rating" ? "rate \(ids[0]) N" : "\(kindName) \(ids[0])"
                say(error: "this screen has several \(kindName)s: \(NameList.joined(ids, quoted: false)); name one, e.g. '\(example)'")
            }
            return nil
        }
        return candidates[0]
    }

    private func describe(_ value: FieldValue) -> String {
        switch value {
        case .text(let text):
            let escaped = text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
                .replacingAll("\n", with: "\\n")
            return "\"" + renderer.sanitize(escaped) + "\""
        case .rating(let n): return String(n)
        case .toggle(let on): return on ? "on" : "off"
        case .unrated: return "not rated"
        }
    }

    // MARK: Output

    private func say(error message: String) {
        output.write(style.apply("error: " + renderer.sanitize(message), .red) + "\n")
    }
}

extension String {
    /// Every occurrence of the scalar `target` replaced (Foundation-free). O(length):
    /// works on scalars, so a long typed value needs no grapheme breaking.
    fileprivate func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        guard unicodeScalars.contains(target) else { return self }
        return replacingScalars { $0 == target ? replacement : nil }
    }
}
