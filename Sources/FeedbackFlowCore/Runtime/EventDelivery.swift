/// Hands a navigator's events to its presenters: one event at a time for all of them, in
/// one order, and nothing after ``NavigatorEvent/flowEnded(_:)``.
///
/// Events wait in one FIFO; one delivery loop, run by whichever caller found it idle,
/// hands each event to every presenter in turn before the next one, so every presenter
/// sees the same order even when calls overlap and a presenter suspends. The events of
/// one ``deliver(_:isolation:)`` are queued back to back, and the call returns once they
/// have been delivered — except when it is made from inside a presenter's `present` (a
/// presenter that taps), where waiting would deadlock: those events are queued behind
/// the one being delivered and the call returns at once.
///
/// The flow ends when ``NavigatorEvent/flowEnded(_:)`` is queued: from then on only that
/// event is handed on; an event still waiting, or half-way through the presenters, is not
/// given to the rest. Events given together with it, ahead of it (a navigation's
/// `stackChanged` when the last stack leaves), are delivered first.
///
/// Not `Sendable`: it belongs to one navigator and runs on its actor (the `isolation`
/// parameter), so its queue needs no lock.
package final class EventDelivery {
    private let presenters: [any Presenter]
    /// Events waiting, oldest first, each with the caller to resume once it is delivered.
    private var pending: [(event: NavigatorEvent, delivered: CheckedContinuation<Void, Never>?)] = []
    /// Whether a delivery loop is running.
    private var isDelivering = false
    /// Whether ``NavigatorEvent/flowEnded(_:)`` has been queued.
    private var hasEnded = false
    /// Set while a delivery hands an event to its presenters: a call from inside
    /// `present` is recognised by it.
    @TaskLocal private static var delivering: ObjectIdentifier?

    /// A delivery to `presenters`, in this array's order.
    package init(presenters: [any Presenter]) {
        self.presenters = presenters
    }

    /// Queues `events` back to back and returns once they have been delivered (at once
    /// when called from inside a presenter's `present`). After
    /// ``NavigatorEvent/flowEnded(_:)`` nothing but that event is queued.
    package func deliver(_ events: [NavigatorEvent], isolation: isolated (any Actor)? = #isolation) async {
        guard let end = events.firstIndex(where: \.isFlowEnded) else {
            await enqueue(events)
            return
        }
        // The events ahead of flowEnded were caused before the flow ended.
        await enqueue(Array(events[..<end]))
        hasEnded = true
        await enqueue([events[end]])
    }

    private func enqueue(_ events: [NavigatorEvent], isolation: isolated (any Actor)? = #isolation) async {
        let events = events.filter { !hasEnded || $0.isFlowEnded }
        guard let last = events.last else { return }
        let queued = events.dropLast().map { (event: $0, delivered: CheckedContinuation<Void, Never>?.none) }
        if isDelivering {
            if Self.delivering == ObjectIdentifier(self) {
                pending += queued + [(last, nil)]
            } else {
                await withCheckedContinuation { (delivered: CheckedContinuation<Void, Never>) in
                    pending += queued + [(last, delivered)]
                }
            }
            return
        }
        isDelivering = true
        pending += queued + [(last, nil)]
        while !pending.isEmpty {
            let (next, delivered) = pending.removeFirst()
            await Self.$delivering.withValue(ObjectIdentifier(self)) {
                for presenter in presenters {
                    guard !hasEnded || next.isFlowEnded else { break }
                    await presenter.present(next)
                }
            }
            delivered?.resume()
        }
        isDelivering = false
    }
}
