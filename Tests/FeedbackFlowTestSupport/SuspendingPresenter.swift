import FeedbackFlowCore
import FlowSource

/// A presenter that holds the first event matching a predicate until the test releases
/// it, so the navigator is suspended inside `present` — the exact point where actor
/// reentrancy lets other calls in. Every other event passes straight through.
public final class SuspendingPresenter: Presenter, Sendable {
    private struct State {
        var holding = false
        var used = false
        var held: CheckedContinuation<Void, Never>?
        var released = false
        var heldWaiter: CheckedContinuation<Void, Never>?
    }

    private let matches: @Sendable (NavigatorEvent) -> Bool
    private let state = LockedBox(State())

    /// - Parameter matches: which event to hold (only the first one that matches).
    public init(holding matches: @escaping @Sendable (NavigatorEvent) -> Bool) {
        self.matches = matches
    }

    public func present(_ event: NavigatorEvent) async {
        let hold = matches(event) && state.withLock { state in
            if state.used { return false }
            state.used = true
            return true
        }
        guard hold else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (waiter, resumeNow) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                state.holding = true
                let waiter = state.heldWaiter
                state.heldWaiter = nil
                if state.released { return (waiter, true) }
                state.held = continuation
                return (waiter, false)
            }
            waiter?.resume()
            if resumeNow { continuation.resume() }
        }
    }

    /// Returns once the matching event is being held.
    public func waitUntilHolding() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.holding { return true }
                state.heldWaiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Lets the held event go (or lets it pass at once if it has not arrived yet).
    public func release() {
        let held = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.released = true
            defer { state.held = nil }
            return state.held
        }
        held?.resume()
    }
}
