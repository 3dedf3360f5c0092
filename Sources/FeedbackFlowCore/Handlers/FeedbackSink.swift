/// Receives the submissions of the built-in `collectUserFeedback` step: a rating from 1
/// to 5, an optional reason and custom properties (``FeedbackSubmission``).
///
/// Contract: when `submit` returns, the submission is delivered (or durably queued);
/// throwing fails the step, so a retry button can submit again. A sink may be called
/// concurrently by several navigators and must serialize its own writes.
public protocol FeedbackSink: Sendable {
    /// Delivers `feedback`. Returning means it is delivered (or durably queued); throwing
    /// fails the `collectUserFeedback` step, whose retry then submits again.
    func submit(_ feedback: FeedbackSubmission) async throws
}
