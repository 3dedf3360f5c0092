import FlowSource

/// Passes one value from code under test to the test: `put` from anywhere, `take`
/// suspends until the value is there. No timing involved.
public final class Handoff<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = LockedBox(State())

    public init() {}

    /// Hands `value` over (a second `put` before `take` replaces the first).
    public func put(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.value = value
            return nil
        }
        waiter?.resume(returning: value)
    }

    /// Waits for the value (one taker at a time).
    public func take() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Value? in
                if let value = state.value {
                    state.value = nil
                    return value
                }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
