import FlowCompile
import FlowSystem

/// A running flow as a value: the stacks, the screen table, the form, the error message
/// of each instance, which action is running, whether the flow has started and how it
/// ended.
///
/// Every change goes through ``apply(_:)`` with one of the ``FlowChange`` cases, which
/// returns the ``NavigatorEvent``s the change causes, in the order presenters get them
/// (see ``NavigatorEvent``'s order guarantees); a refused change throws a
/// ``FlowChangeError`` and leaves the state unchanged. Snapshots (``snapshot()``), the
/// form's completeness (``isFormComplete(_:)``) and the tap checks
/// (``tapRefusal(_:on:)``) are pure functions of the state. So the whole state machine
/// of ``FlowNavigator`` — the busy rule, host navigation while busy, the end of the
/// flow — can be recorded, replayed and tested without an actor, a task or a presenter;
/// the navigator only runs the effects (the action's task, its handlers, the delivery
/// of the events).
///
/// Invariants, checked with `assert` in debug builds after every change (besides
/// ``NavigationState``'s own):
/// - every instance on the stacks, and the running one, names a screen of the table;
/// - error messages are kept only for instances on the stacks;
/// - every field has one definition and one value;
/// - nothing is shown and nothing runs before the flow has started;
/// - a host navigation never leaves a running action whose screen is off the stacks (it
///   cancels it); only the action's own steps may take its screen away;
/// - a refused change changes nothing, and once the flow has ended no change gives an
///   event; ``NavigatorEvent/flowEnded(_:)`` is given once, last.
package struct FlowState: Sendable, Equatable {
    /// The action that runs: which instance, and which of its actions. (The task running
    /// it belongs to the navigator.)
    package struct TappedAction: Sendable, Hashable {
        /// The instance that was tapped.
        package var instance: ScreenInstance
        /// Which of its actions runs.
        package var slot: ActionSlot
    }

    /// The flow's id (`flow.id` in templates).
    package let flowID: String
    /// The values the host provides (after `flow.id`, `screen.id` and fields), by name:
    /// declared `context` values, host-provided template variables, and the payload of
    /// the event that presented the flow (`event.NAME`).
    package private(set) var context: [String: ExpressionValue]
    /// The flow variables `set` steps change, by name; each starts as ``variableStart(_:)``.
    package private(set) var variables: [String: ExpressionValue] = [:]
    /// The declared type of each flow variable, checked when a `set` step assigns it.
    package let variableTypes: [String: ValueType]
    /// The names that read as `null` until given a value: context values declared with
    /// an optional type, and what declared handlers return (`NAME.FIELD`).
    package let nullUntilGiven: Set<String>
    /// What ``FlowChange/start`` applies: the flow's start screen, pushed or presented.
    package let startOperation: NavigationOperation
    /// The stacks.
    package private(set) var navigation = NavigationState()
    /// The screen table: the flow's screens and any configuration shown from Swift.
    package private(set) var screens: [String: FeedbackConfiguration] = [:]
    /// The next suffix to try per base id when a configuration shown from Swift reuses an id.
    package private(set) var nextScreenIDSuffix: [String: Int] = [:]
    /// Each field's definition, by field id (the first definition of an id wins).
    package private(set) var fieldDefinitions: [String: FormField] = [:]
    /// Each field's value, by field id; values live for the whole flow.
    package private(set) var values: [String: FieldValue] = [:]
    /// The message of each instance's last failed action.
    package private(set) var errors: [ScreenInstanceID: String] = [:]
    /// The action that runs, `nil` when nothing is busy.
    package private(set) var running: TappedAction?
    /// How the flow ended, `nil` while it runs.
    package private(set) var outcome: FlowOutcome?
    /// Whether a navigation has succeeded (a refused one does not start the flow).
    package private(set) var hasStarted = false
    /// Whether a template shows a value nobody has given yet (a host value, what a handler
    /// returns before it ran) as `‹NAME›` (``placeholder(naming:)``), for pictures of a
    /// flow that show where the host fills in; `false` when the flow runs, where it renders
    /// as the empty string.
    package var marksMissingValues = false

    /// The state of `flow` before it starts: its screens in the table (the first screen of
    /// an id wins in a broken flow that repeats one), every field at its initial value.
    /// - Parameter context: the values the host provides.
    package init(flow: Flow, context: [String: ExpressionValue] = [:]) {
        flowID = flow.id
        self.context = context
        var types: [String: ValueType] = [:]
        for variable in flow.variables where types[variable.name] == nil {
            types[variable.name] = variable.type
            variables[variable.name] = Self.variableStart(variable.type)
        }
        variableTypes = types
        nullUntilGiven = Set(
            flow.context.filter(\.type.isOptional).map(\.name)
                + flow.handlers.flatMap { handler in handler.returns.map { handler.returnedName($0.name) } })
        startOperation = flow.presentation == .push ? .push(flow.start) : .present(flow.start)
        for screen in flow.screens where screens[screen.id] == nil {
            screens[screen.id] = screen
            addFields(of: screen)
        }
        checkInvariants()
    }

    /// Whether the flow has ended.
    package var hasEnded: Bool { outcome != nil }

    /// Whether an action is running.
    package var isBusy: Bool { running != nil }

    /// Whether the action of instance `id` is the running one: `false` once it ended, or
    /// the host closed its screen or ended the flow (the action was cancelled).
    package func isRunning(_ id: ScreenInstanceID) -> Bool {
        running?.instance.id == id
    }

    /// Whether the action of instance `id` runs and the flow goes on: what its next step
    /// waits for.
    package func isActive(_ id: ScreenInstanceID) -> Bool {
        outcome == nil && isRunning(id)
    }

    /// The button in `slot` of screen `screenID`, `nil` for `none` or an unknown screen.
    package func button(_ slot: ActionSlot, of screenID: String) -> ActionButton? {
        guard let screen = screens[screenID] else { return nil }
        switch slot {
        case .primary: return screen.primaryAction.button
        case .secondary: return screen.secondaryAction.button
        }
    }

    /// The button whose action runs, `nil` when nothing is busy.
    package var runningButton: ActionButton? {
        running.flatMap { button($0.slot, of: $0.instance.screenID) }
    }

    /// Why a tap on `slot` of instance `id` would be ignored, or `nil` when it would run.
    /// Checked in this order: the flow has ended, the instance is not on top, an action
    /// is running, the slot has no action, the primary action's form is incomplete
    /// (``isFormComplete(_:)``).
    package func tapRefusal(_ slot: ActionSlot, on id: ScreenInstanceID) -> TapResult? {
        guard outcome == nil else { return .ignoredFlowEnded }
        guard let instance = navigation.top, instance.id == id else { return .ignoredStale }
        guard running == nil else { return .ignoredBusy }
        guard let screen = screens[instance.screenID], button(slot, of: screen.id) != nil else {
            return .ignoredNoAction
        }
        if slot == .primary, !isFormComplete(screen) { return .ignoredDisabled }
        if let condition = button(slot, of: screen.id)?.enabledWhen, !condition.isTrue(expressionLookup(screenID: screen.id)) {
            return .ignoredDisabled
        }
        return nil
    }

    /// The value a flow variable of `type` starts with: `null` when optional, else `0`,
    /// `0.0`, the empty string or `false`.
    package static func variableStart(_ type: ValueType) -> ExpressionValue {
        guard !type.isOptional else { return .null }
        switch type.base {
        case .integer: return .integer(0)
        case .decimal: return .decimal(0)
        case .string: return .string("")
        case .boolean: return .boolean(false)
        }
    }

    // MARK: Changes

    /// Applies `change` and returns the events it causes, in the order presenters get them.
    ///
    /// - a navigation (``FlowChange/start``, ``FlowChange/navigate(_:by:)``,
    ///   ``FlowChange/show(_:presenting:by:)``): ``NavigatorEvent/stackChanged(_:)``, then
    ///   ``NavigatorEvent/screenShown(_:)`` when a different instance is now on top; when
    ///   no stack is left the flow ends `dismissed`: ``NavigatorEvent/stackChanged(_:)``
    ///   then ``NavigatorEvent/flowEnded(_:)``. A host `pop`, `popTo`, `popToRoot` or
    ///   `dismiss` that removes the busy screen also ends its action (``running`` becomes
    ///   `nil`), and the screen then shown is tappable at once;
    /// - ``FlowChange/setField(_:to:)``: ``NavigatorEvent/screenUpdated(_:)`` of the top
    ///   screen;
    /// - ``FlowChange/beginAction(_:_:)``: ``NavigatorEvent/actionTapped(_:)`` (the title
    ///   as shown before the tap) and ``NavigatorEvent/screenUpdated(_:)`` (busy);
    /// - ``FlowChange/runStep(_:of:isOnFailure:)``: ``NavigatorEvent/stepRun(_:)``;
    ///   ``FlowChange/recordResult(step:of:outcome:)``: ``NavigatorEvent/handlerResult(_:)``;
    ///   ``FlowChange/failStep(_:of:message:)``: ``NavigatorEvent/stepFailed(_:)``;
    /// - ``FlowChange/endAction(of:errorMessage:)``: ``NavigatorEvent/screenUpdated(_:)``
    ///   of the screen then on top, unless the flow has ended;
    /// - ``FlowChange/conclude(_:)``: ``NavigatorEvent/flowEnded(_:)``, once;
    /// - ``FlowChange/cancelAction``: none.
    ///
    /// Once the flow has ended no change gives an event, and every change but
    /// ``FlowChange/cancelAction`` and ``FlowChange/endAction(of:errorMessage:)`` (which
    /// clear the busy state) changes nothing.
    ///
    /// - Throws: ``FlowChangeError`` (see ``FlowChange`` for which change is refused how);
    ///   the state is then unchanged.
    @discardableResult
    package mutating func apply(_ change: FlowChange) throws(FlowChangeError) -> [NavigatorEvent] {
        #if DEBUG
            let before = DebugFingerprint(self)
        #endif
        let hadEnded = hasEnded
        let events: [NavigatorEvent]
        do {
            events = try perform(change)
        } catch {
            #if DEBUG
                assert(DebugFingerprint(self) == before, "a refused change leaves the state unchanged")
            #endif
            throw error
        }
        assert(!hadEnded || events.isEmpty, "no event once the flow has ended")
        assert(!events.dropLast().contains { $0.isFlowEnded }, "flowEnded is the last event")
        checkInvariants()
        return events
    }

    private mutating func perform(_ change: FlowChange) throws(FlowChangeError) -> [NavigatorEvent] {
        switch change {
        case .start:
            do { return try start() } catch { throw .navigator(error) }
        case .navigate(let operation, let origin):
            do { return try navigate(operation, by: origin) } catch { throw .navigator(error) }
        case .show(let configuration, let presenting, let origin):
            do { return try show(configuration, presenting: presenting, by: origin) } catch { throw .navigator(error) }
        case .setField(let id, let value):
            do { return try setField(id, to: value) } catch { throw .field(error) }
        case .setVariable(let name, let value):
            return try setVariable(name, to: value)
        case .updateContext(let values):
            guard outcome == nil else { return [] }
            context.merge(values) { $1 }
            // While an action runs (a handler's returned values) its end redraws the screen.
            guard running == nil else { return [] }
            return snapshot().map { [.screenUpdated($0)] } ?? []
        case .beginAction(let id, let slot):
            if let refusal = tapRefusal(slot, on: id) { throw .tap(refusal) }
            return beginAction(slot, on: id)
        case .runStep(let step, let id, let isOnFailure):
            return runStep(step, of: id, isOnFailure: isOnFailure)
        case .recordResult(let step, let instance, let outcome):
            return recordResult(step: step, of: instance, outcome: outcome)
        case .failStep(let step, let id, let message):
            return failStep(step, of: id, message: message)
        case .endAction(let id, let message):
            return endAction(of: id, errorMessage: message)
        case .cancelAction:
            running = nil
            return []
        case .conclude(let outcome):
            return conclude(outcome)
        }
    }

    // MARK: Navigation

    private mutating func start() throws(NavigatorError) -> [NavigatorEvent] {
        guard outcome == nil else { throw .flowEnded }
        guard !hasStarted else { throw .alreadyStarted }
        return try navigate(startOperation, by: .host)
    }

    private mutating func navigate(
        _ operation: NavigationOperation, by origin: FlowChange.Origin
    ) throws(NavigatorError) -> [NavigatorEvent] {
        guard outcome == nil else { throw .flowEnded }
        let closesBusyScreen = origin == .host && running != nil
        if let running, closesBusyScreen {
            // Host navigation while an action runs: only an operation that removes the
            // busy screen is allowed (a sheet swiped away while its request is slow).
            guard operation.removesScreens else { throw .busy }
            var trial = navigation
            do { try trial.apply(operation) } catch { throw .busy }
            guard !trial.contains(running.instance.id) else { throw .busy }
        }
        switch operation {
        case .push(let id), .present(let id), .replace(let id):
            guard screens[id] != nil else { throw .unknownScreen(id) }
        case .pop, .popTo, .popToRoot, .dismiss:
            break
        }
        let previousTop = navigation.top
        do { try navigation.apply(operation) } catch { throw .navigation(error) }

        // Only an operation that succeeded starts the flow: a refused one leaves the state
        // as it was (so a later start still works).
        hasStarted = true
        if closesBusyScreen { running = nil }
        assert(
            origin == .action || running.map { navigation.contains($0.instance.id) } ?? true,
            "a host navigation leaves no running action whose screen is gone")
        errors = errors.filter { navigation.contains($0.key) }

        var events = [NavigatorEvent.stackChanged(.init(operation: operation, stacks: navigation.stacks))]
        if navigation.isEmpty {
            events += conclude(.dismissed)
        } else if let top = navigation.top, top != previousTop, let snapshot = snapshot(of: top) {
            events.append(.screenShown(snapshot))
        }
        return events
    }

    private mutating func show(
        _ configuration: FeedbackConfiguration, presenting: Bool, by origin: FlowChange.Origin
    ) throws(NavigatorError) -> [NavigatorEvent] {
        guard outcome == nil else { throw .flowEnded }
        guard origin == .action || running == nil else { throw .busy }
        // A configuration never replaces a screen of the table: a taken id gets a fresh one.
        let base = configuration.id
        let fresh = screens[base] == nil ? nil : freshScreenID(for: base)
        var configuration = configuration
        if let fresh { configuration.id = fresh.id }
        try checkFields(of: configuration)
        if let fresh { nextScreenIDSuffix[base] = fresh.nextSuffix }
        screens[configuration.id] = configuration
        addFields(of: configuration)
        // Not refused: the flow goes on, the caller may navigate, the screen is in the table,
        // and a push or present always applies.
        return try navigate(presenting ? .present(configuration.id) : .push(configuration.id), by: origin)
    }

    /// `base-2`, `base-3`, … : the first such id not in the screen table, and the suffix to
    /// try next time. Amortised O(1) per call for one base (the next suffix to try is
    /// remembered once the screen is added).
    private func freshScreenID(for base: String) -> (id: String, nextSuffix: Int) {
        var suffix = nextScreenIDSuffix[base] ?? 2
        while screens["\(base)-\(suffix)"] != nil { suffix += 1 }
        return ("\(base)-\(suffix)", suffix + 1)
    }

    // MARK: Form

    private mutating func setField(_ id: String, to value: FieldValue) throws(FieldError) -> [NavigatorEvent] {
        guard outcome == nil else { throw .flowEnded }
        guard let definition = fieldDefinitions[id] else { throw .unknownField(id) }
        try definition.check(value)
        values[id] = value
        return snapshot().map { [.screenUpdated($0)] } ?? []
    }

    private mutating func setVariable(_ name: String, to value: ExpressionValue) throws(FlowChangeError) -> [NavigatorEvent] {
        guard outcome == nil else { return [] }
        guard let type = variableTypes[name] else { throw .variable("unknown variable '\(name)'") }
        guard value.conforms(to: type) else {
            throw .variable("variable '\(name)' is \(type), not \(value.literal)")
        }
        // A decimal variable keeps decimals, so `2` and `2.0` read the same afterwards.
        if type.base == .decimal, case .integer(let whole) = value {
            variables[name] = .decimal(Decimal(whole))
        } else {
            variables[name] = value
        }
        return snapshot().map { [.screenUpdated($0)] } ?? []
    }

    // MARK: Actions

    /// Marks the tapped instance busy; the tap checks (``tapRefusal(_:on:)``) passed.
    private mutating func beginAction(_ slot: ActionSlot, on id: ScreenInstanceID) -> [NavigatorEvent] {
        guard let instance = navigation.top, instance.id == id, let button = button(slot, of: instance.screenID) else {
            return []
        }
        // The title that was tapped: rendered as shown before the tap. A snapshot drawn
        // now is busy and would show a retry button's loading title instead.
        let title = render(button.title, screenID: instance.screenID)
        running = TappedAction(instance: instance, slot: slot)
        errors[id] = nil
        var events = [NavigatorEvent.actionTapped(.init(slot: slot, title: title, instance: instance))]
        if let snapshot = snapshot(of: instance) { events.append(.screenUpdated(snapshot)) }
        return events
    }

    private func runStep(_ step: Step, of id: ScreenInstanceID, isOnFailure: Bool) -> [NavigatorEvent] {
        guard outcome == nil, let running, running.instance.id == id else { return [] }
        let instance = running.instance
        var run = NavigatorEvent.StepRun(
            step: step.name, argument: argument(of: step, screenID: instance.screenID), instance: instance,
            isOnFailure: isOnFailure)
        run.position = step.span?.start
        if case .branch(let branch) = step.kind,
            case .value(.boolean(let taken)) = branch.condition.evaluate(expressionLookup(screenID: instance.screenID))
        {
            run.branchTaken = taken
        }
        return [.stepRun(run)]
    }

    private func recordResult(
        step: String, of instance: ScreenInstance, outcome result: NavigatorEvent.HandlerResult.Outcome
    ) -> [NavigatorEvent] {
        guard outcome == nil else { return [] }
        // A result that arrives after the host closed the screen is discarded: only
        // recorded, as stale.
        return [.handlerResult(.init(step: step, instance: instance, outcome: result, isStale: !isRunning(instance.id)))]
    }

    private func failStep(_ step: String, of id: ScreenInstanceID, message: String) -> [NavigatorEvent] {
        guard outcome == nil, let running, running.instance.id == id else { return [] }
        return [.stepFailed(.init(step: step, instance: running.instance, message: message))]
    }

    private mutating func endAction(of id: ScreenInstanceID, errorMessage: String?) -> [NavigatorEvent] {
        guard isRunning(id) else { return [] }
        running = nil
        guard outcome == nil else { return [] }
        // Steps are not undone: when the action navigated first, the message waits on the
        // tapped instance under the new top (if it is still on the stacks).
        if let errorMessage, navigation.contains(id) { errors[id] = errorMessage }
        return snapshot().map { [.screenUpdated($0)] } ?? []
    }

    // MARK: End

    private mutating func conclude(_ outcome: FlowOutcome) -> [NavigatorEvent] {
        guard self.outcome == nil else { return [] }
        self.outcome = outcome
        return [.flowEnded(outcome)]
    }

    /// Adds the fields of `screen` that are not known yet, with their initial values (the
    /// first definition of an id wins).
    mutating func addFields(of screen: FeedbackConfiguration) {
        for block in screen.extraContent {
            guard let definition = block.field, fieldDefinitions[definition.id] == nil else { continue }
            fieldDefinitions[definition.id] = definition
            values[definition.id] = definition.initialValue
        }
    }

    /// The documented invariants of the type (and ``NavigationState``'s), which hold
    /// between changes, that this state breaks: one sentence each, empty for a valid
    /// state. O(size of the state): for tests; debug builds check the part a change can
    /// touch (``checkInvariants()``).
    package func invariantViolations() -> [String] {
        var violations = navigation.invariantViolations()
        if !navigation.stacks.joined().allSatisfy({ screens[$0.screenID] != nil }) {
            violations.append("every instance on the stacks names a screen of the table")
        }
        if let running,
            screens[running.instance.screenID] == nil || running.instance.id.rawValue >= navigation.nextInstanceID.rawValue
        {
            violations.append("the running instance was shown and names a screen of the table")
        }
        if !errors.keys.allSatisfy(navigation.contains) {
            violations.append("error messages are kept only for instances on the stacks")
        }
        if Set(values.keys) != Set(fieldDefinitions.keys) {
            violations.append("every field has one definition and one value")
        }
        if !hasStarted, navigation != NavigationState() || running != nil {
            violations.append("nothing is shown before the start")
        }
        return violations
    }

    /// Asserts the invariants of the type's documentation that hold between changes, on
    /// what a change can touch, so that the cost does not grow with the depth of the
    /// stacks: the top instance is the only one a change can bring in (a navigation checks
    /// that its screen is in the table, and the table only grows), and the error messages
    /// are checked through ``NavigationState/contains(_:)``, which finds an instance near
    /// the top at once (the screens that keep an error message are the ones shown).
    func checkInvariants() {
        assert(
            navigation.top.map { screens[$0.screenID] != nil } ?? true,
            "every instance on the stacks names a screen of the table")
        assert(
            running.map { screens[$0.instance.screenID] != nil && $0.instance.id.rawValue < navigation.nextInstanceID.rawValue } ?? true,
            "the running instance was shown and names a screen of the table")
        assert(errors.keys.allSatisfy(navigation.contains), "error messages are kept only for instances on the stacks")
        assert(Set(values.keys) == Set(fieldDefinitions.keys), "every field has one definition and one value")
        assert(hasStarted || (navigation == NavigationState() && running == nil), "nothing is shown before the start")
    }
}

#if DEBUG
    /// What a refused change must leave as it was (``FlowState/apply(_:)`` checks it in
    /// debug builds): every part of the state, with the stacks summed up by their counter,
    /// top instance, number of instances and number of stacks. Holding the stacks
    /// themselves would make the next change copy them (they would be shared), a cost
    /// that grows with their depth.
    private struct DebugFingerprint: Equatable {
        var screens: [String: FeedbackConfiguration]
        var nextScreenIDSuffix: [String: Int]
        var fieldDefinitions: [String: FormField]
        var values: [String: FieldValue]
        var variables: [String: ExpressionValue]
        var context: [String: ExpressionValue]
        var errors: [ScreenInstanceID: String]
        var running: FlowState.TappedAction?
        var outcome: FlowOutcome?
        var hasStarted: Bool
        var nextInstanceID: ScreenInstanceID
        var top: ScreenInstance?
        var instanceCount: Int
        var stackCount: Int

        init(_ state: FlowState) {
            screens = state.screens
            nextScreenIDSuffix = state.nextScreenIDSuffix
            fieldDefinitions = state.fieldDefinitions
            values = state.values
            variables = state.variables
            context = state.context
            errors = state.errors
            running = state.running
            outcome = state.outcome
            hasStarted = state.hasStarted
            nextInstanceID = state.navigation.nextInstanceID
            top = state.navigation.top
            instanceCount = state.navigation.instanceCount
            stackCount = state.navigation.stacks.count
        }
    }
#endif
