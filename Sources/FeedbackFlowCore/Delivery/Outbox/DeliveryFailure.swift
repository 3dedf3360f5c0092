/// Why one delivery attempt failed, as a delivery sink tells ``OutboxFeedbackSink``:
/// whether trying the same submission again can help, and when the receiver asked to be
/// tried again.
///
/// A delivery may throw any error; the outbox reads one of this type for its two facts,
/// and takes any other error as a failure worth retrying with no `Retry-After` (a file
/// that cannot be opened today may be writable tomorrow). `HTTPFeedbackSink` (module
/// `FeedbackFlowHTTP`) throws this for every failure it sees.
public struct DeliveryFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened, one line for a person (shown on the screen and by `outbox list`),
    /// e.g. `HTTP 503 (answer: "down for maintenance")`.
    public var message: String
    /// `true` when the receiver will never accept this submission (an HTTP 400, say): the
    /// outbox marks its record dead at once instead of retrying.
    public var isPermanent: Bool
    /// The receiver's `Retry-After`, when it gave one: the outbox does not try again
    /// before it.
    public var retryAfter: RetryAfter?

    /// A failure with its parts.
    public init(message: String, isPermanent: Bool, retryAfter: RetryAfter? = nil) {
        self.message = message
        self.isPermanent = isPermanent
        self.retryAfter = retryAfter
    }

    /// A failure that a later attempt may not have (a timeout, a 503), with the receiver's
    /// `Retry-After` if any.
    public static func retryable(_ message: String, retryAfter: RetryAfter? = nil) -> DeliveryFailure {
        DeliveryFailure(message: message, isPermanent: false, retryAfter: retryAfter)
    }

    /// A failure that every later attempt would have too (the receiver refused this
    /// submission).
    public static func permanent(_ message: String) -> DeliveryFailure {
        DeliveryFailure(message: message, isPermanent: true)
    }

    /// ``message``.
    public var description: String { message }
}
