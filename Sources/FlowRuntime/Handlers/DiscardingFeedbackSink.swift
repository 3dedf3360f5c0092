/// A ``FeedbackSink`` that keeps nothing: `submit` returns at once, so a
/// `collectUserFeedback` step succeeds and the submission is dropped. The default of
/// ``ActionHandlerRegistry/init(urlHandler:feedbackSink:allowedURLSchemes:)`` for hosts
/// whose screens collect no feedback (the seed-style screens built in Swift run their own
/// closures); a host that submits feedback passes a real sink, e.g. ``JSONLinesFeedbackSink``.
public struct DiscardingFeedbackSink: FeedbackSink {
    /// The sink.
    public init() {}

    /// Drops `feedback`.
    public func submit(_ feedback: FeedbackSubmission) async throws {}
}
