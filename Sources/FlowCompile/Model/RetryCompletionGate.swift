import FlowSource

/// The wait of a retry button built in Swift (``FeedbackPrimaryAction/retryButton(title:loadingTitle:retryCompletion:)``)
/// for its completion handler: a one-shot that resumes its continuation exactly once.
///
/// - The first ``finish(_:)`` counts: a completion handler called twice (or called after
///   the wait was cancelled) is ignored, so the continuation is never resumed twice.
/// - A ``finish(_:)`` that comes before ``install(_:)`` (e.g. the task was already
///   cancelled) is kept and resumes the continuation as soon as it is installed.
///
/// Thread-safe: the state is behind a ``FlowSource/LockedBox``; continuations are resumed outside the lock.
final class RetryCompletionGate: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var result: Result<Void, CancellationError>?
    }

    private let state = LockedBox(State())

    init() {}

    /// Hands over the continuation to resume.
    /// - Returns: `true` when the gate is still open (the caller should start the work),
    ///   `false` when it was already finished (the continuation has been resumed).
    func install(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        let finished = state.withLock { state -> Result<Void, CancellationError>? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        guard let finished else { return true }
        continuation.resume(with: finished)
        return false
    }

    /// Finishes the wait with `result`; every call after the first is ignored.
    func finish(_ result: Result<Void, CancellationError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
