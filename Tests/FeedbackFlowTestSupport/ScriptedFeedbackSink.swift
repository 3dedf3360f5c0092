import Foundation
import FeedbackFlowCore
import FlowSource

/// A delivery for outbox tests: answers each `submit` with the next scripted failure (or
/// success once the script is used up) and records when it was called, by a clock.
public final class ScriptedFeedbackSink: FeedbackSink, Sendable {
    /// One call: the submission and the clock's time.
    public struct Call: Sendable {
        public var submission: FeedbackSubmission
        public var at: Date
    }

    private struct State {
        var script: [DeliveryFailure?]
        var calls: [Call] = []
    }

    private let state: LockedBox<State>
    private let clock: @Sendable () -> Date
    private let during: @Sendable (FeedbackSubmission) -> Void

    /// - Parameters:
    ///   - script: the answers in order: a failure to throw, or `nil` to succeed; past the
    ///     end every call succeeds.
    ///   - clock: the time recorded with each call.
    ///   - during: runs inside each call, before it answers (to look at the outbox then).
    public init(
        _ script: [DeliveryFailure?] = [], clock: @escaping @Sendable () -> Date,
        during: @escaping @Sendable (FeedbackSubmission) -> Void = { _ in }
    ) {
        state = LockedBox(State(script: script))
        self.clock = clock
        self.during = during
    }

    public func submit(_ feedback: FeedbackSubmission) async throws {
        during(feedback)
        let at = clock()
        let answer = state.withLock { state -> DeliveryFailure? in
            state.calls.append(Call(submission: feedback, at: at))
            return state.script.isEmpty ? nil : state.script.removeFirst()
        }
        if let answer { throw answer }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }
}
