import FlowCompile

/// Why a built-in step or the handler lookup failed (handlers throw their own errors).
public enum StepError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A custom step whose name is not in the ``ActionHandlerRegistry``.
    case noHandler(String)
    /// `openURL` with a text that does not start with a URL scheme (RFC 3986 §3.1) or
    /// that holds whitespace or control characters.
    case invalidURL(String)
    /// `openURL` with a scheme that is not in the registry's allowed schemes.
    case urlSchemeNotAllowed(url: String, scheme: String, allowed: [String])
    /// `collectUserFeedback` without a `rating`.
    case missingRating
    /// `collectUserFeedback` whose rendered `rating` is not a whole number from 1 to 5
    /// (after trimming horizontal white space); the associated text is the rendered rating.
    case invalidRating(String)
    /// A second ``RunningAction/collectUserFeedback(rating:reason:custom:)`` in one run
    /// of an action, while or after the first submits: a closure submits at most once a
    /// tap, and nothing more is sent.
    case alreadySubmitted
    /// An `if` condition or a `set` value that could not be evaluated (a name without a
    /// value, a division by zero, an overflow) or has the wrong type; the expression as
    /// written and why.
    case expressionFailed(expression: String, reason: String)

    public var description: String {
        switch self {
        case .noHandler(let name):
            "no handler registered for '\(name)'"
        case .invalidURL(let url):
            "openURL: '\(url)' is not a URL"
        case .urlSchemeNotAllowed(let url, let scheme, let allowed):
            "openURL: scheme '\(scheme)' of '\(url)' is not allowed (allowed: \(allowed.joined(separator: ", ")))"
        case .missingRating:
            "collectUserFeedback: a rating from \(FeedbackRequest.ratings.lowerBound) to \(FeedbackRequest.ratings.upperBound) is required"
        case .invalidRating(let text):
            "collectUserFeedback: rating must be \(StepArgument.feedbackRating.rule.described), got '\(text)'"
        case .alreadySubmitted:
            "collectUserFeedback: this run of the action has already submitted its feedback, or is submitting it (a closure submits at most once a tap)"
        case .expressionFailed(let expression, let reason):
            "'\(expression)': \(reason)"
        }
    }
}
