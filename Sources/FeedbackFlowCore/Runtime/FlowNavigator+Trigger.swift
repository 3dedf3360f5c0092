import FlowCompile

/// Presenting a flow when its trigger says so.
extension FlowNavigator {
    /// Decides whether `event` presents the flow (by the rules below, in
    /// order) and, when it does, records the presentation in the history, gives the flow
    /// `context` (context values and the event's payload as `event.NAME`) and starts it.
    ///
    /// The validator the trigger names is looked up in the registry
    /// (``ActionHandlerRegistry/registerValidator(_:_:)``) and asked last. A history that
    /// cannot be read or written holds the flow back (``SuppressionReason/historyFailed(_:)``)
    /// rather than risk showing it too often. A flow presented this way records a response
    /// in the history when one of its `collectUserFeedback` steps succeeds (for
    /// `untilResponded`).
    /// - Returns: ``TriggerDecision/present`` when the flow was started, else why not.
    public func handle(event: String, context: [String: ExpressionValue] = [:]) async -> TriggerDecision {
        guard !state.hasStarted, !state.hasEnded, !isDecidingTrigger else { return .suppressed(.alreadyStarted) }
        isDecidingTrigger = true
        defer { isDecidingTrigger = false }
        let records: [PresentationRecord]
        do {
            records = try await history.records()
        } catch {
            return .suppressed(.historyFailed(Self.message(of: error)))
        }
        let date = now()
        let registry = registry, flowID = flowID
        // The values given with the event over those the navigator was made with.
        let given = state.context.merging(context) { $1 }
        let decision = await TriggerEvaluation.decide(
            flow: flow, event: event, context: given, history: records, now: date, quietPeriod: quietPeriod
        ) { name in
            guard let validator = registry.validator(named: name) else {
                return .failure(.init("no validator registered for '\(name)'"))
            }
            do {
                return .success(try await validator.allowsPresentation(TriggerRequest(flowID: flowID, event: event, context: given)))
            } catch {
                return .failure(.init(Self.message(of: error)))
            }
        }
        guard decision == .present else { return decision }
        do {
            try await history.record(PresentationRecord(flowID: flowID, kind: .presented, date: date))
        } catch {
            return .suppressed(.historyFailed(Self.message(of: error)))
        }
        await delivery.deliver(settle(.updateContext(context)))
        do {
            try await start()
        } catch {
            return .suppressed(.alreadyStarted)
        }
        presentedByTrigger = true
        return .present
    }

    /// Decides whether `event` presents the flow, as ``handle(event:context:)`` does with
    /// the event's name and its payload (`event.NAME`) over `context` (the other values
    /// the trigger reads).
    public func handle(_ event: some FlowEvent, context: [String: ExpressionValue] = [:]) async -> TriggerDecision {
        await handle(event: type(of: event).name, context: context.merging(event.context) { $1 })
    }

    /// Records that the person responded to a flow a trigger presented.
    func recordResponse() async {
        guard presentedByTrigger else { return }
        // A response that cannot be recorded leaves `untilResponded` unaware of it; the
        // submission itself was made, so the step does not fail for it.
        try? await history.record(PresentationRecord(flowID: flowID, kind: .responded, date: now()))
    }
}
