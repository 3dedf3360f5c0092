import FeedbackFlowCore
import FlowSource

/// A feedback sink that keeps every submission; optionally fails the next N submits.
public final class RecordingFeedbackSink: FeedbackSink, Sendable {
    private struct State {
        var submissions: [FeedbackSubmission] = []
        var failuresLeft = 0
    }

    private let state = LockedBox(State())

    /// - Parameter failing: how many submits throw ``TestFailure`` ("sink unavailable")
    ///   before they start to succeed.
    public init(failing: Int = 0) {
        state.withLock { $0.failuresLeft = failing }
    }

    public func submit(_ feedback: FeedbackSubmission) async throws {
        try state.withLock { state in
            if state.failuresLeft > 0 {
                state.failuresLeft -= 1
                throw TestFailure("sink unavailable")
            }
            state.submissions.append(feedback)
        }
    }

    /// The submissions that succeeded.
    public var submissions: [FeedbackSubmission] { state.withLock { $0.submissions } }
}
