#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import FlowSource

/// One connection of a ``LoopbackHTTPServer``, on its own thread: read one request
/// within the limits, check it, call the handler, write the response, close.
extension LoopbackHTTPServer {
    /// What reading a connection's request gave.
    enum Reading {
        /// A request to hand to the handler.
        case request(HTTPRequest)
        /// A request answered with an error; `method` when its head could be read.
        case refused(HTTPError, method: String?)
        /// A request the server answers itself (the secret's first load: a redirect that
        /// sets its cookie).
        case answered(HTTPResponse, method: String)
        /// Nothing to answer: nothing came, or the connection failed.
        case abandoned
    }

    /// Seconds a connection is kept after its response, to read and drop what the
    /// client still sends (``LoopbackSocket/closeAfterResponse(_:deadline:bytes:nonBlocking:)``).
    static let lingerSeconds = 2.0

    /// Bytes asked of each read.
    static let readSize = 8_192

    /// Reads, answers and closes the connection, the `arrival`-th.
    func serve(_ descriptor: Int32, arrival: Int) {
        let reading = read(descriptor)
        // Closed to make room while it was read: nothing is answered.
        guard finishedReading(arrival) else {
            close(descriptor)
            return
        }
        let response: HTTPResponse
        let method: String?
        switch reading {
        case .abandoned:
            close(descriptor)
            return
        case .refused(let error, let refusedMethod):
            (response, method) = (error.response, refusedMethod)
        case .answered(let answer, let answeredMethod):
            (response, method) = (answer, answeredMethod)
        case .request(let request):
            guard startHandling() else {
                (response, method) = (HTTPError(status: 503, "the preview is busy (\(limits.handlers) requests): try again").response, request.method)
                break
            }
            defer { finishHandling() }
            guard let answer = respond(to: request, on: descriptor) else {
                // The client left before the answer: nothing to write.
                close(descriptor)
                return
            }
            (response, method) = (answer, request.method)
        }
        LoopbackSocket.send(
            descriptor, response.serialized(includingBody: method != "HEAD"), deadline: .now + limits.timeoutDuration)
        LoopbackSocket.closeAfterResponse(descriptor, deadline: .now + .seconds(Self.lingerSeconds))
    }

    /// Reads one request: its head up to ``Limits/headerBytes`` within
    /// ``Limits/headTimeout`` of its first byte, checked (``refusal(of:port:)``, then the
    /// ``AccessSecret``) before its body is read, then its `Content-Length` body, all
    /// within ``Limits/timeout`` seconds.
    func read(_ descriptor: Int32) -> Reading {
        var deadline = ContinuousClock.now + limits.timeoutDuration
        let late = HTTPError(status: 408, "the request did not arrive whole in time")
        var buffer: [UInt8] = []
        var scanned = 0
        var headLength: Int? = nil
        while headLength == nil {
            headLength = HTTPRequestHead.length(in: buffer[...], from: scanned)
            if headLength != nil { break }
            if buffer.count >= limits.headerBytes { break }
            scanned = max(0, buffer.count - 3)
            switch LoopbackSocket.receive(descriptor, limit: Self.readSize, deadline: deadline) {
            case .bytes(let chunk):
                // The head's own deadline runs from its first byte.
                if buffer.isEmpty { deadline = min(deadline, .now + limits.headTimeoutDuration) }
                buffer += chunk
            case .end:
                return buffer.isEmpty ? .abandoned : .refused(HTTPError(status: 400, "the request ended within its head"), method: nil)
            case .timedOut: return buffer.isEmpty ? .abandoned : .refused(late, method: nil)
            case .failed: return .abandoned
            }
        }
        guard let headLength, headLength <= limits.headerBytes else {
            return .refused(HTTPError(status: 431, "the request head is over \(limits.headerBytes) bytes"), method: nil)
        }
        let head: HTTPRequestHead
        switch HTTPRequestHead.parse(buffer[..<headLength], maxHeaderLines: limits.headerLines) {
        case .success(let parsed): head = parsed
        case .failure(let error): return .refused(error, method: nil)
        }
        if let refusal = Self.refusal(of: head, port: port) { return .refused(refusal, method: head.method) }
        if let access, !access.isCarried(by: head) {
            // The printed address's first load: the secret becomes a cookie, and leaves the address.
            if head.method == "GET" || head.method == "HEAD", head.path == "/",
                let token = head.query[AccessSecret.queryName], access.matches(token)
            {
                let redirect = HTTPResponse(
                    status: 303, contentType: "text/plain; charset=utf-8", body: Array("opening the preview\n".utf8),
                    headers: [("Location", "/"), ("Set-Cookie", access.setCookie)])
                return .answered(redirect, method: head.method)
            }
            return .refused(
                HTTPError(
                    status: 403,
                    "this preview answers the person who started it: open the address 'feedbackflow preview' printed (it carries a secret)"),
                method: head.method)
        }
        let bodyLength: Int
        switch head.bodyLength(limit: limits.bodyBytes) {
        case .success(let length): bodyLength = length
        case .failure(let error): return .refused(error, method: head.method)
        }
        let end = headLength + bodyLength
        while buffer.count < end {
            switch LoopbackSocket.receive(descriptor, limit: min(65_536, end - buffer.count), deadline: deadline) {
            case .bytes(let chunk): buffer += chunk
            case .end: return .refused(HTTPError(status: 400, "the body ended before its Content-Length"), method: head.method)
            case .timedOut: return .refused(late, method: head.method)
            case .failed: return .abandoned
            }
        }
        return .request(HTTPRequest(head: head, body: Array(buffer[headLength..<end])))
    }

    /// The handler's response, waited for on this thread (not a cooperative one, so
    /// blocking it starves no task), for as long as the handler takes, while the
    /// connection is watched: when the client closes it first (a long poll of a tab closed
    /// or reloaded), the handler's task is cancelled, waited for, and `nil` returned.
    func respond(to request: HTTPRequest, on descriptor: Int32) -> HTTPResponse? {
        let answer = LockedBox<HTTPResponse?>(nil)
        let handler = self.handler
        // The task says it is done on a pipe, which the thread waits on beside the connection.
        guard let done = LoopbackSocket.wakePipe() else {
            let finished = DispatchSemaphore(value: 0)
            Task {
                let response = await handler(request)
                answer.withLock { $0 = response }
                finished.signal()
            }
            finished.wait()
            return answer.withLock { $0 } ?? .text("the preview gave no answer\n", status: 500)
        }
        defer {
            close(done.read)
            close(done.write)
        }
        let task = Task {
            let response = await handler(request)
            answer.withLock { $0 = response }
            var byte: UInt8 = 1
            _ = write(done.write, &byte, 1)
        }
        let left = LoopbackSocket.waitForTaskOrHangUp(descriptor, done: done.read)
        if left {
            task.cancel()
            _ = LoopbackSocket.poll([done.read], timeout: -1)
            return nil
        }
        return answer.withLock { $0 } ?? .text("the preview gave no answer\n", status: 500)
    }
}
