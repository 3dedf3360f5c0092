/// A ``FeedbackSink`` that keeps nothing: `submit` returns at once, so a
/// `collectUserFeedback` step succeeds and the submission is dropped. The default of
/// ``ActionHandlerRegistry/init(urlHandler:feedbackSink:options:)`` for hosts
/// whose screens collect no feedback (screens built in Swift with `completion` closures run
/// their own code); a host that submits feedback passes a real sink, e.g. ``JSONLinesFeedbackSink``.
public struct DiscardingFeedbackSink: FeedbackSink {
    /// The sink.
    public init() {}

    /// Drops `feedback`.
    public func submit(_ feedback: FeedbackSubmission) async throws {}
}
