import Foundation
import FlowCompile
import FlowSource

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
        guard outcome == nil else { return .ignoredFlowEnded }
        guard let instance = state.top, instance.id == instanceID else { return .ignoredStale }
        guard runningInstance == nil else { return .ignoredBusy }
        guard let screen = screens[instance.screenID], let button = button(slot, of: screen) else {
            return .ignoredNoAction
        }
        if slot == .primary, !isFormComplete(screen) { return .ignoredDisabled }

        // Busy from here on. Nothing above suspended, so no other tap got in between.
        runningInstance = instanceID
        runningSlot = slot
        errors[instanceID] = nil
        // The action runs in a task the navigator owns: cancelling the caller of `tap`
        // does not cancel it; only `end(_:)` does. The caller waits for the action (or
        // for `end(_:)`, which releases it at once with `.ignoredFlowEnded`).
        return await withCheckedContinuation { (waiter: CheckedContinuation<TapResult, Never>) in
            tapWaiter = waiter
            runningToken &+= 1
            let token = runningToken
            runningTask = Task {
                await Self.$actionToken.withValue(token) { await self.runTapped(button, slot: slot, instance: instance) }
            }
        }
    }

    /// The body of a tap that runs, in the navigator's own task.
    private func runTapped(
        _ button: ActionButton, slot: ActionSlot,
        instance: ScreenInstance
    ) async {
        let instanceID = instance.id
        // The title that was tapped: rendered as shown before the tap. A snapshot drawn
        // now is busy and would show a retry button's loading title instead.
        let title = button.title.render(lookup(screenID: instance.screenID))
        var tapped = [NavigatorEvent.actionTapped(.init(slot: slot, title: title, instance: instance))]
        if let snapshot = makeSnapshot(instance) { tapped.append(.screenUpdated(snapshot)) }
        await emit(tapped)

        if let failure = await run(button.action, of: instance, isOnFailure: false), outcome == nil,
            isRunning(instance)
        {
            var message: String? = failure
            if let onFailure = button.onFailure {
                message = await run(onFailure, of: instance, isOnFailure: true)
            }
            if let message, state.contains(instanceID) { errors[instanceID] = message }
        }

        // After a host `end(_:)`, or a host navigation that closed this screen, the running
        // state was already cleared and the tap released.
        guard isRunning(instance) else { return }
        runningInstance = nil
        runningSlot = nil
        runningTask = nil
        if outcome == nil, let top = state.top, let snapshot = makeSnapshot(top) {
            await emit(.screenUpdated(snapshot))
        }
        releaseTap(.ran)
    }

    /// Resumes the caller of the running tap with `result` (once).
    func releaseTap(_ result: TapResult) {
        let waiter = tapWaiter
        tapWaiter = nil
        waiter?.resume(returning: result)
    }

    /// The button in `slot` of `screen`, `nil` for `none`.
    private func button(_ slot: ActionSlot, of screen: FeedbackConfiguration) -> ActionButton? {
        switch slot {
        case .primary: screen.primaryAction.button
        case .secondary: screen.secondaryAction.button
        }
    }

    /// Runs `action`'s steps in order for `instance`.
    /// - Returns: the failure message of the step that failed, or `nil` when every step
    ///   ran or the flow ended on the way.
    private func run(_ action: FlowAction, of instance: ScreenInstance, isOnFailure: Bool) async -> String? {
        for step in action.steps {
            guard outcome == nil, isRunning(instance) else { return nil }
            await emit(.stepRun(.init(
                step: step.name, argument: argument(of: step, screenID: instance.screenID), instance: instance,
                isOnFailure: isOnFailure)))
            guard outcome == nil, isRunning(instance) else { return nil }
            do {
                try await perform(step, of: instance)
            } catch {
                // The screen was closed while the step ran: its result was recorded as
                // stale and is not shown.
                guard isRunning(instance) else { return nil }
                let message = Self.message(of: error)
                await emit(.stepFailed(.init(step: step.name, instance: instance, message: message)))
                return message
            }
        }
        return nil
    }

    /// Runs one step.
    private func perform(_ step: Step, of instance: ScreenInstance) async throws {
        switch step.kind {
        case .navigate(let operation): try await navigate(operation)
        case .finish(let name): await conclude(name.map { FlowOutcome($0) } ?? .finished)

        case .openURL(let template):
            let url = Self.renderURL(template, lookup(screenID: instance.screenID))
            try await reportingResult(of: step, instance) { try await registry.openURL(url) }

        case .collectUserFeedback(let request):
            try await reportingResult(of: step, instance) {
                let submission = try submission(for: request, screenID: instance.screenID)
                try await registry.submit(submission)
            }

        case .custom(let name, let argument):
            let invocation = ActionInvocation(
                name: name, argument: argument.map { render($0, screenID: instance.screenID) }, screen: instance,
                flowID: flowID, fields: values)
            try await reportingResult(of: step, instance) { try await registry.perform(invocation) }

        case .perform(let closure):
            try await reportingResult(of: step, instance) { try await closure.body() }
        }
    }

    /// Runs a handler step and emits its ``NavigatorEvent/handlerResult(_:)``.
    private func reportingResult(
        of step: Step, _ instance: ScreenInstance, _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
        } catch {
            await emit(.handlerResult(.init(
                step: step.name, instance: instance, outcome: .failure(Self.message(of: error)),
                isStale: !isRunning(instance))))
            throw error
        }
        guard isRunning(instance) else {
            // A result that arrives after the host closed the screen is discarded: recorded
            // as stale, and the action's remaining steps do not run.
            await emit(.handlerResult(.init(step: step.name, instance: instance, outcome: .success, isStale: true)))
            throw CancellationError()
        }
        await emit(.handlerResult(.init(step: step.name, instance: instance, outcome: .success)))
    }

    /// Builds the submission of a `collectUserFeedback` step from its rendered templates.
    /// - Throws: ``StepError/missingRating`` or ``StepError/invalidRating(_:)`` unless the
    ///   rendered rating is a whole number from 1 to 5 (surrounding spaces allowed).
    private func submission(for request: FeedbackRequest, screenID: String) throws(StepError) -> FeedbackSubmission {
        let lookup = lookup(screenID: screenID)
        guard let ratingTemplate = request.rating else { throw .missingRating }
        let ratingText = ratingTemplate.render(lookup)
        guard let rating = FeedbackRequest.rating(fromRendered: ratingText) else { throw .invalidRating(ratingText) }
        return FeedbackSubmission(
            rating: rating, reason: request.reason?.render(lookup),
            custom: request.custom.mapValues { render($0, screenID: screenID) }, flowID: flowID, screenID: screenID,
            submittedAt: now())
    }

    /// An `openURL` text rendered with each substituted `${…}` value percent-encoded
    /// (RFC 3986 §2.1), keeping only the unreserved characters `A–Z a–z 0–9 - . _ ~`
    /// (§2.3); the literal text of the template is used as written. So a value with a
    /// space or a `&` stays one piece of the URL. Non-ASCII values are encoded as their
    /// UTF-8 bytes. O(length).
    static func renderURL(_ template: TemplateString, _ lookup: (String) -> String?) -> String {
        template.render { name in lookup(name).map { PercentEncoding.encoded($0) } }
    }

    /// The rendered argument shown in ``NavigatorEvent/StepRun``.
    private func argument(of step: Step, screenID: String) -> FlowValue? {
        switch step.kind {
        case .navigate(let operation): operation.screenID.map { .string($0) }
        case .finish(let name): .string(name ?? FlowOutcome.finished.name)
        case .openURL(let template): .string(Self.renderURL(template, lookup(screenID: screenID)))
        case .custom(_, let argument): argument.map { render($0, screenID: screenID) }
        case .collectUserFeedback, .perform: nil
        }
    }

    /// The text shown for a failed step: "cancelled" for a `CancellationError`, else the
    /// error's `LocalizedError.errorDescription`, else its `description`
    /// (`CustomStringConvertible`, via `String(describing:)`; an enum without one: its case name).
    static func message(of error: any Error) -> String {
        if error is CancellationError { return "cancelled" }
        if let localized = error as? any LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: error)
    }
}
