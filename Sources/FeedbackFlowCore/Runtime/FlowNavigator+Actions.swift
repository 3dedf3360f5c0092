import FlowCompile
import FlowSystem

extension FlowNavigator {
    /// Taps the action in `slot` of the screen instance `instanceID` (the instance the
    /// tap was shown on) and, if it runs, waits for the whole action.
    ///
    /// Checks, in this order, each returning without any change: the flow has ended
    /// (``TapResult/ignoredFlowEnded``); the instance is not on top
    /// (``TapResult/ignoredStale``); an action is running (``TapResult/ignoredBusy``);
    /// the slot is `none` (``TapResult/ignoredNoAction``); the primary action's form is
    /// incomplete (``TapResult/ignoredDisabled``). All checks and marking the screen busy
    /// happen before the first `await`, so concurrent taps run the action at most once.
    ///
    /// The action runs in a task the navigator owns: cancelling the caller's task does not
    /// cancel it. Returns ``TapResult/ran`` when the action ended (its steps ran, or a
    /// failure was handled, or a step ended the flow), or ``TapResult/ignoredFlowEnded``
    /// as soon as the host's ``end(_:)`` cancelled it.
    public func tap(_ slot: ActionSlot, on instanceID: ScreenInstanceID) async -> TapResult {
        await tap(slot, on: instanceID, begun: {})
    }

    /// ``tap(_:on:)``, calling `begun` once the tap has been checked (and, if it runs,
    /// its screen marked busy), before the first suspension: a caller that orders its
    /// calls lets the next one go from there, without waiting for the whole action.
    package func tap(_ slot: ActionSlot, on instanceID: ScreenInstanceID, begun: @Sendable () -> Void) async -> TapResult {
        let tapped: [NavigatorEvent]
        do {
            tapped = try apply(.beginAction(instanceID, slot))
            begun()
        } catch {
            begun()
            guard case .tap(let refusal) = error else {
                assertionFailure("a tap is refused only with a TapResult, got \(error)")
                return .ignoredBusy
            }
            return refusal
        }
        // Busy from here on. Nothing above suspended, so no other tap got in between.
        guard let running = state.running, let button = state.runningButton else {
            // Not reached: the state refuses a tap on a slot without an action. Undo the
            // busy state and report the tap as ignored (an ignored tap gives no event).
            _ = settle(.endAction(of: instanceID, errorMessage: nil))
            return .ignoredNoAction
        }
        // The action runs in a task the navigator owns: cancelling the caller of `tap`
        // does not cancel it; only `end(_:)` does. The caller waits for the action (or
        // for `end(_:)`, which releases it at once with `.ignoredFlowEnded`).
        return await withCheckedContinuation { (waiter: CheckedContinuation<TapResult, Never>) in
            tapWaiter = waiter
            runningToken &+= 1
            let token = ActionToken(navigator: ObjectIdentifier(self), number: runningToken)
            runningTask = Task {
                await Self.$actionToken.withValue(token) {
                    await self.runTapped(button, of: running.instance, announcing: tapped)
                }
            }
        }
    }

    /// The body of a tap that runs, in the navigator's own task: delivers the tap's
    /// events (`tapped`), runs the action, then its `onFailure` if a step failed.
    private func runTapped(_ button: ActionButton, of instance: ScreenInstance, announcing tapped: [NavigatorEvent]) async {
        await delivery.deliver(tapped)
        var message = await run(button.action, of: instance, isOnFailure: false)
        if message != nil, let onFailure = button.onFailure, state.isActive(instance.id) {
            message = await run(onFailure, of: instance, isOnFailure: true)
        }
        // After a host `end(_:)`, or a host navigation that closed this screen, the state no
        // longer runs this action and the tap was released.
        guard state.isRunning(instance.id) else { return }
        runningTask = nil
        await report(.endAction(of: instance.id, errorMessage: message))
        releaseTap(.ran)
    }

    /// Resumes the caller of the running tap with `result` (once).
    func releaseTap(_ result: TapResult) {
        let waiter = tapWaiter
        tapWaiter = nil
        waiter?.resume(returning: result)
    }

    /// Runs `action`'s steps in order for `instance`.
    /// - Returns: the failure message of the step that failed, or `nil` when every step
    ///   ran, the flow ended on the way, or the action was cancelled.
    private func run(_ action: FlowAction, of instance: ScreenInstance, isOnFailure: Bool) async -> String? {
        await run(action.steps, of: instance, isOnFailure: isOnFailure)
    }

    /// Runs `steps` in order; an `if` runs the steps of its branch in its place (nested
    /// as deep as the file nests them, which the loader bounds).
    private func run(_ steps: [Step], of instance: ScreenInstance, isOnFailure: Bool) async -> String? {
        for step in steps {
            guard state.isActive(instance.id) else { return nil }
            await report(.runStep(step, of: instance.id, isOnFailure: isOnFailure))
            guard state.isActive(instance.id) else { return nil }
            do {
                if case .branch(let branch) = step.kind {
                    let chosen = try condition(branch.condition, screenID: instance.screenID) ? branch.then : branch.otherwise
                    if let message = await run(chosen, of: instance, isOnFailure: isOnFailure) { return message }
                    continue
                }
                try await perform(step, of: instance)
            } catch {
                // The screen was closed while the step ran: its result was recorded as
                // stale and is not shown.
                guard state.isRunning(instance.id) else { return nil }
                let message = Self.message(of: error)
                await report(.failStep(step.name, of: instance.id, message: message))
                return message
            }
        }
        return nil
    }

    /// Runs one step.
    private func perform(_ step: Step, of instance: ScreenInstance) async throws {
        switch step.kind {
        case .navigate(let operation): try await navigate(operation)
        case .finish(let name): await report(.conclude(name.map { FlowOutcome($0) } ?? .finished))

        case .openURL(let template):
            let url = state.renderedURL(template, screenID: instance.screenID)
            try await reportingResult(of: step, instance) { try await registry.openURL(url) }

        case .collectUserFeedback(let request):
            try await collectFeedback(from: instance) { () throws(StepError) in
                try submission(for: request, screenID: instance.screenID)
            }

        case .custom(let name, let argument):
            let invocation = ActionInvocation(
                name: name, argument: argument.map { state.render($0, screenID: instance.screenID, keepingTypes: true) }, screen: instance,
                flowID: flowID, fields: state.values)
            var returned: [String: ExpressionValue] = [:]
            try await reportingResult(of: step, instance) { returned = try await registry.perform(invocation) }
            // What the handler returned is read as `NAME.FIELD` from now on.
            if !returned.isEmpty, state.isRunning(instance.id) {
                await delivery.deliver(settle(.updateContext(
                    Dictionary(uniqueKeysWithValues: returned.map { ("\(name).\($0.key)", $0.value) }))))
            }

        case .perform(let closure):
            let action = RunningAction(navigator: self, flowID: flowID, screen: instance, run: runningToken)
            try await reportingResult(of: step, instance) {
                try await RunningAction.$current.withValue(action) { try await closure.body() }
            }

        case .assign(let assignments):
            for assignment in assignments {
                let value: ExpressionValue
                switch assignment.value.evaluate(state.expressionLookup(screenID: instance.screenID)) {
                case .value(let result): value = result
                case .failure(let reason): throw StepError.expressionFailed(expression: assignment.value.text, reason: reason)
                }
                do {
                    await delivery.deliver(try apply(.setVariable(assignment.name, to: value)))
                } catch {
                    let reason = if case .variable(let message) = error { message } else { "\(error)" }
                    throw StepError.expressionFailed(expression: assignment.value.text, reason: reason)
                }
            }

        case .branch:
            // Run by `run(_:of:isOnFailure:)`, which runs the chosen steps in its place.
            break
        }
    }

    /// The value of an `if` condition on screen `screenID`.
    /// - Throws: ``StepError/expressionFailed(expression:reason:)`` when it cannot be
    ///   evaluated or is not a boolean.
    private func condition(_ condition: FlowExpression, screenID: String) throws(StepError) -> Bool {
        switch condition.evaluate(state.expressionLookup(screenID: screenID)) {
        case .value(.boolean(let value)): return value
        case .value(let other): throw .expressionFailed(expression: condition.text, reason: "\(other.literal) is not a boolean")
        case .failure(let reason): throw .expressionFailed(expression: condition.text, reason: reason)
        }
    }

    /// Runs a handler step and reports its ``NavigatorEvent/handlerResult(_:)``.
    private func reportingResult(
        of step: Step, _ instance: ScreenInstance, _ body: () async throws -> Void
    ) async throws {
        try await reportingResult(named: step.name, instance, body)
    }

    /// Runs the handler of the step named `name` and reports its
    /// ``NavigatorEvent/handlerResult(_:)``.
    private func reportingResult(
        named name: String, _ instance: ScreenInstance, _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
        } catch {
            await report(.recordResult(step: name, of: instance, outcome: .failure(Self.message(of: error))))
            throw error
        }
        // A result that arrives after the host closed the screen is discarded: the state
        // records it as stale, and the action's remaining steps do not run.
        let closed = !state.isRunning(instance.id)
        await report(.recordResult(step: name, of: instance, outcome: .success))
        if closed { throw CancellationError() }
    }

    /// Hands the feedback `makeSubmission` builds to the registry's sink, reported as a
    /// `collectUserFeedback` handler result, and records the response for the trigger:
    /// the one way feedback is submitted, by the step and from a closure alike.
    private func collectFeedback(
        from instance: ScreenInstance, _ makeSubmission: () throws(StepError) -> FeedbackSubmission
    ) async throws {
        try await reportingResult(named: Step.Kind.collectUserFeedback(FeedbackRequest()).name, instance) {
            try await registry.submit(try makeSubmission())
        }
        await recordResponse()
    }

    /// Submits feedback from a button's closure (``RunningAction/collectUserFeedback(rating:reason:custom:)``)
    /// as the `collectUserFeedback` step submits it: the same rating rule, a new
    /// idempotency key, this flow and `screen`'s id, the navigator's clock, the registry's
    /// sink, its ``NavigatorEvent/handlerResult(_:)``, and the response recorded for the
    /// trigger. Once per run of an action: `run` (the number of the run the
    /// ``RunningAction`` was made for) must be the running one, and a second submission in
    /// that run is refused (one whose sink threw may be tried again).
    /// - Throws: `CancellationError` unless called from run `run` of `screen`'s action
    ///   while it runs; ``StepError/alreadySubmitted`` when the action already submitted;
    ///   ``StepError/invalidRating(_:)`` outside 1...5; or what the sink throws.
    func submit(
        rating: Int, reason: String?, custom: [String: FlowValue], from screen: ScreenInstance, run: UInt64
    ) async throws {
        guard origin == .action, run == runningToken, state.isRunning(screen.id) else { throw CancellationError() }
        guard submittedRun != run else { throw StepError.alreadySubmitted }
        // Marked before the first suspension: a second call in the same action (from a task
        // the closure started) finds the mark. A submission that failed may be tried again.
        submittedRun = run
        do {
            try await collectFeedback(from: screen) { () throws(StepError) in
                guard FeedbackRequest.ratings.contains(rating) else { throw .invalidRating(String(rating)) }
                return FeedbackSubmission(
                    rating: rating, reason: reason, custom: custom, flowID: flowID, screenID: screen.screenID, submittedAt: now())
            }
        } catch {
            if submittedRun == run { submittedRun = nil }
            throw error
        }
    }

    /// Builds the submission of a `collectUserFeedback` step from its rendered templates,
    /// with a new idempotency key (``FeedbackSubmission/newID()``): each run of the step is
    /// a new submission, and a sink's own retries of it keep that key.
    /// - Throws: ``StepError/missingRating`` or ``StepError/invalidRating(_:)`` unless the
    ///   rendered rating is a whole number from 1 to 5 (surrounding spaces allowed).
    private func submission(for request: FeedbackRequest, screenID: String) throws(StepError) -> FeedbackSubmission {
        // Rendered as every template of the screen is: names and `${expression}`s.
        guard let ratingTemplate = request.rating else { throw .missingRating }
        let ratingText = state.render(ratingTemplate, screenID: screenID)
        guard let rating = FeedbackRequest.rating(fromRendered: ratingText) else { throw .invalidRating(ratingText) }
        return FeedbackSubmission(
            id: FeedbackSubmission.newID(), rating: rating, reason: request.reason.map { state.render($0, screenID: screenID) },
            custom: request.custom.mapValues { state.render($0, screenID: screenID) }, flowID: flowID, screenID: screenID,
            submittedAt: now())
    }

    /// The text shown for a failed step: "cancelled" for a `CancellationError`, else the
    /// error's `LocalizedError.errorDescription`, else its `description`
    /// (`CustomStringConvertible`, via `String(describing:)`; an enum without one: its case name).
    package static func message(of error: any Error) -> String {
        if error is CancellationError { return "cancelled" }
        if let localized = error as? any LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: error)
    }
}
