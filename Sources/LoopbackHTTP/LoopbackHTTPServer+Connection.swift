import Dispatch
import FlowSource
import FlowSystem

/// One connection of a ``LoopbackHTTPServer``, on its own thread: read one request
/// within the limits, check it, call the handler, write the response, close.
extension LoopbackHTTPServer {
    /// What reading a connection's request gave.
    enum Reading {
        /// A request to hand to the handler; `setCookie` is the `Set-Cookie` value its
        /// response carries (the page's first load with the secret in its address).
        case request(HTTPRequest, setCookie: String?)
        /// A request answered with an error; `method` when its head could be read;
        /// `proven` when it carried the secret (or none is required).
        case refused(HTTPError, method: String?, proven: Bool)
        /// Nothing to answer: nothing came, the connection failed, or it was closed to
        /// make room while its head was read.
        case abandoned
    }

    /// Seconds a connection is kept after its response, to read and drop what the
    /// client still sends (``LoopbackSocket/closeAfterResponse(_:deadline:bytes:nonBlocking:)``).
    /// A request refused before it proved the secret gets none of it: what it sent
    /// already is dropped, and the connection closed at once, so refused connections
    /// cannot hold threads.
    static let lingerSeconds = 2.0

    /// Bytes asked of each read.
    static let readSize = 8_192

    /// Reads, answers and closes the connection, the `arrival`-th.
    func serve(_ descriptor: Int32, arrival: Int) {
        let reading = read(descriptor, arrival: arrival)
        let response: HTTPResponse
        let method: String?
        let proven: Bool
        switch reading {
        case .abandoned:
            close(descriptor)
            return
        case .refused(let error, let refusedMethod, let refusedProven):
            (response, method, proven) = (error.response, refusedMethod, refusedProven)
        case .request(let request, let setCookie):
            proven = true
            guard startHandling() else {
                (response, method) = (HTTPError(status: 503, "the preview is busy (\(limits.handlers) requests): try again").response, request.method)
                break
            }
            defer { finishHandling() }
            guard var answer = respond(to: request, on: descriptor) else {
                // The client left before the answer: nothing to write.
                close(descriptor)
                return
            }
            if let setCookie { answer.headers.append(("Set-Cookie", setCookie)) }
            (response, method) = (answer, request.method)
        }
        LoopbackSocket.send(
            descriptor, response.serialized(includingBody: method != "HEAD"), deadline: .now + limits.timeoutDuration,
            nonBlocking: !proven)
        if proven {
            LoopbackSocket.closeAfterResponse(descriptor, deadline: .now + .seconds(Self.lingerSeconds))
        } else {
            LoopbackSocket.closeAfterResponse(descriptor, deadline: .now, bytes: 65_536, nonBlocking: true)
        }
    }

    /// Reads one request of the `arrival`-th connection: its head up to
    /// ``Limits/headerBytes`` within ``Limits/headTimeout`` of its first byte, checked
    /// (``refusal(of:port:)``, then the ``AccessSecret``) before its body is read, then its
    /// `Content-Length` body, all within ``Limits/timeout`` seconds. Once its head is
    /// read, the connection is no longer among those being read (it cannot be closed to
    /// make room any more).
    func read(_ descriptor: Int32, arrival: Int) -> Reading {
        let reading = readHead(descriptor)
        // Closed to make room while its head was read: nothing is answered.
        guard finishedReading(arrival) else { return .abandoned }
        let (head, buffer, headLength, deadline): (HTTPRequestHead, [UInt8], Int, ContinuousClock.Instant)
        switch reading {
        case .success(let read): (head, buffer, headLength, deadline) = read
        case .failure(let failure): return failure.reading
        }
        let proven = access == nil || access.map { $0.isCarried(by: head) && $0.isSentInHeader(by: head) } == true
        var setCookie: String?
        if let access, !proven {
            let page = (head.method == "GET" || head.method == "HEAD") && head.path == "/"
            if page, access.isCarried(by: head) {
                // The page itself needs the cookie only: a reload, a new tab.
            } else if page, let token = head.query[AccessSecret.queryName], access.matches(token) {
                // The printed address's first load: the secret becomes a cookie.
                setCookie = access.setCookie
            } else {
                return .refused(
                    HTTPError(
                        status: 403,
                        "this preview answers the person who started it: open the address 'feedbackflow preview' printed (it carries a secret)"),
                    method: head.method, proven: false)
            }
        }
        let bodyLength: Int
        switch head.bodyLength(limit: limits.bodyBytes) {
        case .success(let length): bodyLength = length
        case .failure(let error): return .refused(error, method: head.method, proven: true)
        }
        var bytes = buffer
        let end = headLength + bodyLength
        while bytes.count < end {
            switch LoopbackSocket.receive(descriptor, limit: min(65_536, end - bytes.count), deadline: deadline) {
            case .bytes(let chunk): bytes += chunk
            case .end: return .refused(HTTPError(status: 400, "the body ended before its Content-Length"), method: head.method, proven: true)
            case .timedOut: return .refused(Self.late, method: head.method, proven: true)
            case .failed: return .abandoned
            }
        }
        return .request(HTTPRequest(head: head, body: Array(bytes[headLength..<end])), setCookie: setCookie)
    }

    /// The answer to a request that did not arrive in time.
    static let late = HTTPError(status: 408, "the request did not arrive whole in time")

    /// Reads and checks a request's head (``refusal(of:port:)``): the head, the bytes read
    /// (the head and what followed it), the head's length, and the request's deadline
    /// for its body; or how it failed.
    private func readHead(
        _ descriptor: Int32
    ) -> Result<(HTTPRequestHead, [UInt8], Int, ContinuousClock.Instant), ReadingFailure> {
        let deadline = ContinuousClock.now + limits.timeoutDuration
        // The head's own deadline runs from its first byte.
        var headDeadline = deadline
        var buffer: [UInt8] = []
        var scanned = 0
        var headLength: Int? = nil
        while headLength == nil {
            headLength = HTTPRequestHead.length(in: buffer[...], from: scanned)
            if headLength != nil { break }
            if buffer.count >= limits.headerBytes { break }
            scanned = max(0, buffer.count - 3)
            switch LoopbackSocket.receive(descriptor, limit: Self.readSize, deadline: headDeadline) {
            case .bytes(let chunk):
                if buffer.isEmpty { headDeadline = min(deadline, .now + limits.headTimeoutDuration) }
                buffer += chunk
            case .end:
                return .failure(
                    ReadingFailure(
                        buffer.isEmpty ? .abandoned : .refused(HTTPError(status: 400, "the request ended within its head"), method: nil, proven: false)))
            case .timedOut: return .failure(ReadingFailure(buffer.isEmpty ? .abandoned : .refused(Self.late, method: nil, proven: false)))
            case .failed: return .failure(ReadingFailure(.abandoned))
            }
        }
        guard let headLength, headLength <= limits.headerBytes else {
            return .failure(
                ReadingFailure(.refused(HTTPError(status: 431, "the request head is over \(limits.headerBytes) bytes"), method: nil, proven: false)))
        }
        let head: HTTPRequestHead
        switch HTTPRequestHead.parse(buffer[..<headLength], maxHeaderLines: limits.headerLines) {
        case .success(let parsed): head = parsed
        case .failure(let error): return .failure(ReadingFailure(.refused(error, method: nil, proven: false)))
        }
        if let refusal = Self.refusal(of: head, port: port) {
            return .failure(ReadingFailure(.refused(refusal, method: head.method, proven: false)))
        }
        return .success((head, buffer, headLength, deadline))
    }

    /// A ``Reading`` that ends the reading of a head, as an `Error` for `Result`.
    struct ReadingFailure: Error {
        let reading: Reading
        init(_ reading: Reading) { self.reading = reading }
    }

    /// The handler's response, waited for on this thread (not a cooperative one, so
    /// blocking it starves no task), for as long as the handler takes, while the
    /// connection is watched: when the client closes it first (a long poll of a tab closed
    /// or reloaded), the handler's task is cancelled (a long poll ends then), waited for,
    /// and `nil` returned.
    func respond(to request: HTTPRequest, on descriptor: Int32) -> HTTPResponse? {
        let answer = LockedBox<HTTPResponse?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let handler = self.handler
        // The task also says it is done on a pipe, which the thread waits on beside the
        // connection; the pipe is closed only once the task has finished with it.
        let done = LoopbackSocket.wakePipe()
        let task = Task {
            let response = await handler(request)
            answer.withLock { $0 = response }
            if let done {
                var byte: UInt8 = 1
                _ = write(done.write, &byte, 1)
            }
            finished.signal()
        }
        var left = false
        if let done {
            left = LoopbackSocket.waitForTaskOrHangUp(descriptor, done: done.read)
            if left { task.cancel() }
        }
        finished.wait()
        if let done {
            close(done.read)
            close(done.write)
        }
        if left { return nil }
        return answer.withLock { $0 } ?? .text("the preview gave no answer\n", status: 500)
    }
}
