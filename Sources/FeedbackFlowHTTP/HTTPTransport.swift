import FlowSystem

/// One header field of a request, as sent.
struct HTTPField: Sendable, Hashable {
    var name: String
    var value: String
}

/// What a transport read of an answer: everything ``HTTPFeedbackSink/classify(status:retryAfter:body:now:)``
/// judges, and nothing else.
struct HTTPAnswer: Sendable, Hashable {
    /// The status code (a 3xx too: redirects are never followed).
    var status: Int
    /// The value of the answer's `Retry-After` field, if it has one.
    var retryAfter: String?
    /// The start of the body: at most ``HTTPAnswer/bodyLimit`` bytes on Linux.
    var body: [UInt8]

    /// The most bytes of a body a transport keeps: far more than a failure message quotes
    /// (``HTTPFeedbackSink/bodyExcerptLimit`` scalars, 4 bytes each at most), so the
    /// excerpt and its `…` are the same as with the whole body.
    static let bodyLimit = 65_536
}

/// The words for a request that got no answer within `timeout` seconds, said alike by
/// both transports: `no answer within 2 s` (whole seconds, rounded up; a timeout too
/// long to count in whole seconds is said as such).
func noAnswerWithin(_ timeout: Double) -> String {
    let seconds = timeout.rounded(.up)
    guard seconds < 1e15 else { return "no answer within the timeout" }
    return "no answer within \(Int(seconds)) s"
}

// The transport of this platform. Each has `init(timeout:)` and
// `post(url:fields:body:) async throws -> HTTPAnswer`, which sends one POST and returns the
// answer, whatever its status, and throws a retryable `DeliveryFailure` (`POST URL: what
// happened`, one line) when no answer came, or `CancellationError` when the task was
// cancelled.
#if os(Linux) && canImport(CCurl)
/// libcurl's easy interface, on a thread of its own (`CurlTransport.swift`).
typealias PlatformTransport = CurlTransport
#else
/// URLSession (`URLSessionTransport.swift`).
typealias PlatformTransport = URLSessionTransport
#endif
