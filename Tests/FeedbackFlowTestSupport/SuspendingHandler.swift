import FeedbackFlowCore
import FlowSource

/// A custom-step handler that suspends until the test releases it, so a test can look
/// at the navigator while an action is in flight, with no timing involved.
///
/// ```swift
/// let task = Task { await navigator.tap(.primary, on: id) }
/// await handler.waitUntilStarted()      // the action is now suspended in the handler
/// … tap again, inspect the snapshot …
/// handler.release()                     // the handler returns; the action goes on
/// ```
public final class SuspendingHandler: ActionHandler, Sendable {
    private struct State {
        var started = 0
        /// Performs waiting for `release`.
        var suspended: [CheckedContinuation<Void, any Error>] = []
        /// Releases that came before their perform suspended.
        var pendingReleases: [(any Error)?] = []
        /// Waiters of `waitUntilStarted`, with the count they wait for.
        var startWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = LockedBox(State())

    public init() {}

    public func perform(_ invocation: ActionInvocation) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let (ready, release) = state.withLock { state -> ([CheckedContinuation<Void, Never>], (any Error)??) in
                state.started += 1
                let started = state.started
                let ready = state.startWaiters.filter { $0.count <= started }.map(\.continuation)
                state.startWaiters.removeAll { $0.count <= started }
                if state.pendingReleases.isEmpty {
                    state.suspended.append(continuation)
                    return (ready, nil)
                }
                return (ready, .some(state.pendingReleases.removeFirst()))
            }
            ready.forEach { $0.resume() }
            if let release {
                if let error = release { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    /// Returns once `count` performs have started (immediately if they already have).
    public func waitUntilStarted(count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.started >= count { return true }
                state.startWaiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Lets the oldest suspended perform return (or throw `error`). A release before the
    /// perform suspends is kept for it.
    public func release(throwing error: (any Error)? = nil) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.suspended.isEmpty {
                state.pendingReleases.append(error)
                return nil
            }
            return state.suspended.removeFirst()
        }
        guard let continuation else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }

    /// How many performs have started.
    public var startedCount: Int { state.withLock { $0.started } }
}
