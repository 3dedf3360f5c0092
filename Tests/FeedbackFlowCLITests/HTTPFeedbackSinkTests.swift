import FeedbackFlow
import FeedbackFlowHTTP
import FeedbackFlowTestSupport
import Foundation
import Testing

/// `HTTPFeedbackSink` against the real `feedback_server.py` on 127.0.0.1: what it sends,
/// and how each kind of answer (or none) is classified.
@Suite("HTTPFeedbackSink against a real HTTP server")
struct HTTPFeedbackSinkTests {
    static let submission = FeedbackSubmission(
        id: "5f0c2a9e-3b1d-4c6e-9a8f-2d7e4b1c0a93", rating: 4, reason: "ada@example.com",
        custom: ["minutes": .number("12.50")], flowID: "call-quality-rating", screenID: "rate-call",
        submittedAt: Date(timeIntervalSince1970: 1_714_564_800))

    static func failure(of sink: HTTPFeedbackSink) async -> DeliveryFailure? {
        do {
            try await sink.submit(submission)
            return nil
        } catch {
            return error as? DeliveryFailure
        }
    }

    @Test("a 201 is delivered: POST of the JSON body, Content-Type application/json, Idempotency-Key the quoted id")
    func delivered() async throws {
        let server = try FeedbackServer(status: 201)
        defer { server.stop() }
        let sink = HTTPFeedbackSink(url: try #require(URL(string: server.url)))
        try await sink.submit(Self.submission)
        let counts = try await server.counts()
        #expect(counts.requests == [Self.submission.id: 1] && counts.deliveries == [Self.submission.id: 1])
        #expect(counts.bodies[Self.submission.id]?.id == Self.submission.id)
        #expect(counts.contentTypes == ["application/json"])
        // An RFC 8941 sf-string, as draft-ietf-httpapi-idempotency-key-header §2 defines it.
        #expect(counts.rawKeys == ["\"5f0c2a9e-3b1d-4c6e-9a8f-2d7e4b1c0a93\""])
    }

    @Test("a 503 with Retry-After is worth retrying and carries the delay; the message quotes the answer")
    func serviceUnavailable() async throws {
        let server = try FeedbackServer(status: 503, retryAfter: "7")
        defer { server.stop() }
        let failure = await Self.failure(of: HTTPFeedbackSink(url: try #require(URL(string: server.url))))
        #expect(failure == .retryable("HTTP 503 (answer: \"answered 503\")", retryAfter: .seconds(7)))
    }

    @Test("a 400 is permanent, with the status and the start of the answer")
    func badRequest() async throws {
        let server = try FeedbackServer(status: 400)
        defer { server.stop() }
        let failure = await Self.failure(of: HTTPFeedbackSink(url: try #require(URL(string: server.url))))
        #expect(failure == .permanent("HTTP 400 (answer: \"answered 400\")"))
    }

    @Test("a redirect is not followed: a 302 is the answer, a permanent failure (following it would turn the POST into a GET)")
    func redirectNotFollowed() async throws {
        let server = try FeedbackServer(status: 302)
        defer { server.stop() }
        let failure = await Self.failure(of: HTTPFeedbackSink(url: try #require(URL(string: server.url))))
        // (On Apple platforms URLSession may drop the body of a redirect it does not follow.)
        #expect(failure?.isPermanent == true && failure?.message.hasPrefix("HTTP 302") == true, "\(String(describing: failure))")
        #expect(try await server.counts().requests.count == 1)
    }

    @Test("extra headers are sent beside Content-Type and Idempotency-Key, and cannot replace them")
    func extraHeaders() async throws {
        let server = try FeedbackServer(status: 201)
        defer { server.stop() }
        let sink = HTTPFeedbackSink(
            url: try #require(URL(string: server.url)),
            headers: ["Authorization": "Bearer 7f3a", "content-type": "text/plain", "IDEMPOTENCY-KEY": "\"other\""])
        try await sink.submit(Self.submission)
        let counts = try await server.counts()
        #expect(counts.deliveries == [Self.submission.id: 1])
        #expect(counts.authorizations == ["Bearer 7f3a"])
        #expect(counts.contentTypes == ["application/json"])
        #expect(counts.rawKeys == ["\"\(Self.submission.id)\""])
    }

    @Test("a header that would end its line (a line break in the value, a bad name) is refused for good, and nothing is sent")
    func headerInjectionRefused() async throws {
        let server = try FeedbackServer(status: 201)
        defer { server.stop() }
        let url = try #require(URL(string: server.url))
        let broken = await Self.failure(of: HTTPFeedbackSink(url: url, headers: ["Authorization": "Bearer 7f3a\r\nX-Injected: 1"]))
        #expect(broken == .permanent("the value of the header 'Authorization' cannot be sent (it holds a control character)"))
        let badName = await Self.failure(of: HTTPFeedbackSink(url: url, headers: ["X Bad": "1"]))
        #expect(badName == .permanent("the header name 'X Bad' cannot be sent (not an HTTP token)"))
        #expect(try await server.counts().requests.isEmpty)
    }

    @Test("cancelling the task ends a delivery that waits for its answer, with CancellationError, long before the timeout")
    func cancelledWhileWaiting() async throws {
        let server = try FeedbackServer(status: 201, delay: 60)
        defer { server.stop() }
        let sink = HTTPFeedbackSink(url: try #require(URL(string: server.url)), timeLimit: .seconds(60))
        let clock = ContinuousClock()
        let start = clock.now
        let delivery = Task { try await sink.submit(Self.submission) }
        // The request reaches the server, which holds it.
        while try await server.counts().requests.isEmpty, clock.now - start < .seconds(20) {
            try await Task.sleep(for: .milliseconds(50))
        }
        let cancelled = clock.now
        delivery.cancel()
        let result = await delivery.result
        #expect(throws: CancellationError.self) { try result.get() }
        // libcurl asks whether to go on about once a second while it waits; 60 s is the timeout.
        #expect(clock.now - cancelled < .seconds(15))
    }

    @Test("no answer within the timeout is worth retrying")
    func timeout() async throws {
        let server = try FeedbackServer(status: 201, delay: 3)
        defer { server.stop() }
        let failure = await Self.failure(of: HTTPFeedbackSink(url: try #require(URL(string: server.url)), timeLimit: .seconds(1)))
        #expect(failure == .retryable("POST \(server.url): no answer within 1 s"))
    }

    @Test("the time limit is a Duration; one that is not positive is the default, 15 s")
    func timeLimit() throws {
        let url = try #require(URL(string: "https://example.com/feedback"))
        #expect(HTTPFeedbackSink(url: url).timeLimit == .seconds(15))
        #expect(HTTPFeedbackSink(url: url, timeLimit: .milliseconds(2500)).timeLimit == .milliseconds(2500))
        #expect(HTTPFeedbackSink(url: url, timeLimit: .zero).timeLimit == HTTPFeedbackSink.defaultTimeLimit)
    }

    @Test("the seconds spellings of the last release give the same time limit")
    @available(*, deprecated)
    func timeoutSeconds() throws {
        let url = try #require(URL(string: "https://example.com/feedback"))
        let sink = HTTPFeedbackSink(url: url, timeout: 2.5)
        #expect(sink.timeout == 2.5 && sink.timeLimit == .milliseconds(2500))
        #expect(HTTPFeedbackSink(url: url, timeLimit: .milliseconds(2500)).timeout == 2.5)
        #expect(HTTPFeedbackSink(url: url, timeout: -1).timeout == 15 && HTTPFeedbackSink.defaultTimeout == 15)
    }

    @Test("nothing listening is worth retrying: cannot connect")
    func nothingListening() async throws {
        let server = try FeedbackServer()
        let url = server.url
        server.stop()
        let failure = await Self.failure(of: HTTPFeedbackSink(url: try #require(URL(string: url))))
        #expect(failure == .retryable("POST \(url): cannot connect to the host"))
    }

    @Test("2xx is delivered; 408, 429 and 5xx are worth retrying; every other status is permanent")
    func statusTable() {
        let now = Date(timeIntervalSince1970: 1_714_564_800)
        for status in [200, 201, 202, 204, 299] {
            #expect(HTTPFeedbackSink.classify(status: status, retryAfter: nil, body: [], now: now) == nil, "\(status)")
        }
        for status in [408, 429, 500, 502, 503, 504, 599] {
            #expect(HTTPFeedbackSink.classify(status: status, retryAfter: nil, body: [], now: now) == .retryable("HTTP \(status)"))
        }
        for status in [100, 301, 302, 304, 400, 401, 403, 404, 409, 410, 413, 415, 422, 499] {
            #expect(HTTPFeedbackSink.classify(status: status, retryAfter: nil, body: [], now: now) == .permanent("HTTP \(status)"))
        }
        // Retry-After as an HTTP-date (RFC 9110 §5.6.7's example), and an invalid one ignored.
        #expect(
            HTTPFeedbackSink.classify(status: 429, retryAfter: "Sun, 06 Nov 1994 08:49:37 GMT", body: [], now: now)?.retryAfter
                == .date(Date(timeIntervalSince1970: 784_111_777)))
        #expect(HTTPFeedbackSink.classify(status: 503, retryAfter: "soon", body: [], now: now) == .retryable("HTTP 503"))
    }

    @Test("the answer in a message is cut to 200 scalars, its line breaks folded, control characters replaced")
    func bodyExcerpt() {
        let now = Date(timeIntervalSince1970: 0)
        let long = Array(String(repeating: "é", count: 1_000).utf8)
        let message = HTTPFeedbackSink.classify(status: 400, retryAfter: nil, body: long, now: now)?.message
        #expect(message == "HTTP 400 (answer: \"" + String(repeating: "é", count: 200) + "…\")")
        let messy = Array("  line one\r\n\tline two\u{1B}[31m  ".utf8)
        #expect(
            HTTPFeedbackSink.classify(status: 404, retryAfter: nil, body: messy, now: now)?.message
                == "HTTP 404 (answer: \"line one line two\u{FFFD}[31m\")")
    }
}
