import FeedbackFlowCore
import FlowSource

/// A custom-step handler that throws ``TestFailure`` with `message` for its first
/// `failures` calls (default: always), then succeeds. Counts calls.
public final class FailingHandler: ActionHandler, Sendable {
    private struct State {
        var calls = 0
        var failuresLeft: Int
    }

    public let message: String
    private let state: LockedBox<State>

    public init(message: String = "handler failed", failures: Int = .max) {
        self.message = message
        self.state = LockedBox(State(failuresLeft: failures))
    }

    public func perform(_ invocation: ActionInvocation) async throws {
        let fail = state.withLock { state in
            state.calls += 1
            guard state.failuresLeft > 0 else { return false }
            state.failuresLeft -= 1
            return true
        }
        if fail { throw TestFailure(message) }
    }

    public var calls: Int { state.withLock { $0.calls } }
}
