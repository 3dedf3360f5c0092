#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LoopbackHTTP
import FlowSource
import Foundation
import Testing

/// `LoopbackHTTPServer` over real sockets, driven by a raw client so that malformed and
/// hostile requests can be sent byte for byte.
@Suite("LoopbackHTTPServer over sockets")
struct LoopbackHTTPServerTests {
    /// A started server whose handler records each request and answers `response`.
    final class Served: Sendable {
        let server: LoopbackHTTPServer
        let requests = LockedBox<[HTTPRequest]>([])

        init(
            limits: LoopbackHTTPServer.Limits = .standard,
            response: @escaping @Sendable (HTTPRequest) async -> HTTPResponse = { _ in .text("hello\n") }
        ) throws {
            let requests = self.requests
            server = try LoopbackHTTPServer(port: nil, limits: limits) { request in
                requests.withLock { $0.append(request) }
                return await response(request)
            }
            try server.start()
        }

        var port: UInt16 { server.port }
        var handled: Int { requests.withLock { $0.count } }

        /// `text` with `PORT` replaced by the server's port, sent; the reply.
        func send(_ text: String) async -> RawClient.Reply {
            await RawClient.exchange(port: port, Array(text.replacingOccurrences(of: "PORT", with: String(port)).utf8))
        }

        deinit { server.stop() }
    }

    @Test(
        "a GET reaches the handler with its path and query decoded and its headers lowercased; the response carries the security headers"
    )
    func getReachesHandler() async throws {
        let served = try Served { _ in
            HTTPResponse(
                status: 200, contentType: "text/html; charset=utf-8", body: Array("<p>ça</p>".utf8),
                headers: [("Content-Security-Policy", "default-src 'self'")])
        }
        let reply = await served.send(
            "GET /flows/call%20quality?screen=rate+call&name=%C3%A9t%C3%A9&flag&a=1&a=2 HTTP/1.1\r\n"
                + "Host: 127.0.0.1:PORT\r\nX-Test:  spaced value \t\r\nUser-Agent: raw\r\n\r\n")
        #expect(reply.status == 200)
        #expect(reply.body == Array("<p>ça</p>".utf8))
        #expect(reply.header("content-type") == "text/html; charset=utf-8")
        #expect(reply.header("content-length") == "10")
        #expect(reply.header("connection") == "close")
        #expect(reply.header("cache-control") == "no-store")
        #expect(reply.header("x-content-type-options") == "nosniff")
        #expect(reply.header("referrer-policy") == "no-referrer")
        #expect(reply.header("content-security-policy") == "default-src 'self'")
        #expect(reply.closed)
        let request = try #require(served.requests.withLock { $0.first })
        #expect(request.method == "GET")
        #expect(request.path == "/flows/call quality")
        #expect(request.query == ["screen": "rate call", "name": "été", "flag": "", "a": "1"])
        #expect(request.headers.map(\.name) == ["host", "x-test", "user-agent"])
        #expect(request.header("X-TEST") == "spaced value")
        #expect(request.header("host") == "127.0.0.1:\(served.port)")
        #expect(request.body.isEmpty)
    }

    @Test("a HEAD is answered with the GET's headers and Content-Length, without the body")
    func headHasNoBody() async throws {
        let served = try Served { _ in .text("twelve bytes") }
        let reply = await served.send("HEAD / HTTP/1.1\r\nHost: localhost:PORT\r\n\r\n")
        #expect(reply.status == 200 && reply.header("content-length") == "12" && reply.body.isEmpty)
        #expect(served.requests.withLock { $0.first?.method } == "HEAD")
    }

    @Test("the port the kernel chose is reported, bound to 127.0.0.1 only (getsockname; 127.0.0.2 is refused), and can be asked for")
    func portReportedAndLoopbackOnly() async throws {
        let served = try Served()
        #expect(served.port != 0)
        #expect(served.server.address == "127.0.0.1")
        #expect(served.server.url == "http://127.0.0.1:\(served.port)/")
        #expect(await served.send("GET / HTTP/1.1\r\nHost: localhost:PORT\r\n\r\n").status == 200)
        #if os(Linux)
            // All of 127/8 reaches this machine on Linux: a socket bound to every address
            // would answer there too.
            #expect(await RawClient.connectError(address: "127.0.0.2", port: served.port) == ECONNREFUSED)
        #endif
        // The same port asked for, once free again.
        let port = served.port
        served.server.stop()
        let again = try LoopbackHTTPServer(port: port) { _ in .text("") }
        defer { again.stop() }
        #expect(again.port == port)
    }

    @Test("a Host other than 127.0.0.1:PORT or localhost:PORT, or none, is answered 403 and never reaches the handler")
    func wrongHostForbidden() async throws {
        let served = try Served()
        for head in [
            "GET / HTTP/1.1\r\nHost: evil.example:PORT\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.0\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: 0.0.0.0:PORT\r\n\r\n",
        ] {
            let reply = await served.send(head)
            #expect(reply.status == 403, "\(head)")
            #expect(reply.text.contains("Host header must be 127.0.0.1:\(served.port)"), "\(reply.text)")
        }
        #expect(served.handled == 0)
    }

    @Test("a GET carrying a foreign Origin is answered 403")
    func foreignOriginForbidden() async throws {
        let served = try Served()
        let reply = await served.send("GET / HTTP/1.1\r\nHost: localhost:PORT\r\nOrigin: http://evil.example\r\n\r\n")
        #expect(reply.status == 403 && reply.text.contains("another origin"))
        #expect(served.handled == 0)
    }

    @Test("a POST with a foreign Origin, or with none, is answered 403 and never reaches the handler")
    func postNeedsOwnOrigin() async throws {
        let served = try Served()
        let foreign = await served.send(
            "POST /answer HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nOrigin: http://evil.example:PORT\r\nContent-Length: 2\r\n\r\n{}")
        #expect(foreign.status == 403)
        let wrongPort = await served.send(
            "POST /answer HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nOrigin: http://127.0.0.1:1\r\nContent-Length: 2\r\n\r\n{}")
        #expect(wrongPort.status == 403)
        let none = await served.send("POST /answer HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nContent-Length: 2\r\n\r\n{}")
        #expect(none.status == 403 && none.text.contains("must carry the Origin header"))
        #expect(served.handled == 0)
    }

    @Test("a POST with this server's Origin reaches the handler with its body")
    func postWithOriginReachesHandler() async throws {
        let served = try Served { request in .json("{\"got\":\(request.body.count)}") }
        let body = "{\"rating\": 4, \"reason\": \"été\"}"
        let reply = await served.send(
            "POST /answer HTTP/1.1\r\nHost: localhost:PORT\r\nOrigin: http://localhost:PORT\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(reply.status == 200 && reply.text == "{\"got\":\(body.utf8.count)}")
        #expect(reply.header("content-type") == "application/json")
        let request = try #require(served.requests.withLock { $0.first })
        #expect(request.method == "POST" && request.path == "/answer")
        #expect(request.body == Array(body.utf8))
    }

    @Test("a head over 16 KiB, or of more than 100 header lines, is answered 431")
    func oversizedHead() async throws {
        let served = try Served()
        let long = await served.send(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n")
        #expect(long.status == 431 && long.closed)
        let lines = (0..<101).map { "X-Line-\($0): v\r\n" }.joined()
        let many = await served.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\(lines)\r\n")
        #expect(many.status == 431 && many.text.contains("100 header lines"))
        #expect(served.handled == 0)
    }

    @Test("a body over 64 KiB is answered 413, before it is read")
    func oversizedBody() async throws {
        let served = try Served()
        let body = String(repeating: "b", count: 70_000)
        let reply = await served.send(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nOrigin: http://127.0.0.1:PORT\r\nContent-Length: 70000\r\n\r\n\(body)")
        #expect(reply.status == 413 && reply.text.contains("65536 bytes"))
        #expect(served.handled == 0)
    }

    @Test("a chunked body is answered 411")
    func chunkedRefused() async throws {
        let served = try Served()
        let reply = await served.send(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nOrigin: http://127.0.0.1:PORT\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "2\r\n{}\r\n0\r\n\r\n")
        #expect(reply.status == 411)
        #expect(served.handled == 0)
    }

    @Test("a malformed request line, or a malformed header line, is answered 400")
    func malformedRequest() async throws {
        let served = try Served()
        for head in [
            "GARBAGE\r\n\r\n",
            "GET /\r\nHost: 127.0.0.1:PORT\r\n\r\n",
            "GET  / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
            "GET http://127.0.0.1:PORT/ HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
            "GET /%zz HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
            "GET / HTTP/1.1\r\nHost : 127.0.0.1:PORT\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\nX: y\r\n\r\n",
        ] {
            let reply = await served.send(head)
            #expect(reply.status == 400, "\(head.debugDescription) → \(reply.status)")
        }
        #expect(served.handled == 0)
    }

    @Test("a method other than GET, HEAD and POST is answered 405 with Allow")
    func otherMethodNotAllowed() async throws {
        let served = try Served()
        for method in ["PUT", "DELETE", "OPTIONS", "get"] {
            let reply = await served.send(
                "\(method) / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nOrigin: http://127.0.0.1:PORT\r\nContent-Length: 0\r\n\r\n")
            #expect(reply.status == 405, "\(method)")
            #expect(reply.header("allow") == "GET, HEAD, POST")
        }
        #expect(served.handled == 0)
    }

    @Test("a port in use is refused with an error that names it")
    func portInUse() throws {
        let first = try LoopbackHTTPServer(port: nil) { _ in .text("") }
        defer { first.stop() }
        #expect(throws: LoopbackServerError.portInUse(first.port)) {
            _ = try LoopbackHTTPServer(port: first.port) { _ in .text("") }
        }
        #expect(
            LoopbackServerError.portInUse(8080).description
                == "port 8080 is in use: choose another port, or leave the port out for a free one")
    }

    @Test("stop() closes the listening socket before it returns: a new connection is refused; it may be called again")
    func stopRefusesConnections() async throws {
        let served = try Served()
        #expect(await served.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n").status == 200)
        served.server.stop()
        #expect(await RawClient.connectError(address: "127.0.0.1", port: served.port) == ECONNREFUSED)
        served.server.stop()
        // Never started: stop() closes it too.
        let idle = try LoopbackHTTPServer(port: nil) { _ in .text("") }
        idle.stop()
        idle.stop()
        #expect(await RawClient.connectError(address: "127.0.0.1", port: idle.port) == ECONNREFUSED)
    }

    @Test("a request that does not arrive whole within the timeout is answered 408")
    func slowClientTimesOut() async throws {
        let served = try Served(limits: .init(timeout: 0.4))
        let reply = await served.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n")
        // The client waits far longer than the limit: the 408 is the server's doing.
        #expect(reply.status == 408)
        #expect(served.handled == 0)
    }

    @Test("a handler that takes longer than the socket timeout still answers: only reading and writing are timed")
    func slowHandlerNotCut() async throws {
        let served = try Served(limits: .init(timeout: 0.2)) { _ in
            try? await Task.sleep(for: .milliseconds(700))
            return .text("late but whole")
        }
        let reply = await served.send("GET /poll HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n")
        #expect(reply.status == 200 && reply.text == "late but whole")
    }

    @Test("past the handler limit a request is answered 503; the one being answered is not disturbed")
    func busyPastLimit() async throws {
        let entered = LockedBox(false)
        let released = LockedBox(false)
        let served = try Served(limits: .init(handlers: 1)) { _ in
            entered.withLock { $0 = true }
            while !released.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
            return .text("first")
        }
        async let first = served.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n")
        for _ in 0..<6000 where !entered.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(entered.withLock { $0 })
        let second = await served.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n")
        #expect(second.status == 503)
        released.withLock { $0 = true }
        let reply = await first
        #expect(reply.status == 200 && reply.text == "first")
    }

    @Test("connections still being read past the limit make room: the oldest is closed, and a new request is answered")
    func oldestReadingConnectionMakesRoom() async throws {
        // Deadlines far off: the oldest can only end by being closed to make room.
        let served = try Served(limits: .init(connections: 2, timeout: 600, headTimeout: 600))
        // Two connections that send part of a head and wait.
        let silent = await RawClient.onThread { () -> [Int32] in
            (0..<2).compactMap { _ in
                guard case .success(let descriptor) = RawClient.open(address: "127.0.0.1", port: served.port) else { return nil }
                _ = Array("GET".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                return descriptor
            }
        }
        defer { for descriptor in silent { close(descriptor) } }
        #expect(silent.count == 2)
        let reply = await served.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n")
        #expect(reply.status == 200 && reply.text == "hello\n")
        // The oldest was closed, unanswered (a read sees the end); the other one still waits.
        let (oldest, other) = await RawClient.onThread { () -> (Int, Int32) in
            var byte: UInt8 = 0
            let first = recv(silent[0], &byte, 1, 0)
            let second = recv(silent[1], &byte, 1, Int32(MSG_DONTWAIT))
            return (first, second < 0 ? errno : 0)
        }
        #expect(oldest == 0)
        #expect(other == EAGAIN || other == EWOULDBLOCK)
    }

    @Test("a head that trickles in is answered 408 once its own deadline from its first byte passes, well before the request's")
    func headDeadlineFromFirstByte() async throws {
        let served = try Served(limits: .init(timeout: 600, headTimeout: 0.3))
        let reply = await served.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n")
        #expect(reply.status == 408)
        #expect(served.handled == 0)
    }

    @Test("a handler still working when its client closes the connection is cancelled at once")
    func departedClientCancelsTheHandler() async throws {
        let cancelled = LockedBox(false)
        let served = try Served { _ in
            // Waits up to a minute, unless cancelled.
            for _ in 0..<12_000 where !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            cancelled.withLock { $0 = Task.isCancelled }
            return .text("late")
        }
        let port = served.port
        await RawClient.onThread {
            guard case .success(let descriptor) = RawClient.open(address: "127.0.0.1", port: port) else { return }
            let head = Array("GET /poll HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            _ = head.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            for _ in 0..<12_000 where served.handled == 0 { usleep(5_000) }
            close(descriptor)
        }
        for _ in 0..<6000 where !cancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(cancelled.withLock { $0 })
    }
}

/// The parts of the server that need no socket: the head parser, the checks before the
/// handler, the response's bytes.
@Suite("LoopbackHTTPServer parsing and checks")
struct LoopbackHTTPServerParsingTests {
    static func parse(_ text: String, maxHeaderLines: Int = 100) -> Result<HTTPRequestHead, HTTPError> {
        HTTPRequestHead.parse(Array(text.utf8)[...], maxHeaderLines: maxHeaderLines)
    }

    static func status(_ text: String) -> Int? {
        if case .failure(let error) = parse(text) { return error.status }
        return nil
    }

    @Test("a head is parsed: method, raw target, version, decoded path and query, lowercased trimmed headers in order")
    func parsesHead() throws {
        let head = try Self.parse(
            "POST /a%2Fb/c+d?q=x+y%26z&empty=&bare&q=second&%C3%A9=1 HTTP/1.0\r\nHost:localhost:1\r\nX-Two:\t a \r\nx-two: b\r\n\r\n"
        ).get()
        #expect(head.method == "POST" && head.version == "HTTP/1.0")
        #expect(head.target == "/a%2Fb/c+d?q=x+y%26z&empty=&bare&q=second&%C3%A9=1")
        #expect(head.path == "/a/b/c+d")
        #expect(head.query == ["q": "x y&z", "empty": "", "bare": "", "é": "1"])
        #expect(head.headers.map(\.name) == ["host", "x-two", "x-two"])
        #expect(head.header("X-Two") == "a" && head.headers(named: "x-two") == ["a", "b"])
        #expect(head.header("host") == "localhost:1" && head.header("missing") == nil)
    }

    @Test("the end of a head is found after its empty line, also when searched from an offset")
    func findsEndOfHead() {
        let bytes = Array("GET / HTTP/1.1\r\nA: b\r\n\r\nbody".utf8)
        #expect(HTTPRequestHead.length(in: bytes[...]) == 24)
        #expect(HTTPRequestHead.length(in: bytes[...], from: 20) == 24)
        #expect(HTTPRequestHead.length(in: bytes[..<23]) == nil)
        #expect(HTTPRequestHead.length(in: bytes[2...]) == 22)
    }

    @Test("malformed heads are 400: request line, target, bare CR or LF, folded or spaced field names, control characters, escapes")
    func malformedHeads() {
        for text in [
            "\r\n\r\n",
            "GET\r\n\r\n",
            "GET / HTTP/1.1 extra\r\n\r\n",
            "GET / http/1.1\r\n\r\n",
            "G(T / HTTP/1.1\r\n\r\n",
            "GET * HTTP/1.1\r\n\r\n",
            "GET http://x/ HTTP/1.1\r\n\r\n",
            "GET /a#b HTTP/1.1\r\n\r\n",
            "GET /\u{7F} HTTP/1.1\r\n\r\n",
            "GET /%4 HTTP/1.1\r\n\r\n",
            "GET /%00 HTTP/1.1\r\n\r\n",
            "GET /%FF HTTP/1.1\r\n\r\n",
            "GET /?a=%G0 HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\rHost: x\r\n\r\n",
            "GET / HTTP/1.1\nHost: x\r\n\r\n",
            "GET / HTTP/1.1\r\nNoColon\r\n\r\n",
            "GET / HTTP/1.1\r\n: empty\r\n\r\n",
            "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
            "GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nA: b\u{01}c\r\n\r\n",
            "GET / HTTP/1.1\r\n",
        ] {
            #expect(Self.status(text) == 400, "\(text.debugDescription)")
        }
    }

    @Test("another HTTP version is 505; more header lines than allowed is 431")
    func versionAndLineCount() {
        #expect(Self.status("GET / HTTP/2.0\r\n\r\n") == 505)
        let lines = (0..<3).map { "A\($0): b\r\n" }.joined()
        #expect(Self.status("GET / HTTP/1.1\r\n\(lines)\r\n") == nil)
        if case .failure(let error) = Self.parse("GET / HTTP/1.1\r\n\(lines)\r\n", maxHeaderLines: 2) {
            #expect(error.status == 431)
        } else {
            Issue.record("three header lines were accepted with a limit of two")
        }
    }

    @Test(
        "the body's length: Content-Length (repeated equal is one), none is 0; not a number or two numbers 400; over the limit 413; Transfer-Encoding 411"
    )
    func bodyLength() throws {
        /// "length N", or "status S" for a failure.
        func length(_ fields: String, limit: Int = 100) throws -> String {
            switch try Self.parse("POST / HTTP/1.1\r\n\(fields)\r\n").get().bodyLength(limit: limit) {
            case .success(let length): "length \(length)"
            case .failure(let error): "status \(error.status)"
            }
        }
        #expect(try length("") == "length 0")
        #expect(try length("Content-Length: 42\r\n") == "length 42")
        #expect(try length("Content-Length: 5, 5\r\nContent-Length: 5\r\n") == "length 5")
        #expect(try length("Content-Length: 00100\r\n") == "length 100")
        #expect(try length("Content-Length: 101\r\n") == "status 413")
        #expect(try length("Content-Length: 99999999999999999999999\r\n") == "status 413")
        #expect(try length("Content-Length: 5\r\nContent-Length: 6\r\n") == "status 400")
        #expect(try length("Content-Length: -1\r\n") == "status 400")
        #expect(try length("Content-Length: 0x10\r\n") == "status 400")
        #expect(try length("Content-Length:\r\n") == "status 400")
        #expect(try length("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n") == "status 411")
    }

    @Test("the checks before the handler: Host, Origin, the site a browser says a request comes from, method, a POST's Origin, in that order")
    func refusals() throws {
        func refusal(_ method: String, _ fields: String) throws -> Int? {
            let head = try LoopbackHTTPServerParsingTests.parse("\(method) / HTTP/1.1\r\n\(fields)\r\n").get()
            return LoopbackHTTPServer.refusal(of: head, port: 4000)?.status
        }
        #expect(try refusal("GET", "Host: 127.0.0.1:4000\r\n") == nil)
        #expect(try refusal("GET", "Host: LOCALHOST:4000\r\n") == nil)
        #expect(try refusal("HEAD", "Host: localhost:4000\r\nOrigin: http://localhost:4000\r\n") == nil)
        #expect(try refusal("POST", "Host: localhost:4000\r\nOrigin: http://127.0.0.1:4000\r\n") == nil)
        #expect(try refusal("GET", "") == 403)
        #expect(try refusal("GET", "Host: evil.example:4000\r\n") == 403)
        #expect(try refusal("GET", "Host: localhost:4000.evil.example\r\n") == 403)
        #expect(try refusal("GET", "Host: localhost\r\n") == 403)
        #expect(try refusal("GET", "Host: [::1]:4000\r\n") == 403)
        #expect(try refusal("GET", "Host: localhost:4000\r\nHost: evil.example\r\n") == 400)
        #expect(try refusal("GET", "Host: localhost:4000\r\nOrigin: null\r\n") == 403)
        #expect(try refusal("GET", "Host: localhost:4000\r\nOrigin: https://localhost:4000\r\n") == 403)
        #expect(try refusal("GET", "Host: localhost:4000\r\nOrigin: http://localhost:4000/\r\n") == 403)
        #expect(try refusal("POST", "Host: localhost:4000\r\n") == 403)
        #expect(try refusal("POST", "Host: localhost:4000\r\nOrigin: http://evil.example\r\n") == 403)
        #expect(try refusal("PUT", "Host: localhost:4000\r\nOrigin: http://localhost:4000\r\n") == 405)
        #expect(try refusal("PUT", "Host: evil.example\r\n") == 403)
        // Fetch Metadata: an <img> of another site sends no Origin, but says it is cross-site.
        #expect(try refusal("GET", "Host: localhost:4000\r\nSec-Fetch-Site: cross-site\r\n") == 403)
        #expect(try refusal("GET", "Host: localhost:4000\r\nSec-Fetch-Site: same-site\r\n") == 403)
        #expect(try refusal("GET", "Host: localhost:4000\r\nSec-Fetch-Site: same-origin\r\n") == nil)
        #expect(try refusal("GET", "Host: localhost:4000\r\nSec-Fetch-Site: none\r\n") == nil)
        // A security header sent twice is refused: the first copy must not pass for the browser's.
        #expect(try refusal("GET", "Host: localhost:4000\r\nSec-Fetch-Site: same-origin\r\nSec-Fetch-Site: cross-site\r\n") == 400)
        #expect(try refusal("GET", "Host: localhost:4000\r\nSec-Fetch-Mode: cors\r\nsec-fetch-mode: navigate\r\n") == 400)
        #expect(try refusal("GET", "Host: localhost:4000\r\nCookie: a=1\r\nCookie: b=2\r\n") == 400)
        #expect(try refusal("GET", "Host: localhost:4000\r\nSec-Fetch-Site: same-origin, cross-site\r\n") == 400)
    }

    @Test("the cookie is its own secret, under the port's name, given once, compared whole; the Set-Cookie is HttpOnly and SameSite=Strict")
    func secretCookie() throws {
        let secret = AccessSecret(value: String(repeating: "ab", count: 32), cookieValue: String(repeating: "cd", count: 32), port: 4000)
        func carried(_ cookie: String) throws -> Bool {
            try secret.isCarried(by: LoopbackHTTPServerParsingTests.parse("GET / HTTP/1.1\r\nHost: localhost:4000\r\nCookie: \(cookie)\r\n\r\n").get())
        }
        let value = secret.cookieValue
        #expect(try carried("feedbackflow-preview-4000=\(value)"))
        #expect(try carried("theme=dark; feedbackflow-preview-4000=\(value); other=1"))
        // The address's secret is not the cookie's: one cannot stand for the other.
        #expect(try !carried("feedbackflow-preview-4000=\(secret.value)"))
        #expect(try !carried("feedbackflow-preview-4001=\(value)"))
        #expect(try !carried("feedbackflow-preview-4000=\(value.dropLast())"))
        #expect(try !carried("feedbackflow-preview-4000=\(value)0"))
        #expect(try !carried("feedbackflow-preview-4000="))
        #expect(try !carried("feedbackflow-preview-4000=x; feedbackflow-preview-4000=\(value)"))
        #expect(try !carried("feedbackflow-preview-4000=\(value); feedbackflow-preview-4000=\(value)"))
        #expect(!secret.matches(""))
        #expect(!secret.matches(secret.value + String(repeating: "0", count: 256)))
        #expect(secret.setCookie == "feedbackflow-preview-4000=\(value); Path=/; HttpOnly; SameSite=Strict")
        // Random secrets: 64 hexadecimal digits, never twice the same, the cookie's apart.
        let fresh = (0..<50).map { _ in AccessSecret(port: 1) }
        #expect(Set(fresh.map(\.value) + fresh.map(\.cookieValue)).count == 100)
        #expect(fresh.allSatisfy { $0.value.count == 64 && $0.value.allSatisfy(\.isHexDigit) })
    }

    @Test("a response's bytes: status line, Content-Type, Content-Length, the fixed headers, safe extra headers, the body")
    func serializesResponse() {
        var response = HTTPResponse.text("hi", status: 404)
        response.headers = [
            ("X-Frame-Options", "DENY"), ("X-Split", "a\r\nSet-Cookie: x=1"), ("Bad Name", "v"), ("Content-Length", "99"),
        ]
        let text = String(decoding: response.serialized(), as: UTF8.self)
        #expect(
            text == "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 2\r\n"
                + "Connection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                + "Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n\r\nhi")
        #expect(String(decoding: response.serialized(includingBody: false), as: UTF8.self).hasSuffix("DENY\r\n\r\n"))
        let noContent = String(decoding: HTTPResponse.text("dropped", status: 204).serialized(), as: UTF8.self)
        #expect(noContent.hasPrefix("HTTP/1.1 204 No Content\r\nConnection: close\r\n") && noContent.hasSuffix("\r\n\r\n"))
        #expect(!noContent.contains("Content-Length") && !noContent.contains("dropped"))
        let invalid = String(decoding: HTTPResponse.text("", status: 42).serialized(), as: UTF8.self)
        #expect(invalid.hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
        #expect(HTTPResponse.html("x").contentType == "text/html; charset=utf-8")
        for status in [200, 204, 400, 403, 404, 405, 408, 413, 431, 500, 503] {
            #expect(!["Success", "Client Error", "Server Error"].contains(HTTPResponse.reasonPhrase(for: status)), "\(status)")
        }
    }

    @Test("HTTPRequest.header finds a field whatever its case")
    func requestHeader() {
        let request = HTTPRequest(method: "GET", path: "/", headers: [(name: "X-Mixed", value: "1")])
        #expect(request.header("x-mixed") == "1" && request.header("X-MIXED") == "1" && request.header("other") == nil)
    }
}

/// A TCP client of raw bytes for the tests: connects to 127.0.0.1, sends, and reads until
/// the server closes. Each call runs on a thread of its own, so that its blocking calls
/// never hold one of the few cooperative threads the server's handler needs.
enum RawClient {
    /// What came back, parsed as an HTTP response as far as it goes.
    struct Reply: Sendable {
        /// The status code, or 0 when nothing like a response came.
        var status = 0
        var headers: [(name: String, value: String)] = []
        var body: [UInt8] = []
        /// Whether the server closed the connection (rather than the read timing out or failing).
        var closed = false

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The first value of the header `name` (lowercase).
        func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

        init(_ bytes: [UInt8], closed: Bool) {
            self.closed = closed
            guard let end = HTTPRequestHead.length(in: bytes[...]) else { return }
            let lines = String(decoding: bytes[..<(end - 4)], as: UTF8.self).components(separatedBy: "\r\n")
            let statusLine = lines[0].split(separator: " ")
            guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else { return }
            self.status = status
            headers = lines.dropFirst().compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                return (name: line[..<colon].lowercased(), value: value)
            }
            body = Array(bytes[end...])
        }
    }

    /// Each read or write waits at most this long (seconds): long, because the handler runs
    /// in the test process's task pool, which a full parallel test run keeps busy.
    static let timeout = 60

    /// Runs `work` on a new thread and returns what it gives.
    static func onThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    /// A connected socket, or the `errno` of the failure.
    static func open(address: String, port: UInt16) -> Result<Int32, Errno> {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        var time = timeval()
        time.tv_sec = .init(timeout)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var target = sockaddr_in()
        #if canImport(Darwin)
            target.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = port.bigEndian
        _ = inet_pton(AF_INET, address, &target.sin_addr)
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            return .failure(Errno(code))
        }
        return .success(descriptor)
    }

    /// An `errno` value as an error.
    struct Errno: Error {
        var code: Int32
        init(_ code: Int32) { self.code = code }
    }

    /// The `errno` of connecting to `address:port`, or 0 when it connected.
    static func connectError(address: String, port: UInt16) async -> Int32 {
        await onThread {
            switch open(address: address, port: port) {
            case .success(let descriptor):
                close(descriptor)
                return 0
            case .failure(let error):
                return error.code
            }
        }
    }

    /// Sends `bytes` to 127.0.0.1:`port` and reads what comes back until the server
    /// closes (or a read waits longer than ``timeout``).
    static func exchange(port: UInt16, _ bytes: [UInt8]) async -> Reply {
        await onThread {
            guard case .success(let descriptor) = open(address: "127.0.0.1", port: port) else { return Reply([], closed: false) }
            defer { close(descriptor) }
            var offset = 0
            while offset < bytes.count {
                #if canImport(Darwin)
                    let flags: Int32 = 0
                #else
                    let flags = Int32(MSG_NOSIGNAL)
                #endif
                let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, flags) }
                // The server may answer and stop reading before everything is sent.
                guard sent > 0 else { break }
                offset += sent
            }
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    received += chunk.prefix(count)
                } else {
                    return Reply(received, closed: count == 0)
                }
            }
        }
    }
}
