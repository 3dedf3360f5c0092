import Foundation
import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource

/// One `feedbackflow preview`: the flow file, the navigator that runs it (the real one,
/// with the same handlers, outbox and context as `run`), the presenter the page draws
/// from, and what the page shows besides the screen (the file's problems, the trigger's
/// last decision). Answers the page's requests (``PreviewRoutes``) and reloads the file
/// when it changes on disk (``watch()``).
///
/// Reloading keeps what can be kept: when the file compiles, a new navigator starts and
/// the screens that were shown are shown again (as far as they still exist, in order),
/// with the field values whose fields still exist; when it does not, the last good flow
/// stays and the problems are shown over it.
actor PreviewSession {
    /// What the session is started with.
    struct Settings: Sendable {
        var file: String
        var compileOptions: CompileOptions
        var theme: Theme
        var trigger: TriggerOptions
        /// The handlers a flow runs with: as `run` registers them.
        var registry: @Sendable (Flow) throws -> ActionHandlerRegistry
    }

    let settings: Settings
    /// The last flow that compiled; `nil` until one has.
    private(set) var flow: Flow?
    /// The file's errors and warnings as text (`file:line:column: error: …` with the source
    /// line), when it has errors; `nil` when the last load compiled.
    private(set) var problems: String?
    /// Warnings of the flow shown, as text; `nil` when there are none.
    private(set) var warnings: String?
    /// The trigger panel's last answer.
    private(set) var decision: String?
    private var navigator: FlowNavigator?
    private var presenter = WebPresenter()
    /// Counts reloads, restarts and panel answers: with the presenter's version, what the
    /// page waits on.
    private var revision = 0
    private var fingerprint: FileFingerprint?
    /// How many times the file was read and compiled.
    private(set) var loads = 0

    init(settings: Settings) {
        self.settings = settings
    }

    /// The token of what the page shows now: it changes whenever anything drawn changes.
    func token() async -> String {
        "\(revision).\(await presenter.version)"
    }

    /// What the presenter shows now.
    func view() async -> WebPresenter.View { await presenter.view }

    /// Reads and compiles the file; on success runs the new flow, keeping what was shown.
    /// Returns whether it compiled.
    @discardableResult
    func load() async -> Bool {
        loads += 1
        fingerprint = FileFingerprint(path: settings.file)
        let compilation = FlowCompiler.compile(path: settings.file, options: settings.compileOptions)
        let report = DiagnosticReport(files: [
            .init(path: settings.file, source: compilation.document.source, diagnostics: compilation.diagnostics, omitted: compilation.omitted)
        ])
        let text = compilation.diagnostics.isEmpty ? nil : TextDiagnosticRenderer(style: .plain, showsSummary: true).render(report)
        revision += 1
        guard !compilation.hasErrors, let compiled = compilation.flow else {
            problems = text ?? "'\(settings.file)' could not be read"
            return false
        }
        problems = nil
        warnings = text
        flow = compiled
        await restart(keeping: true)
        return true
    }

    /// Checks the file every `interval` and reloads it when it changed, until the task is
    /// cancelled.
    func watch(interval: Duration = .milliseconds(50)) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            if FileFingerprint(path: settings.file) != fingerprint { await load() }
        }
    }

    /// Starts the flow again on a new navigator; with `keeping`, shows the screens that were
    /// shown again and keeps the field values whose fields still exist.
    func restart(keeping: Bool) async {
        guard let flow else { return }
        let stacks = keeping ? await navigator?.stacks ?? [] : []
        let values = keeping ? await navigator?.fieldValues ?? [:] : [:]
        await navigator?.end(.dismissed)
        let presenter = WebPresenter()
        self.presenter = presenter
        revision += 1
        let registry: ActionHandlerRegistry
        do {
            registry = try settings.registry(flow)
        } catch {
            problems = "\(error)"
            navigator = nil
            return
        }
        let context = (try? settings.trigger.values(for: flow, file: settings.file, event: nil)) ?? [:]
        let navigator = FlowNavigator(flow: flow, registry: registry, presenters: [presenter], context: context)
        self.navigator = navigator
        do {
            try await navigator.start()
        } catch {
            problems = "the flow could not start: \(error)"
            return
        }
        // The screens shown before, from the second on, while they exist and the start is the same.
        if let root = stacks.first?.first, root.screenID == flow.start {
            replay: for (stackIndex, stack) in stacks.enumerated() {
                for (index, instance) in stack.enumerated() where stackIndex > 0 || index > 0 {
                    guard flow.screens.contains(where: { $0.id == instance.screenID }) else { break replay }
                    let operation: NavigationOperation = index == 0 ? .present(instance.screenID) : .push(instance.screenID)
                    do { _ = try await navigator.navigate(operation) } catch { break replay }
                }
            }
        }
        for (id, value) in values.sorted(by: { $0.key < $1.key }) {
            try? await navigator.setField(id, to: value)
        }
    }

    /// A tap on `slot` of instance `instance` (ignored unless it is the screen on top).
    func tap(_ slot: ActionSlot, instance: Int) async -> TapResult? {
        guard let navigator else { return nil }
        return await navigator.tap(slot, on: ScreenInstanceID(rawValue: instance))
    }

    /// Sets field `id` from the page's text: a text as is, a rating's whole number, a
    /// toggle's `true` / `false`.
    /// - Returns: the problem, or `nil` when the value was set.
    func setField(_ id: String, text: String) async -> String? {
        guard let navigator, let current = await navigator.value(of: id) else { return "no field '\(id)'" }
        let value: FieldValue
        switch current {
        case .text: value = .text(text)
        case .rating:
            guard let number = Int(text) else { return "'\(text)' is not a whole number" }
            value = .rating(number)
        case .toggle:
            guard let on = Bool(text) else { return "'\(text)' is not true or false" }
            value = .toggle(on)
        }
        do {
            try await navigator.setField(id, to: value)
            return nil
        } catch {
            return error.description
        }
    }

    /// Goes back one screen, as line mode's `back`.
    func back() async {
        _ = try? await navigator?.navigate(.pop)
    }

    /// Fires the trigger's event (the command's `--event`, else the trigger's own) with the
    /// context values `entries` (`name=value`; `nil` for the command line's) and the
    /// validator's answer (`nil` for the command line's): a new navigator decides, and
    /// shows the flow when it is presented.
    func fire(entries: [String]?, validator: Bool?) async {
        revision += 1
        guard let flow, let trigger = flow.trigger else {
            decision = "the flow has no trigger"
            return
        }
        var options = settings.trigger
        do {
            if let entries { options.context = try ContextDeclaration(parsing: entries, valueRequired: true) }
            let event = options.event ?? trigger.event
            if let validator, let name = trigger.validator { options.validators[name] = validator }
            var registry = try settings.registry(flow)
            options.registering(into: &registry)
            let values = try options.values(for: flow, file: settings.file, event: event)
            await navigator?.end(.dismissed)
            let presenter = WebPresenter()
            self.presenter = presenter
            let now = options.now
            let navigator = FlowNavigator(
                flow: flow, registry: registry, presenters: [presenter], now: { now ?? Date() },
                history: history, quietPeriod: options.quietPeriod)
            self.navigator = navigator
            let answer = await navigator.handle(event: event, context: values)
            decision = "\(event): \(answer.description)"
        } catch let error as UsageError {
            decision = "\(trigger.event): \(error.message)"
        } catch {
            decision = "\(trigger.event): \(error)"
        }
    }

    /// The presentation history the panel's decisions are recorded in: `--history`'s file,
    /// or one in memory for the session.
    private lazy var history: any PresentationHistory = settings.trigger.presentationHistory
}
