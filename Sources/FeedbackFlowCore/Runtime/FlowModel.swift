import FlowCompile
import FlowSystem
import Observation

/// A running flow as an `Observation` model a SwiftUI view binds to: the stacks as values
/// a `NavigationStack` path and a `.sheet` take, each screen's snapshot, every field value
/// with a setter a `Binding` wraps in one line, and the busy state. Each part is its own
/// observed property, set only when it changes, so a view reading the top screen is not
/// redrawn for a keystroke in another field.
///
/// ```swift
/// struct FeedbackSheet: View {
///     @State var model: FlowModel
///     var body: some View {
///         if let screen = model.top {
///             Form {
///                 Text(screen.title)
///                 Stepper("Stars: \(model.rating("rating") ?? 0)", value: Binding(
///                     get: { model.rating("rating") ?? 0 }, set: { model.setRating($0, for: "rating") }), in: 1...5)
///                 Button(screen.primary?.title ?? "") { model.tap(.primary, on: screen.instance.id) }
///                     .disabled(!(screen.primary?.isEnabled ?? false))
///             }
///         }
///     }
/// }
/// ```
///
/// What a view does — a tap, a field edit, a swipe back, closing a sheet — is a plain
/// call that returns at once and runs on the navigator in call order; it returns the
/// `Task` doing it, which a test may await. Field edits show in ``fieldValues`` at once,
/// and a refused edit is undone and kept in ``lastError``. Lifecycle calls that a view
/// starts from `.task` (start, an event for the trigger, the end) are the async calls of
/// ``front``.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class FlowModel {
    /// The front whose state this model shows, for the async calls.
    @ObservationIgnored public let front: FeedbackNavigator
    /// The stacks, bottom first: what the sheets show, one per stack.
    public private(set) var stacks: [FlowStack] = []
    /// Every instance on the stacks, drawn, by instance id.
    public private(set) var screens: [ScreenInstanceID: ScreenSnapshot] = [:]
    /// Every field value of the flow, by field id; an edit shows here at once.
    public private(set) var fieldValues: [FieldID: FieldValue] = [:]
    /// Whether an action is running: its screen is busy and taps are ignored.
    public private(set) var isBusy = false
    /// How the flow ended; `nil` while it runs or before it starts.
    public private(set) var outcome: FlowOutcome?
    /// The refusal of the last call of this model (a field edit or a navigation), for a
    /// view to show; `nil` when that call was not refused.
    public private(set) var lastError: FlowModelError?
    /// Edits sent to the navigator and not yet applied, by field: while one is on its way
    /// the value shown is the edit's, not an older one a snapshot still carries.
    @ObservationIgnored private var pendingEdits: [FieldID: Int] = [:]
    /// The last call of this model; the next one runs after it.
    @ObservationIgnored private var last: Task<Void, Never>?

    /// A model of `front`'s flow, following its every change. A front has one model: a
    /// second model made of the same front follows it instead of the first.
    public init(_ front: FeedbackNavigator) {
        self.front = front
        take(front.current)
        front.onChange = { [weak self] snapshot in self?.take(snapshot) }
    }

    /// A model of a new front for `flow`; the parameters are those of
    /// ``FeedbackNavigator/init(flow:registry:presenters:context:now:history:quietPeriod:)``.
    public convenience init(
        flow: Flow, registry: ActionHandlerRegistry = ActionHandlerRegistry(), presenters: [any Presenter] = [],
        context: [String: ExpressionValue] = [:], history: any PresentationHistory = InMemoryPresentationHistory()
    ) {
        self.init(FeedbackNavigator(flow: flow, registry: registry, presenters: presenters, context: context, history: history))
    }

    // MARK: Reading

    /// The screen on top, drawn; `nil` when nothing is shown.
    public var top: ScreenSnapshot? {
        stacks.last.flatMap { screens[$0.top.id] }
    }

    /// The instance `id` drawn; `nil` when it is not on the stacks.
    public func snapshot(of id: ScreenInstanceID) -> ScreenSnapshot? { screens[id] }

    /// The stack presented above stack `index` (`nil`: the first stack), for `.sheet(item:)`;
    /// `nil` when none is.
    public func stack(above index: Int?) -> FlowStack? {
        let next = index.map { $0 + 1 } ?? 0
        return stacks.indices.contains(next) ? stacks[next] : nil
    }

    /// The value of field `id`; `nil` when no screen of the flow defines it.
    public func value(of id: FieldID) -> FieldValue? { fieldValues[id] }

    /// The stars of rating field `id`; `nil` when it is not rated or no rating has the id.
    public func rating(_ id: FieldID) -> Int? { fieldValues[id]?.ratingValue }

    /// The text of text field or editor `id`; `nil` when no text field has the id.
    public func text(_ id: FieldID) -> String? { fieldValues[id]?.textValue }

    /// Whether toggle `id` is on; `nil` when no toggle has the id.
    public func isOn(_ id: FieldID) -> Bool? { fieldValues[id]?.isOn }

    // MARK: What a view does

    /// Sets field `id` to `value`: shown in ``fieldValues`` at once, then set on the
    /// navigator; a refusal (``FieldError``) puts the navigator's value back and is kept in
    /// ``lastError``.
    @discardableResult
    public func setValue(_ value: FieldValue, for id: FieldID) -> Task<Void, Never> {
        if fieldValues[id] != value { fieldValues[id] = value }
        pendingEdits[id, default: 0] += 1
        return perform { model, front in
            do throws(FieldError) {
                try await front.setField(id, to: value)
                model.lastError = nil
            } catch {
                model.lastError = .field(error)
            }
            model.pendingEdits[id, default: 1] -= 1
            if model.pendingEdits[id] == 0 { model.pendingEdits[id] = nil }
            model.take(front.current)
        }
    }

    /// Rates field `id` with `stars`; see ``setValue(_:for:)``.
    @discardableResult
    public func setRating(_ stars: Int, for id: FieldID) -> Task<Void, Never> { setValue(.rating(stars), for: id) }

    /// Sets the text of field `id`; see ``setValue(_:for:)``.
    @discardableResult
    public func setText(_ text: String, for id: FieldID) -> Task<Void, Never> { setValue(.text(text), for: id) }

    /// Turns toggle `id` on or off; see ``setValue(_:for:)``.
    @discardableResult
    public func setOn(_ isOn: Bool, for id: FieldID) -> Task<Void, Never> { setValue(.toggle(isOn), for: id) }

    /// Taps the button in `slot` of instance `id` (the screen the person saw), after the
    /// calls made before; the task's value is what the tap did (``TapResult``), once its
    /// action has run. The calls made after it wait only until the navigator has taken
    /// the tap, not for its action: a field can be edited, and the sheet closed (which
    /// cancels the action), while it runs.
    @discardableResult
    public func tap(_ slot: ActionSlot, on id: ScreenInstanceID) -> Task<TapResult, Never> {
        let previous = last
        var signal: AsyncStream<Void>.Continuation?
        let begun = AsyncStream<Void> { signal = $0 }
        let taken = signal
        let task = Task { [front] in
            await previous?.value
            let result = await front.tap(slot, on: id) { taken?.finish() }
            taken?.finish()
            return result
        }
        last = Task { for await _ in begun {} }
        return task
    }

    /// Makes the stack `stack` show `path` above its root, as a `NavigationStack` whose
    /// path binding is set (the person went back): pops to the last screen of `path` (the
    /// root when it is empty), resolved when the call runs. Nothing changes when the stack
    /// is no longer shown, is not the top one (only the top stack takes pops), or no
    /// longer holds that screen; a longer path changes nothing either (screens are pushed
    /// by the flow, not by the view).
    @discardableResult
    public func setPath(_ path: [ScreenInstance], of stack: FlowStack.ID) -> Task<Void, Never> {
        perform { model, front in
            guard let shown = front.stacks.last, shown.first?.id == stack,
                let target = shown.firstIndex(where: { $0.id == (path.last?.id ?? stack) })
            else { return }
            await model.navigate(Array(repeating: .pop, count: shown.count - 1 - target), front: front)
        }
    }

    /// Closes the stack `stack` and every stack above it, as a `.sheet` whose item binding
    /// is set to `nil` (the person swiped it down): one `dismiss` per stack, resolved when
    /// the call runs (nothing when the stack is no longer shown). Closing the first stack
    /// ends the flow (`dismissed`); an action running on a closed screen is cancelled.
    @discardableResult
    public func dismissStack(_ stack: FlowStack.ID) -> Task<Void, Never> {
        perform { model, front in
            guard let index = front.stacks.firstIndex(where: { $0.first?.id == stack }) else { return }
            await model.navigate(Array(repeating: .dismiss, count: front.stacks.count - index), front: front)
        }
    }

    /// Applies `operations` in order; the first refusal stops them and is kept in
    /// ``lastError``.
    private func navigate(_ operations: [NavigationOperation], front: FeedbackNavigator) async {
        for operation in operations {
            do throws(NavigatorError) {
                try await front.navigate(operation)
            } catch {
                lastError = .navigation(error)
                return
            }
        }
        lastError = nil
    }

    /// Runs `body` after the calls made before.
    private func perform(_ body: @escaping @MainActor (FlowModel, FeedbackNavigator) async -> Void) -> Task<Void, Never> {
        let previous = last
        let task = Task { [weak self, front] in
            await previous?.value
            guard let self else { return }
            await body(self, front)
        }
        last = task
        return task
    }

    // MARK: Following the front

    /// Takes `snapshot` into the observed parts, setting each only when it changed.
    private func take(_ snapshot: FlowSnapshot) {
        let stacks = snapshot.stacks.compactMap(FlowStack.init)
        if self.stacks != stacks { self.stacks = stacks }
        if screens != snapshot.screens { screens = snapshot.screens }
        var values = snapshot.fieldValues
        for id in pendingEdits.keys { values[id] = fieldValues[id] }
        if fieldValues != values { fieldValues = values }
        if isBusy != snapshot.isBusy { isBusy = snapshot.isBusy }
        if outcome != snapshot.outcome { outcome = snapshot.outcome }
    }
}
