import FeedbackFlowCore

/// A ``FeedbackFlow/FeedbackSink`` that passes every submission on to another sink and
/// remembers the ones that failed, so that `run` can end with status 3 when feedback the
/// user submitted was not saved (the step still fails as usual and the screen shows the
/// error, so the user may retry).
actor FailureCountingFeedbackSink: FeedbackSink {
    private let sink: any FeedbackSink
    /// How many submissions failed.
    private(set) var failureCount = 0
    /// The last failure's error.
    private(set) var lastError: (any Error)?

    init(_ sink: any FeedbackSink) {
        self.sink = sink
    }

    func submit(_ feedback: FeedbackSubmission) async throws {
        do {
            try await sink.submit(feedback)
        } catch {
            failureCount += 1
            lastError = error
            throw error
        }
    }
}
