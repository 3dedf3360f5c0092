import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowSystem
import FlowWorkspace

/// One `feedbackflow preview`: the flow file, the navigator that runs it (the real one,
/// with the same handlers, outbox, context and checks as `run`), the presenter the page
/// draws from, and what the page shows besides the screen (the file's problems, the
/// trigger's last decision). Answers the page's requests (``PreviewRoutes``) and reloads
/// when a file it read changes on disk (``watch(interval:)``): the flow, the theme, the
/// theme's images the flow shows (and its assets folder, where a missing one may appear),
/// and the String Catalog.
///
/// Reloading keeps what can be kept: when the file compiles, a new navigator starts as the
/// last one did (plainly, or presented by the trigger's event with the same values; a
/// flow the trigger kept hidden stays hidden), the screens that were shown are shown again
/// (as far as they still exist, in order), and the field values the person changed are
/// set again where their fields still exist; when it does not compile, the last good flow
/// stays and the problems are shown over it.
///
/// Loading, restarting and firing the event run one at a time, in the order asked (an
/// actor alone would interleave them at each `await`); a new navigator is published only
/// once it shows what it should.
package actor PreviewSession {
    /// What the session is started with.
    package struct Settings: Sendable {
        package var file: String
        package var compileOptions: CompileOptions
        /// `--theme`'s file, read again at each load when it is a regular file; `nil` for
        /// the built-in theme.
        package var themeFile: String?
        /// The theme as read when the command started: kept when the file is no regular file
        /// (a pipe is read once).
        package var theme: Theme
        /// How the flow starts and its trigger decides, as the command line says.
        package var start: PreviewStart
        /// The other files read at each load and watched for changes: `--strings`'s catalog.
        package var watchedFiles: [String] = []
        /// The handlers a flow runs with: as `run` registers them.
        package var registry: @Sendable (Flow) throws -> ActionHandlerRegistry
        /// `run`'s checks of the command line against a flow (context keys that are field
        /// ids or variables, misspelt event or validator names): the problem, or `nil`.
        package var check: @Sendable (Flow) -> String?
        /// The flow as shown: in `--locale` from `--strings` (read again at each load, so a
        /// translator's save shows with the next one), or as it is; a problem of the catalog.
        package var localize: @Sendable (Flow) -> Result<Flow, UsageError> = { .success($0) }

        /// The session's settings; `localize` and `watchedFiles` are set apart.
        package init(
            file: String, compileOptions: CompileOptions, themeFile: String?, theme: Theme, start: PreviewStart,
            registry: @escaping @Sendable (Flow) throws -> ActionHandlerRegistry, check: @escaping @Sendable (Flow) -> String?
        ) {
            self.file = file
            self.compileOptions = compileOptions
            self.themeFile = themeFile
            self.theme = theme
            self.start = start
            self.registry = registry
            self.check = check
        }
    }

    /// What the page draws, read at one moment: the token first, so a change after it
    /// sends the page back for the next state at once.
    package struct State: Sendable {
        package var token: String
        package var view: WebPresenter.View
        package var flow: Flow?
        package var problems: String?
        package var warnings: String?
        package var decision: String?
        package var images: AssetImages
        package var theme: Theme
    }

    /// How the flow was started last.
    private enum Start {
        /// ``FlowNavigator/start()``, with the command line's context values.
        case plain
        /// The trigger's event decided, with these values; `presented` is its answer.
        case fired(values: [String: ExpressionValue], presented: Bool)
    }

    /// The most text of problems or warnings sent to the page: 64 KiB.
    package static let textLimit = 64 * 1024

    package let settings: Settings
    /// The last flow that compiled; `nil` until one has.
    package private(set) var flow: Flow?
    private var problems: String?
    private var warnings: String?
    private var decision: String?
    private var images = AssetImages()
    /// The theme as last read.
    private(set) var theme: Theme
    private var navigator: FlowNavigator?
    private var presenter = WebPresenter()
    private var start = Start.plain
    /// The field values as the flow started: a value that differs was set by the person.
    private var initialValues: [String: FieldValue] = [:]
    /// Counts every change of what is drawn besides the presenter's own: with the
    /// presenter's version, what the page waits on.
    private var revision = 0
    private var fingerprint: FileFingerprint?
    /// The other files the last load read (the theme, its images and assets folder, the
    /// catalog) and their fingerprints, taken before they were read.
    private var others: [String] = []
    private var otherFingerprints: [FileFingerprint?] = []
    /// Whether a load, restart or firing is running, and who waits for its end.
    private var isBusy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The history the trigger's decisions are recorded in: `--history`'s file, or one in
    /// memory for the session (emptied by ``restart()``).
    private var history: any PresentationHistory

    package init(settings: Settings) {
        self.settings = settings
        theme = settings.theme
        history = settings.start.history()
    }

    /// The token of what the page shows now: it changes whenever anything drawn changes.
    package func token() async -> String {
        "\(revision).\(await presenter.version)"
    }

    /// Everything the page draws, the token read first.
    package func state() async -> State {
        let token = await token()
        return State(
            token: token, view: await presenter.view, flow: flow, problems: problems, warnings: warnings, decision: decision,
            images: images, theme: theme)
    }

    /// Reads and compiles the file; when it compiles (and passes `run`'s checks), runs the
    /// new flow, keeping what was shown. Returns whether it compiled.
    @discardableResult
    package func load() async -> Bool {
        await exclusively { await self.compileAndRun() }
    }

    /// Starts the flow over: plainly, with the command line's context values, and, when
    /// the trigger's history is the session's own (no `--history`), with an empty history,
    /// so the trigger panel decides as for a first presentation again.
    package func restart() async {
        await exclusively {
            self.start = .plain
            if !self.settings.start.historyIsFile { self.history = InMemoryPresentationHistory() }
            self.decision = nil
            await self.run(keeping: false)
        }
    }

    /// Fires the trigger's event (the command's `--event`, else the trigger's own) with the
    /// context values `entries` (`name=value`; `nil` for the command line's) and the
    /// validator's answer (`nil` for the command line's): a new navigator decides, and
    /// shows the flow when it is presented.
    package func fire(entries: [String]?, validator: Bool?) async {
        await exclusively { await self.decide(entries: entries, validator: validator) }
    }

    /// Checks the files every `interval` and reloads once a change has held for one
    /// check (an editor writing in steps is read when it is done); a flow file that is
    /// missing (an editor saving by renaming) is reported only when it stays missing for
    /// half a second. The files are the flow and every other one the last load read
    /// (``others``). Runs until the task is cancelled.
    package func watch(interval: Duration = .milliseconds(25)) async {
        var candidate: [FileFingerprint?]?
        var missingSince: ContinuousClock.Instant?
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let now = FileFingerprint(path: settings.file)
            let othersNow = others.map { FileFingerprint(path: $0) }
            guard now != fingerprint || othersNow != otherFingerprints else {
                candidate = nil
                missingSince = nil
                continue
            }
            // A file that was there and is gone (an editor saving by renaming) is a change
            // only once it has stayed gone for half a second.
            let gone = now == nil || zip(othersNow, otherFingerprints).contains { $0 == nil && $1 != nil }
            guard !gone else {
                let since = missingSince ?? .now
                missingSince = since
                if ContinuousClock.now - since >= .milliseconds(500) {
                    missingSince = nil
                    await load()
                }
                continue
            }
            missingSince = nil
            let seen = [now] + othersNow
            if candidate == seen {
                candidate = nil
                await load()
            } else {
                candidate = seen
            }
        }
    }

    /// A tap on `slot` of instance `instance`: started here (its action may run long) and
    /// seen by the page through the presenter; ignored unless it is the screen on top.
    package func tap(_ slot: ActionSlot, instance: Int) {
        guard let navigator else { return }
        Task { _ = await navigator.tap(slot, on: ScreenInstanceID(rawValue: instance)) }
    }

    /// Sets field `id` from the page's text, read as line mode reads what is typed
    /// (``FieldKind/value(typed:field:)``). A field keeps its value for the whole flow,
    /// so one that is not on the top screen (the page's input arriving after a tap) is
    /// set too.
    /// - Returns: the problem, or `nil` when the value was set.
    package func setField(_ id: String, text: String) async -> String? {
        guard let navigator, let flow, await navigator.value(of: FieldID(id)) != nil,
            let field = flow.screens.lazy.flatMap(\.extraContent).compactMap({ block -> FormField? in
                if case .field(let field) = block.kind, field.id == id { field } else { nil }
            }).first
        else { return "no field '\(id)'" }
        do {
            try await navigator.setField(FieldID(id), to: field.kind.value(typed: text, field: id).get())
            return nil
        } catch let problem as TypedValueProblem {
            return problem.message
        } catch {
            return String(describing: error)
        }
    }

    /// Goes back one screen, as line mode's `back`.
    package func back() async {
        _ = try? await navigator?.navigate(.pop)
    }

    // MARK: One at a time

    private func exclusively<Result: Sendable>(_ body: () async -> Result) async -> Result {
        if isBusy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            isBusy = true
        }
        let result = await body()
        if waiting.isEmpty { isBusy = false } else { waiting.removeFirst().resume() }
        return result
    }

    private func changed() { revision += 1 }

    /// `text` cut to ``textLimit`` bytes, saying so.
    private static func bounded(_ text: String?) -> String? {
        guard let text, text.utf8.count > textLimit else { return text }
        return String(decoding: text.utf8.prefix(textLimit), as: UTF8.self) + "\n… (cut at 64 KiB)"
    }

    private func compileAndRun() async -> Bool {
        // Each file is fingerprinted before it is read, so a change made while this load
        // reads is seen by the next check: the flow, the settings' files, the theme, and the
        // images of the last load (remade below once the new ones are known).
        fingerprint = FileFingerprint(path: settings.file)
        let base = settings.watchedFiles + (settings.themeFile.map { [$0] } ?? [])
        watch(base + others.filter { !base.contains($0) }, fresh: true)
        let (file, options, themeFile) = (settings.file, settings.compileOptions, settings.themeFile)
        // Off the actor: a large file does not hold up the page's requests meanwhile.
        // Only a regular file, opened so that nothing waits: a fifo put in the flow's
        // place would otherwise hold the preview in `open` until something writes to it
        // (the theme likewise: one that is no regular file is not read again).
        let (compilation, reread) = await Task.detached {
            (FlowCompiler.compile(path: file, named: file, options: options, onlyRegular: true), Self.readTheme(themeFile))
        }.value
        switch reread {
        case .success(let read): if let read { theme = read }
        case .failure(let error):
            problems = error.message
            changed()
            return false
        }
        let report = DiagnosticReport(files: [
            .init(path: file, source: compilation.document.source, diagnostics: compilation.diagnostics, omitted: compilation.omitted)
        ])
        let text = compilation.diagnostics.isEmpty ? nil : TextDiagnosticRenderer(style: .plain, showsSummary: true).render(report)
        defer { changed() }
        guard !compilation.hasErrors, let compiled = compilation.flow else {
            problems = Self.bounded(text ?? "'\(file)' could not be read")
            return false
        }
        if let problem = settings.check(compiled) {
            problems = problem
            return false
        }
        let shown: Flow
        switch settings.localize(compiled) {
        case .success(let localized): shown = localized
        case .failure(let problem):
            problems = problem.message
            return false
        }
        problems = nil
        warnings = Self.bounded(text)
        flow = shown
        let names = AssetImages.names(in: shown)
        let icons = theme.looks.values.compactMap(\.icon) + theme.darkLooks.values.compactMap(\.icon)
        watch(base + (theme.assets.map { [$0] } ?? []) + Set(names + icons).sorted().flatMap(theme.assetCandidates(named:)), fresh: false)
        images = AssetImages(theme: theme, names: names)
        await run(keeping: true)
        return true
    }

    /// Watches `paths` besides the flow: the fingerprint of each is taken now, or, unless
    /// `fresh`, kept from the list before for a path already in it.
    private func watch(_ paths: [String], fresh: Bool) {
        otherFingerprints = paths.map { path in
            if !fresh, let known = others.firstIndex(of: path), known < otherFingerprints.count { return otherFingerprints[known] }
            return FileFingerprint(path: path)
        }
        others = paths
    }

    /// The theme of `path` read again: `nil` when there is nothing to read again (no file,
    /// or one that is no regular file, such as a pipe, which was read once at the start).
    private static func readTheme(_ path: String?) -> Result<Theme?, UsageError> {
        guard let path, PathKind.isRegularFile(path) else { return .success(nil) }
        do throws(UsageError) { return .success(try Theme.chosen(path)) } catch { return .failure(error) }
    }

    /// A navigator for `flow` drawing through `presenter`, with `run`'s handlers; `nil`
    /// (the problem shown) when they cannot be registered.
    private func navigator(for flow: Flow, presenter: WebPresenter, context: [String: ExpressionValue]) -> FlowNavigator? {
        do {
            let now = settings.start.now
            return FlowNavigator(
                flow: flow, registry: try settings.registry(flow), presenters: [presenter], context: context,
                now: { now ?? Date() }, history: history, quietPeriod: settings.start.quietPeriod.map { .seconds($0) })
        } catch {
            problems = (error as? UsageError)?.message ?? "\(error)"
            return nil
        }
    }

    /// Replaces the running navigator with `navigator` drawing through `presenter`.
    private func publish(_ navigator: FlowNavigator?, presenter: WebPresenter) async {
        await self.navigator?.end(.dismissed)
        self.navigator = navigator
        self.presenter = presenter
        initialValues = await navigator?.fieldValues ?? [:]
        changed()
    }

    private func run(keeping: Bool) async {
        guard let flow else { return }
        let stacks = keeping ? await navigator?.stacks ?? [] : []
        let touched = keeping ? (await navigator?.fieldValues ?? [:]).filter { initialValues[$0.key] != $0.value } : [:]
        let presenter = WebPresenter()
        let context: [String: ExpressionValue]
        switch start {
        case .plain:
            do {
                context = try settings.start.values(flow, nil, nil)
            } catch {
                problems = error.message
                return await publish(nil, presenter: presenter)
            }
        case .fired(let values, let presented):
            guard presented else { return await publish(nil, presenter: presenter) }
            context = values
        }
        guard let navigator = navigator(for: flow, presenter: presenter, context: context) else {
            return await publish(nil, presenter: presenter)
        }
        do {
            try await navigator.start()
        } catch {
            problems = "the flow could not start: \(error)"
            return await publish(nil, presenter: presenter)
        }
        let initial = await navigator.fieldValues
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
        for (id, value) in touched.sorted(by: { $0.key < $1.key }) where initial[id] != nil {
            try? await navigator.setField(FieldID(id), to: value)
        }
        await publish(navigator, presenter: presenter)
        initialValues = initial
    }

    private func decide(entries: [String]?, validator: Bool?) async {
        defer { changed() }
        guard let flow else {
            decision = "the flow has not compiled yet"
            return
        }
        guard let trigger = flow.trigger else {
            decision = "the flow has no trigger"
            return
        }
        let given = settings.start
        let event = given.event ?? trigger.event
        let values: [String: ExpressionValue]
        do throws(UsageError) {
            values = try given.values(flow, event, entries)
        } catch {
            decision = "\(event): \(error.message)"
            return
        }
        let answer = validator.flatMap { answer in trigger.validator.map { (name: $0, answer: answer) } }
        let presenter = WebPresenter()
        let registry: ActionHandlerRegistry
        do {
            var made = try settings.registry(flow)
            given.validators(&made, answer)
            registry = made
        } catch {
            decision = "\(event): \((error as? UsageError)?.message ?? "\(error)")"
            return
        }
        let now = given.now
        let navigator = FlowNavigator(
            flow: flow, registry: registry, presenters: [presenter], now: { now ?? Date() }, history: history,
            quietPeriod: given.quietPeriod.map { .seconds($0) })
        let decided = await navigator.handle(event: event, context: values)
        start = .fired(values: values, presented: decided.isPresented)
        decision = "\(event): \(decided.description)"
        await publish(decided.isPresented ? navigator : nil, presenter: presenter)
    }
}
