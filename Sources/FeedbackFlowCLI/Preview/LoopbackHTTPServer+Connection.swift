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
        /// Nothing to answer: nothing came, or the connection failed.
        case abandoned
    }

    /// Seconds a connection is kept after its response, to read and drop what the
    /// client still sends (``LoopbackSocket/closeAfterResponse(_:deadline:bytes:nonBlocking:)``).
    static let lingerSeconds = 2.0

    /// Bytes asked of each read.
    static let readSize = 8_192

    /// Reads, answers and closes the connection.
    func serve(_ descriptor: Int32) {
        let response: HTTPResponse
        let method: String?
        switch read(descriptor) {
        case .abandoned:
            close(descriptor)
            return
        case .refused(let error, let refusedMethod):
            (response, method) = (error.response, refusedMethod)
        case .request(let request):
            (response, method) = (respond(to: request), request.method)
        }
        LoopbackSocket.send(
            descriptor, response.serialized(includingBody: method != "HEAD"), deadline: .now + limits.timeoutDuration)
        LoopbackSocket.closeAfterResponse(descriptor, deadline: .now + .seconds(Self.lingerSeconds))
    }

    /// Reads one request: its head up to ``Limits/headerBytes``, checked
    /// (``refusal(of:port:)``) before its body is read, then its `Content-Length` body,
    /// all within ``Limits/timeout`` seconds.
    func read(_ descriptor: Int32) -> Reading {
        let deadline = ContinuousClock.now + limits.timeoutDuration
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
            case .bytes(let chunk): buffer += chunk
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
    /// blocking it starves no task), for as long as the handler takes.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let answer = LockedBox<HTTPResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        let handler = self.handler
        Task {
            let response = await handler(request)
            answer.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 } ?? .text("the preview gave no answer\n", status: 500)
    }
}
