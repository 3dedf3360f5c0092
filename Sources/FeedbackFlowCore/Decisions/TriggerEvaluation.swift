import FlowCompile
import FlowSystem

/// The rules that decide whether a flow's trigger presents it for an event, in the order
/// they are checked (the first that fails is the reason; a validator, which may be
/// expensive, is asked last):
///
/// 1. the flow has a `trigger` (else ``SuppressionReason/noTrigger``);
/// 2. the event is the trigger's `event` (``SuppressionReason/eventMismatch(expected:received:)``);
/// 3. every value given for a declared name (a `context` value, or `event.NAME` of the
///    event's payload) has the declared type, and every non-optional one that `when`
///    reads is given (``SuppressionReason/contextMismatch(name:expected:found:)``); a
///    declared optional value not given is `null`;
/// 4. `when` is true (``SuppressionReason/conditionFalse(_:)``, with the part that was
///    false and the values it saw);
/// 5. no limit holds the flow back (``SuppressionReason/limitReached(_:)``): the person
///    has not responded (`untilResponded`); fewer than `maxPresentations` presentations
///    in the last `per` seconds (a sliding window: a presentation at time t counts until
///    t + per), or ever without `per`; at least `minInterval` since the last
///    presentation; at least the host's quiet period since any flow was presented. When
///    several hold it back, the one that frees up last is reported (never, before any
///    date);
/// 6. the validator, if named, answers true.
///
/// Pure up to the validator: the history and the time are arguments, so every rule can
/// be tested with a fake clock. O(history + size of `when`).
package enum TriggerEvaluation {
    /// The decision by rules 1–5, or `nil` when they all pass (the validator is next).
    package static func decide(
        flow: Flow, event: String, context: [String: ExpressionValue], history: [PresentationRecord], now: Date,
        quietPeriod: Int?
    ) -> TriggerDecision? {
        guard let trigger = flow.trigger else { return .suppressed(.noTrigger) }
        guard event == trigger.event else { return .suppressed(.eventMismatch(expected: trigger.event, received: event)) }
        var values = context
        let payload = flow.events.first { $0.name == event }?.payload ?? []
        let declared = flow.context + payload.map {
            ValueDeclaration(name: EventDeclaration.payloadPrefix + $0.name, type: $0.type)
        }
        let read = Set(trigger.when?.tree?.names.map(\.name) ?? [])
        for declaration in declared {
            guard let value = context[declaration.name] else {
                guard declaration.type.isOptional || !read.contains(declaration.name) else {
                    return .suppressed(.contextMismatch(name: declaration.name, expected: declaration.type, found: nil))
                }
                values[declaration.name] = .null
                continue
            }
            guard value.conforms(to: declaration.type) else {
                return .suppressed(.contextMismatch(name: declaration.name, expected: declaration.type, found: value))
            }
        }
        if let condition = trigger.when {
            let lookup = FlowState(flow: flow, context: values).expressionLookup(screenID: flow.start)
            if let falsePart = condition.whyNotTrue(lookup) { return .suppressed(.conditionFalse(falsePart)) }
        }
        if let limit = limitReached(trigger.limit, flowID: flow.id, history: history, now: now, quietPeriod: quietPeriod) {
            return .suppressed(.limitReached(limit))
        }
        return nil
    }

    /// The whole decision: rules 1–5, then the validator through `ask` (its answer, or
    /// the message of its failure).
    package static func decide(
        flow: Flow, event: String, context: [String: ExpressionValue], history: [PresentationRecord], now: Date,
        quietPeriod: Int?, ask: (String) async -> Result<Bool, ValidatorFailure>
    ) async -> TriggerDecision {
        if let decision = decide(flow: flow, event: event, context: context, history: history, now: now, quietPeriod: quietPeriod) {
            return decision
        }
        guard let name = flow.trigger?.validator else { return .present }
        switch await ask(name) {
        case .success(true): return .present
        case .success(false): return .suppressed(.validatorRejected(name))
        case .failure(let failure): return .suppressed(.validatorFailed(name: name, message: failure.message))
        }
    }

    /// Why a validator could not answer.
    package struct ValidatorFailure: Error, Sendable {
        package var message: String

        package init(_ message: String) {
            self.message = message
        }
    }

    /// The limit that holds flow `flowID` back longest at `now`, or `nil`.
    package static func limitReached(
        _ limit: PresentationLimit, flowID: String, history: [PresentationRecord], now: Date, quietPeriod: Int?
    ) -> LimitReached? {
        // A record dated after `now` (a clock that was ahead and was set back) counts as
        // happening now: forgetting it could show the flow too often.
        let history = history.map { $0.date > now ? PresentationRecord(flowID: $0.flowID, kind: $0.kind, date: now) : $0 }
        let own = history.filter { $0.flowID == flowID }
        let presented = own.filter { $0.kind == .presented }.map(\.date).sorted()
        var reached: [LimitReached] = []
        if limit.untilResponded, let response = own.first(where: { $0.kind == .responded }) {
            reached.append(LimitReached(kind: .untilResponded, count: presented.count, limit: 1, since: response.date, freesUpAt: nil))
        }
        if let maximum = limit.maxPresentations, maximum <= 0 {
            // At most none: never (only flows built in Swift can say so; files need 1 or more).
            reached.append(LimitReached(kind: .maxPresentations, count: presented.count, limit: maximum, freesUpAt: nil))
        } else if let maximum = limit.maxPresentations {
            let window = limit.periodSeconds.map { period in presented.filter { now.timeIntervalSince($0) < Double(period) } } ?? presented
            if window.count >= maximum {
                // The window drops below the maximum when its (count - maximum + 1)-th oldest leaves it.
                let freesUp = limit.periodSeconds.map { window[window.count - maximum].addingTimeInterval(Double($0)) }
                reached.append(LimitReached(
                    kind: .maxPresentations, count: window.count, limit: maximum, window: limit.window, since: window.first,
                    freesUpAt: freesUp))
            }
        }
        if let interval = limit.minimumIntervalSeconds, let last = presented.last, now.timeIntervalSince(last) < Double(interval) {
            reached.append(LimitReached(
                kind: .minInterval, count: presented.count, limit: interval, since: last,
                freesUpAt: last.addingTimeInterval(Double(interval))))
        }
        if let quietPeriod, let last = history.filter({ $0.kind == .presented }).max(by: { $0.date < $1.date }),
            now.timeIntervalSince(last.date) < Double(quietPeriod)
        {
            reached.append(LimitReached(
                kind: .quietPeriod, count: 1, limit: quietPeriod, since: last.date,
                freesUpAt: last.date.addingTimeInterval(Double(quietPeriod)), otherFlow: last.flowID))
        }
        // The one that frees up last; one that never frees up first of all.
        return reached.max { lhs, rhs in
            switch (lhs.freesUpAt, rhs.freesUpAt) {
            case (nil, _): false
            case (_, nil): true
            case (let l?, let r?): l < r
            }
        }
    }
}
