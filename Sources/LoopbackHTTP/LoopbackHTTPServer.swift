import Dispatch
import FlowSource
import FlowSystem

/// A small HTTP/1.1 server on 127.0.0.1 only, for `feedbackflow preview`: a page in the
/// browser of the person running the command, and nobody else's.
///
/// - Reachable from this computer only: the socket is bound to `INADDR_LOOPBACK`, never
///   to all addresses.
/// - Reachable by this preview's own pages only: before the handler is called, `Host`
///   must be `127.0.0.1:PORT` or `localhost:PORT` (a page of another site that made its
///   name resolve to 127.0.0.1, "DNS rebinding", sends its own name), an `Origin`, when
///   sent, must be `http://127.0.0.1:PORT` or `http://localhost:PORT`, and a POST must
///   send one (browsers send it with every POST), so that another site's page cannot
///   post to it; all these are answered 403. Methods other than GET, HEAD and POST are
///   answered 405.
/// - Usable by the person who started it only, when it is made `requiringSecret`: a
///   request must carry the ``AccessSecret`` of the printed address, as a cookie and
///   (but for the page) in a header (403 otherwise); see that type. A repeated security header (`Cookie`, `Sec-Fetch-*`) is refused
///   (400): a check must not read one copy while a browser meant the other.
/// - Bounded, and not to be crowded out by slow clients: ``Limits`` caps the connections
///   being read at once (past them the oldest one still being read is closed, so a few
///   connections that trickle bytes cannot keep a new one out), the requests being
///   answered at once (503 past them; with a secret, only requests that carried it get
///   this far), the head (431) and body (413) of a request, and the time the head may take
///   from its first byte and the whole request to arrive (408), or its response to be
///   written; a chunked body is refused (411), a malformed request answered 400
///   (``HTTPRequestHead/parse(_:maxHeaderLines:)``). A request refused before it proved
///   the secret is closed at once (no lingering), and a connection whose head has arrived
///   is never closed to make room. A handler still working when its client closes the
///   connection (a long poll of a tab closed or reloaded) is cancelled at once: a long
///   poll then ends and frees its slot.
/// - One request per connection: every response says `Connection: close`, and carries
///   `Cache-Control: no-store`, `X-Content-Type-Options: nosniff` and
///   `Referrer-Policy: no-referrer` (``HTTPResponse/serialized(includingBody:)``).
///
/// The blocking work runs on threads of its own (``start()``), never on Swift's
/// cooperative threads: one accepts connections, and each connection is read, answered
/// and closed on a thread of its own. The handler is `async` and runs as a task; the
/// connection's thread waits for it without a time limit (a long poll may wait as long
/// as it likes: only reading the request and writing the response are timed), watching
/// the connection meanwhile.
///
/// `Sendable` without `@unchecked`: its mutable state is in a ``FlowSource/LockedBox``
/// (a `pthread_mutex_t`), every other stored property is a constant of a `Sendable` type.
package final class LoopbackHTTPServer: Sendable {
    /// The bounds of what the server takes on.
    package struct Limits: Sendable, Hashable {
        /// Connections whose request head is being read at once (128); when one more
        /// comes, the oldest of them is closed. Many, so that a flood of connections must
        /// bring that many new ones before a person's, which sends its head at once, is read.
        package var connections: Int
        /// Requests being answered at once (32), long polls included; one more is
        /// answered 503.
        package var handlers: Int
        /// Bytes of a request's head, from its request line to the empty line that ends
        /// it (16 KiB); more is answered 431.
        package var headerBytes: Int
        /// Header lines of a request (100); more is answered 431.
        package var headerLines: Int
        /// Bytes of a request's body (`Content-Length`, 64 KiB); more is answered 413.
        package var bodyBytes: Int
        /// Seconds a request may take to arrive whole (10; past them it is answered 408,
        /// or the connection closed when nothing came), and its response to be written;
        /// each single read and write of the connection waits at most as long too
        /// (`SO_RCVTIMEO`, `SO_SNDTIMEO`). The handler's own time is not counted.
        package var timeout: Double
        /// Seconds a request's head may take from its first byte to its empty line (2; a
        /// browser sends it in one write): past them it is answered 408.
        package var headTimeout: Double

        /// Limits of these values.
        package init(
            connections: Int = 128, handlers: Int = 32, headerBytes: Int = 16_384, headerLines: Int = 100, bodyBytes: Int = 65_536,
            timeout: Double = 10, headTimeout: Double = 2
        ) {
            self.connections = connections
            self.handlers = handlers
            self.headTimeout = headTimeout
            self.headerBytes = headerBytes
            self.headerLines = headerLines
            self.bodyBytes = bodyBytes
            self.timeout = timeout
        }

        /// 128 connections read and 32 requests answered at once, a 16 KiB head of at most
        /// 100 header lines arriving within 2 s of its first byte, a 64 KiB body, 10 s.
        package static let standard = Limits()

        /// ``timeout`` as a duration, within 1 ms and a day (10 s when it is not a number).
        var timeoutDuration: Duration { Self.duration(timeout, otherwise: 10) }
        /// ``headTimeout`` as a duration, within 1 ms and a day (2 s when it is not a number).
        var headTimeoutDuration: Duration { Self.duration(headTimeout, otherwise: 2) }

        private static func duration(_ seconds: Double, otherwise: Int) -> Duration {
            seconds.isNaN ? .seconds(otherwise) : .seconds(Swift.min(Swift.max(seconds, 0.001), 86_400))
        }

        /// Threads of connections at once, in every stage (read, answered, closing): the
        /// connections read and the requests answered, and as many again closing.
        var threads: Int { 2 * (connections + handlers) }
    }

    /// The port the server is bound to, as `getsockname` reports it (the kernel's choice
    /// when none was asked for).
    package let port: UInt16
    /// The address the server is bound to, as `getsockname` reports it: `127.0.0.1`.
    package let address: String
    /// The limits it serves within.
    package let limits: Limits
    /// The secret every request must carry, when the server was made `requiringSecret`.
    package let access: AccessSecret?
    /// What answers each admitted request.
    let handler: @Sendable (HTTPRequest) async -> HTTPResponse

    /// What changes while the server runs, behind the lock.
    private struct State {
        /// The listening socket; −1 once closed.
        var listener: Int32
        /// The pipe ``stop()`` writes to, to wake the accept loop from `poll`; −1 once closed.
        var wakeRead: Int32
        var wakeWrite: Int32
        /// Whether ``start()`` was called.
        var started = false
        /// Whether ``stop()`` was called.
        var stopping = false
        /// Whether the accept loop's thread runs (it then owns the descriptors above and
        /// closes them when it ends).
        var looping = false
        /// Threads serving connections.
        var connections = 0
        /// The connections whose request is being read, by the number of their arrival:
        /// the first is the oldest, closed (`shutdown`) when one more comes. A thread
        /// takes its own out before closing its descriptor, and a descriptor is shut down
        /// only while it is here (under the lock), so no number closed and given again is
        /// ever shut down.
        var reading: [Int: Int32] = [:]
        /// The number the next connection gets.
        var arrivals = 0
        /// Requests being answered.
        var handling = 0
    }

    private let state: LockedBox<State>
    /// Entered while the accept loop runs: ``stop()`` waits on it.
    private let loopEnded = DispatchGroup()

    /// The `http://127.0.0.1:PORT/` address of the preview, with `?token=SECRET` when
    /// it requires its secret (``AccessSecret``).
    package var url: String { "http://127.0.0.1:\(port)/" + (access.map { "?\(AccessSecret.queryName)=\($0.value)" } ?? "") }

    /// Binds a socket to 127.0.0.1 on `port` (`nil` or 0: a free port the kernel picks,
    /// read back in ``port``) and listens; connections wait until ``start()``. With
    /// `requiringSecret`, a new random ``AccessSecret`` guards every route (``url`` carries it).
    /// - Throws: ``LoopbackServerError/portInUse(_:)`` when the port is taken,
    ///   ``LoopbackServerError/portNotAllowed(_:)`` for a privileged port, or
    ///   ``LoopbackServerError/socket(operation:code:)`` when a socket call fails.
    package init(
        port: UInt16?, limits: Limits = .standard, requiringSecret: Bool = false,
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) throws(LoopbackServerError) {
        let listening = try LoopbackSocket.listen(port: port ?? 0, backlog: 128)
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else {
            let code = errno
            close(listening.descriptor)
            throw .socket(operation: "pipe", code: code)
        }
        for descriptor in wake { _ = LoopbackSocket.setFlag(descriptor, FD_CLOEXEC, get: F_GETFD, set: F_SETFD, on: true) }
        self.port = listening.port
        self.address = listening.address
        self.limits = limits
        access = requiringSecret ? AccessSecret(port: listening.port) : nil
        self.handler = handler
        state = LockedBox(State(listener: listening.descriptor, wakeRead: wake[0], wakeWrite: wake[1]))
    }

    deinit {
        // Reached only when the accept loop does not run (its thread holds the server).
        state.withLock { Self.closeDescriptors(&$0) }
    }

    /// Starts serving on a thread of its own and returns at once. Does nothing when
    /// called again, or after ``stop()``.
    /// - Throws: ``LoopbackServerError/thread(code:)`` when no thread can be started; the
    ///   server is stopped then.
    package func start() throws(LoopbackServerError) {
        let starting = state.withLock { state in
            guard !state.started, !state.stopping else { return false }
            state.started = true
            state.looping = true
            loopEnded.enter()
            return true
        }
        guard starting else { return }
        let code = DetachedThread.start(name: "ff-preview") { [self] in acceptLoop() }
        guard code == 0 else {
            state.withLock { state in
                state.looping = false
                state.stopping = true
                Self.closeDescriptors(&state)
            }
            loopEnded.leave()
            throw .thread(code: code)
        }
    }

    /// Stops accepting: the listening socket is shut down and closed before this
    /// returns, so a new connection is refused. Connections already accepted are still
    /// answered (or time out). Callable from any thread, any number of times.
    package func stop() {
        state.withLock { state in
            guard !state.stopping else { return }
            state.stopping = true
            if state.looping {
                // The loop closes the descriptors itself (closing them here could close
                // a number another thread has just been given, under the loop's poll).
                var byte: UInt8 = 1
                _ = write(state.wakeWrite, &byte, 1)
            } else {
                Self.closeDescriptors(&state)
            }
        }
        loopEnded.wait()
    }

    /// Shuts the listening socket down and closes it and the wake pipe.
    private static func closeDescriptors(_ state: inout State) {
        if state.listener >= 0 {
            _ = shutdown(state.listener, Int32(SHUT_RDWR))
            close(state.listener)
        }
        for descriptor in [state.wakeRead, state.wakeWrite] where descriptor >= 0 { close(descriptor) }
        (state.listener, state.wakeRead, state.wakeWrite) = (-1, -1, -1)
    }

    /// Accepts connections until ``stop()``, then closes the listening socket.
    private func acceptLoop() {
        let (listener, wake) = state.withLock { ($0.listener, $0.wakeRead) }
        defer {
            state.withLock { state in
                state.looping = false
                Self.closeDescriptors(&state)
            }
            loopEnded.leave()
        }
        while !state.withLock({ $0.stopping }) {
            guard let events = LoopbackSocket.poll([listener, wake], timeout: -1) else {
                // poll itself failed (out of memory): try again a little later.
                _ = LoopbackSocket.poll([wake], timeout: 100)
                continue
            }
            guard events[1] == 0, events[0] != 0 else { continue }
            switch LoopbackSocket.accept(listener) {
            case .connection(let descriptor):
                admit(descriptor)
            case .none:
                continue
            case .failed:
                // Out of descriptors, typically: the connection stays queued; wait a
                // little rather than spin on it.
                _ = LoopbackSocket.poll([wake], timeout: 100)
            }
        }
    }

    /// Serves an accepted connection on a thread of its own. When ``Limits/connections``
    /// are being read, the oldest of them is closed to make room; when the threads of
    /// every stage are at their bound (or no thread can be started), the new one is
    /// answered 503.
    private func admit(_ descriptor: Int32) {
        let arrival: Int? = state.withLock { state in
            guard state.connections < limits.threads else { return nil }
            if state.reading.count >= limits.connections, let oldest = state.reading.keys.min(),
                let evicted = state.reading.removeValue(forKey: oldest)
            {
                _ = shutdown(evicted, Int32(SHUT_RDWR))
            }
            state.connections += 1
            state.arrivals += 1
            state.reading[state.arrivals] = descriptor
            return state.arrivals
        }
        guard let arrival else { return refuseBusy(descriptor) }
        // Past this, a connection stays on until it is answered or the client leaves.
        LoopbackSocket.configureConnection(descriptor, timeout: limits.timeoutDuration)
        let code = DetachedThread.start(name: "ff-preview-conn") { [self] in
            serve(descriptor, arrival: arrival)
            state.withLock { $0.connections -= 1 }
        }
        if code != 0 {
            state.withLock { state in
                state.connections -= 1
                state.reading[arrival] = nil
            }
            refuseBusy(descriptor)
        }
    }

    /// Takes the connection that arrived `arrival`-th out of those being read; `false`
    /// when it was closed to make room meanwhile.
    func finishedReading(_ arrival: Int) -> Bool {
        state.withLock { $0.reading.removeValue(forKey: arrival) != nil }
    }

    /// Counts one more request being answered, if ``Limits/handlers`` allow; whether it may be.
    func startHandling() -> Bool {
        state.withLock { state in
            guard state.handling < limits.handlers else { return false }
            state.handling += 1
            return true
        }
    }

    /// Counts one request less being answered.
    func finishHandling() {
        state.withLock { $0.handling -= 1 }
    }

    /// Answers 503 and closes, without waiting for anything (on the accept loop's
    /// thread): the response fits in an empty socket's buffer, and what the client
    /// already sent is dropped before closing.
    private func refuseBusy(_ descriptor: Int32) {
        let response = HTTPError(status: 503, "the preview is busy (\(limits.threads) connections): try again").response
        LoopbackSocket.send(descriptor, response.serialized(), deadline: .now + .seconds(1), nonBlocking: true)
        LoopbackSocket.closeAfterResponse(descriptor, deadline: .now, bytes: 65_536, nonBlocking: true)
    }

    /// The headers a check reads that a request may send once only (each more is 400):
    /// one copy could pass the check while a browser meant the other.
    static let singleHeaders = [
        "cookie", "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest", "sec-fetch-user", HTTPRequestHead.lowercased(AccessSecret.headerName),
    ]

    /// Why a request with this head may not reach the handler of a server on `port`, or
    /// `nil` when it may. In this order: more than one `Host` or `Origin`, or of one of
    /// ``singleHeaders`` (400); no
    /// `Host`, or one other than `127.0.0.1:PORT` or `localhost:PORT` (403); an `Origin`
    /// other than `http://127.0.0.1:PORT` or `http://localhost:PORT` (403); a method
    /// other than GET, HEAD and POST (405); a POST without an `Origin` (403). Names are
    /// compared without regard to case; on port 80, the port may be left out.
    package static func refusal(of head: HTTPRequestHead, port: UInt16) -> HTTPError? {
        let hosts = head.headers(named: "host")
        let origins = head.headers(named: "origin")
        guard hosts.count <= 1, origins.count <= 1 else {
            return HTTPError(status: 400, "more than one Host or Origin header")
        }
        if let repeated = singleHeaders.first(where: { head.headers(named: $0).count > 1 }) {
            return HTTPError(status: 400, "more than one \(repeated) header")
        }
        // A browser sends one value; a list could pass the check with one and mean another.
        if head.header("sec-fetch-site")?.contains(",") == true {
            return HTTPError(status: 400, "Sec-Fetch-Site holds more than one value")
        }
        let allowedHosts = ["127.0.0.1:\(port)", "localhost:\(port)"] + (port == 80 ? ["127.0.0.1", "localhost"] : [])
        guard let host = hosts.first, allowedHosts.contains(HTTPRequestHead.lowercased(host)) else {
            return HTTPError(
                status: 403,
                "the Host header must be 127.0.0.1:\(port) or localhost:\(port): this preview answers its own address only")
        }
        if let origin = origins.first, !allowedHosts.map({ "http://" + $0 }).contains(HTTPRequestHead.lowercased(origin)) {
            return HTTPError(
                status: 403,
                "a request from another origin is refused: Origin must be http://127.0.0.1:\(port) or http://localhost:\(port)")
        }
        // A browser says where a request comes from (Fetch Metadata): a page of another
        // site (an <img> or <script> of it sends no Origin) is refused before any route.
        if let site = head.header("sec-fetch-site").map(HTTPRequestHead.lowercased), site == "cross-site" || site == "same-site" {
            return HTTPError(status: 403, "a request from another site is refused")
        }
        guard ["GET", "HEAD", "POST"].contains(head.method) else {
            return HTTPError(status: 405, "only GET, HEAD and POST are served")
        }
        if head.method != "GET" && head.method != "HEAD" && origins.isEmpty {
            return HTTPError(status: 403, "a \(head.method) must carry the Origin header of this preview (http://127.0.0.1:\(port))")
        }
        return nil
    }
}
