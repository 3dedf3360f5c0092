import FeedbackFlowCore
import FlowSource
import FlowSystem

/// A ``/FeedbackFlow/FeedbackSink`` that POSTs each submission to a URL. Give it to
/// ``/FeedbackFlow/OutboxFeedbackSink`` as its delivery, so that what cannot be sent now
/// is kept and sent later; on its own it is a sink whose failures fail the step.
///
/// The transport:
/// - on Linux, libcurl's easy interface (the system's libcurl, Debian
///   `libcurl4-openssl-dev`): each request is one transfer on a thread of its own, which
///   waits in `poll(2)`, so a slow receiver costs no CPU and holds none of Swift's
///   cooperative threads. URLSession is not used there: swift-corelibs-foundation's
///   polls its sockets in a loop while it waits, a whole core for as long as an answer
///   takes. Cancelling the task stops the transfer within about a second (libcurl asks
///   whether to go on at least that often);
/// - on Apple platforms, URLSession (an ephemeral session), which waits without spinning.
///
/// Both send the same request, read the answer the same way and say a failure in the
/// same words.
///
/// The request (one per `submit`):
/// - `POST url`, body ``/FeedbackFlow/FeedbackSubmission``'s JSON form (one object, UTF-8,
///   keys sorted, `custom` numbers exactly as written, the `id` included);
/// - `Content-Type: application/json` (RFC 8259 §11);
/// - `Idempotency-Key: "<id>"`, the submission's ``/FeedbackFlow/FeedbackSubmission/id``
///   as a Structured Field string, quotes included, as the IETF draft
///   draft-ietf-httpapi-idempotency-key-header-06 §2 defines the field (an RFC 8941
///   §3.3.3 sf-string). Every retry of a submission sends the same key, so the receiver
///   can tell a repeat from new feedback;
/// - the ``headers`` given (e.g. `Authorization`), which cannot replace the two above;
/// - no cookies, no cache, redirects not followed (a 3xx is the answer: following a 301
///   or 302 would turn the POST into a GET), only `http` and `https`.
///
/// The answer (``classify(status:retryAfter:body:now:)``):
/// - 2xx: delivered;
/// - 408 Request Timeout, 429 Too Many Requests and every 5xx (RFC 9110 §15.5.9, RFC 6585
///   §4, RFC 9110 §15.6): a ``/FeedbackFlow/DeliveryFailure`` worth retrying, with the
///   answer's `Retry-After` (RFC 9110 §10.2.3) when it has a valid one;
/// - any other status (other 4xx, an unfollowed 3xx, 1xx): a permanent failure — the
///   receiver refused this submission, and sending it again would get the same answer —
///   with the status and the start of the body;
/// - no answer (the host cannot be found or reached, the connection broke, TLS failed,
///   ``timeLimit`` passed): a failure worth retrying.
///
/// Failure messages are one line: `HTTP 503 (answer: "down for maintenance")`, the body
/// cut to ``bodyExcerptLimit`` Unicode scalars, control characters shown as U+FFFD. On
/// Linux the first 64 KiB of the body are kept and the rest is read and dropped; on Apple
/// platforms URLSession reads the whole body before it is cut.
public struct HTTPFeedbackSink: FeedbackSink {
    /// Where submissions are posted.
    public let url: URL
    /// How long one request may take in all (connecting, sending, the answer):
    /// ``defaultTimeLimit`` unless given.
    public var timeLimit: Duration { Duration(clampingSeconds: timeLimitSeconds) }
    /// ``timeLimit`` in seconds, as stored: what the transport counts with.
    let timeLimitSeconds: Double
    /// Extra header fields of every request. A name that is not an HTTP token, or a value
    /// holding a control character other than a tab, fails every submission permanently
    /// (it would end the field and start another).
    public let headers: [String: String]
    /// libcurl on Linux, URLSession elsewhere (`HTTPTransport.swift`).
    private let transport: PlatformTransport

    /// 15 seconds.
    public static let defaultTimeLimit = Duration.seconds(15)
    /// The most Unicode scalars of an answer's body kept in a failure message: 200.
    public static let bodyExcerptLimit = 200

    /// A sink posting to `url` (http or https), each request bounded by `timeLimit` (one
    /// that is not positive is ``defaultTimeLimit``), with the extra `headers`
    /// (`Content-Type` and `Idempotency-Key` among them are ignored: the sink sets those).
    public init(url: URL, timeLimit: Duration = HTTPFeedbackSink.defaultTimeLimit, headers: [String: String] = [:]) {
        self.init(url: url, seconds: timeLimit.inSeconds, headers: headers)
    }

    /// The sink of both spellings: `seconds` that is not a positive number is
    /// ``defaultTimeLimit``.
    private init(url: URL, seconds: Double, headers: [String: String]) {
        self.url = url
        self.timeLimitSeconds = seconds > 0 ? seconds : Self.defaultTimeLimit.inSeconds
        self.headers = headers
        transport = PlatformTransport(timeout: timeLimitSeconds)
    }

    /// Posts `feedback` and reads the answer (see the type's notes).
    /// - Throws: ``/FeedbackFlow/DeliveryFailure`` for every failure (permanent or worth
    ///   retrying), or `CancellationError` when the task was cancelled.
    public func submit(_ feedback: FeedbackSubmission) async throws {
        try await post(body: Array(feedback.jsonText.utf8), id: feedback.id)
    }

    /// Posts `body` (a submission's JSON text) with `id` as its Idempotency-Key: what
    /// ``submit(_:)`` does, for a caller that holds the text (the `feedbackflow-post`
    /// program).
    /// - Throws: as ``submit(_:)``.
    package func post(body: [UInt8], id: String) async throws {
        guard let key = Self.structuredString(id) else {
            throw DeliveryFailure.permanent(
                "the submission id '\(id)' cannot be sent as an Idempotency-Key (only printable ASCII can)")
        }
        let fields = try Self.fields(headers, idempotencyKey: key)
        let answer = try await transport.post(url: url, fields: fields, body: body)
        if let failure = Self.classify(status: answer.status, retryAfter: answer.retryAfter, body: answer.body, now: Date()) {
            throw failure
        }
    }

    /// The header fields of a request: the extra `headers` sorted by name, less those named
    /// `Content-Type` or `Idempotency-Key` in any case, then those two.
    /// - Throws: a permanent ``/FeedbackFlow/DeliveryFailure`` for a name that is not an
    ///   RFC 9110 §5.6.2 token, or a value holding a line break, NUL or another control
    ///   character but a tab (it would end the field and start another).
    static func fields(_ headers: [String: String], idempotencyKey: String) throws -> [HTTPField] {
        var fields: [HTTPField] = []
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            let lowered = name.lowercased()
            if lowered == "content-type" || lowered == "idempotency-key" { continue }
            // The name as one line of a message: control characters as U+FFFD.
            let shown = String(String.UnicodeScalarView(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : $0 }))
            guard isToken(name) else {
                throw DeliveryFailure.permanent("the header name '\(shown)' cannot be sent (not an HTTP token)")
            }
            guard value.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
                throw DeliveryFailure.permanent("the value of the header '\(shown)' cannot be sent (it holds a control character)")
            }
            fields.append(HTTPField(name: name, value: value))
        }
        return fields + [
            HTTPField(name: "Content-Type", value: "application/json"), HTTPField(name: "Idempotency-Key", value: idempotencyKey),
        ]
    }

    /// Whether `name` is an RFC 9110 §5.6.2 token: one or more of the visible ASCII
    /// characters but the delimiters `"(),/:;<=>?@[\]{}`.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value < 0x7F && !"\"(),/:;<=>?@[\\]{}".unicodeScalars.contains(scalar)
            }
    }

    /// What an answer means (see the type's notes): `nil` for delivered (2xx), else the
    /// failure, retryable or permanent, with its message. `retryAfter` is the field's
    /// value, read relative to `now` (``/FeedbackFlow/RetryAfter/init(headerValue:now:)``;
    /// an invalid one is ignored). O(body excerpt).
    public static func classify(status: Int, retryAfter: String?, body: [UInt8], now: Date) -> DeliveryFailure? {
        if (200...299).contains(status) { return nil }
        let excerpt = bodyExcerpt(body)
        let message = "HTTP \(status)" + (excerpt.isEmpty ? "" : " (answer: \"\(excerpt)\")")
        if status == 408 || status == 429 || (500...599).contains(status) {
            return .retryable(message, retryAfter: retryAfter.flatMap { RetryAfter(headerValue: $0, now: now) })
        }
        return .permanent(message)
    }

    /// The start of `body` as text: UTF-8 (bad bytes as U+FFFD), white space at the ends
    /// trimmed, runs of line breaks and tabs as one space, other control characters as
    /// U+FFFD, at most ``bodyExcerptLimit`` scalars (then `…`).
    static func bodyExcerpt(_ body: [UInt8]) -> String {
        // Enough bytes for the limit in any encoding (4 bytes a scalar at most).
        let read = bodyExcerptLimit * 4 + 4
        var cleaned = String.UnicodeScalarView()
        var space = false
        for scalar in String(decoding: body.prefix(read), as: UTF8.self).unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" {
                space = !cleaned.isEmpty
                continue
            }
            if space { cleaned.append(" ") }
            space = false
            cleaned.append(scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar)
        }
        guard cleaned.count > bodyExcerptLimit || body.count > read else { return String(cleaned) }
        return String(String.UnicodeScalarView(cleaned.prefix(bodyExcerptLimit))) + "…"
    }

    /// `value` as an RFC 8941 §3.3.3 sf-string (`"…"`, with `"` and `\` escaped), or `nil`
    /// when it holds a character outside printable ASCII (0x20–0x7E), which an sf-string
    /// cannot carry.
    static func structuredString(_ value: String) -> String? {
        var out = "\""
        for scalar in value.unicodeScalars {
            guard scalar.value >= 0x20, scalar.value <= 0x7E else { return nil }
            if scalar == "\"" || scalar == "\\" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    // MARK: - Seconds (deprecated)

    /// ``timeLimit`` in seconds.
    @available(*, deprecated, message: "use timeLimit, a Duration")
    public var timeout: Double { timeLimitSeconds }

    /// ``defaultTimeLimit`` in seconds: 15.
    @available(*, deprecated, message: "use defaultTimeLimit, a Duration")
    public static var defaultTimeout: Double { defaultTimeLimit.inSeconds }

    /// A sink whose requests are bounded by `timeout` seconds (one that is not a positive
    /// number is ``defaultTimeLimit``); otherwise as ``init(url:timeLimit:headers:)``.
    @_disfavoredOverload
    @available(*, deprecated, message: "give the time limit as a Duration: HTTPFeedbackSink(url:timeLimit:headers:)")
    public init(url: URL, timeout: Double = HTTPFeedbackSink.defaultTimeout, headers: [String: String] = [:]) {
        self.init(url: url, seconds: timeout, headers: headers)
    }
}
