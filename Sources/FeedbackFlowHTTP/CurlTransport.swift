#if os(Linux) && canImport(CCurl)
internal import CCurl
import FeedbackFlowCore
import FlowSource
import FlowSystem

/// ``HTTPFeedbackSink``'s transport on Linux: one libcurl easy transfer per request
/// (``CurlTransfer``), run by `curl_easy_perform` on a thread of its own
/// (``FlowSource/DetachedThread``), which waits for the socket in `poll(2)`; the calling
/// task waits on a continuation, so no cooperative thread is held while the receiver
/// thinks. Cancelling the task sets a flag that libcurl's progress callback reads (at
/// least once a second, more often while bytes move), which ends the transfer with
/// `CancellationError`.
struct CurlTransport: Sendable {
    /// Seconds the whole request may take (connecting, sending, the answer).
    let timeout: Double

    init(timeout: Double) {
        self.timeout = timeout
    }

    /// Sends one POST of `body` with `fields` and returns the answer (see `HTTPTransport.swift`).
    func post(url: URL, fields: [HTTPField], body: [UInt8]) async throws -> HTTPAnswer {
        let request = CurlRequest(url: url.absoluteString, timeout: timeout, fields: fields, body: body)
        let stop = LockedBox(false)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPAnswer, any Error>) in
                let started = DetachedThread.start(name: "ff-http-post") {
                    continuation.resume(with: CurlTransfer.perform(request, stop: stop))
                }
                if started != 0 {
                    continuation.resume(
                        throwing: DeliveryFailure.retryable("POST \(request.url): no thread for the request (error \(started))"))
                }
            }
        } onCancel: {
            stop.withLock { $0 = true }
        }
    }
}

/// What one transfer sends.
struct CurlRequest: Sendable {
    var url: String
    var timeout: Double
    var fields: [HTTPField]
    var body: [UInt8]

    /// `timeout` in whole milliseconds, at least 1 and at most 2^31 - 1 (24.8 days: a
    /// `long` libcurl takes on every platform).
    var milliseconds: Int {
        let most = 2_147_483_647.0
        guard timeout.isFinite else { return Int(most) }
        return Int(min(max((timeout * 1000).rounded(.up), 1), most))
    }
}

/// One libcurl easy handle, set up for one POST, and what its callbacks collect: the only
/// place libcurl is called, and no libcurl type leaves this file. Used by one thread only,
/// the one running ``perform(_:stop:)``; the callbacks run on it too, inside
/// `curl_easy_perform`. Only `stop` is shared, behind its lock.
///
/// The handle: the URL, only `http` and `https`, no signals (`CURLOPT_NOSIGNAL`: libcurl
/// runs on a thread of ours), redirects not followed, `CURLOPT_TIMEOUT_MS` for the whole
/// request and `CURLOPT_CONNECTTIMEOUT_MS` (the same bound) for connecting, the header
/// fields without `Expect: 100-continue` (libcurl would add it to a body over 1 KiB and
/// wait for a `100 Continue`), the body copied. The cookie engine stays off (no `CURLOPT_COOKIEFILE`).
/// Proxies are libcurl's default: from the environment (`http_proxy`, `https_proxy`,
/// `no_proxy`).
private final class CurlTransfer {
    private let handle: UnsafeMutableRawPointer
    private let request: CurlRequest
    private let stop: LockedBox<Bool>
    /// The header list libcurl reads during the transfer; freed with the handle.
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The start of the body, at most ``HTTPAnswer/bodyLimit`` bytes; the rest is dropped.
    private var body: [UInt8] = []
    /// The last answer's `Retry-After` value (an interim `100 Continue` starts over).
    private var retryAfter: String?

    /// libcurl's global set-up (`curl_global_init`), done once for the process: a `static
    /// let` is initialised once, thread-safely, on first use. libcurl makes
    /// `curl_global_init` thread-safe itself only from 7.84 on; this makes the sink's own
    /// first use safe on older versions too.
    private static let globalSetUp: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    private init?(request: CurlRequest, stop: LockedBox<Bool>) {
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        self.request = request
        self.stop = stop
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
    }

    /// Runs the transfer of `request` to its end, on the calling thread: the answer, a
    /// retryable ``/FeedbackFlow/DeliveryFailure`` when none came, or
    /// `CancellationError` when `stop` was set.
    static func perform(_ request: CurlRequest, stop: LockedBox<Bool>) -> Result<HTTPAnswer, any Error> {
        if stop.withLock({ $0 }) { return .failure(CancellationError()) }
        guard globalSetUp == CURLE_OK, let transfer = CurlTransfer(request: request, stop: stop) else {
            return .failure(DeliveryFailure.retryable("POST \(request.url): libcurl could not be set up"))
        }
        return Result { try transfer.run() }
    }

    private func run() throws -> HTTPAnswer {
        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(ff_curl_setopt_string(handle, CURLOPT_URL, request.url))
        try check(ff_curl_allow_only_http(handle))
        try check(ff_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        try check(ff_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        try check(ff_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, request.milliseconds))
        try check(ff_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, request.milliseconds))
        // `Name;` is libcurl's spelling of a field with an empty value (`Name:` removes one).
        for field in request.fields {
            try appendHeader(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        try appendHeader("Expect:")
        try check(ff_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList)))
        try check(ff_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
        // Never a null pointer: libcurl would then read the body from standard input.
        try (request.body.isEmpty ? [0] : request.body).withUnsafeBytes { bytes in
            try check(ff_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress)))
        }
        try check(
            ff_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
                let total = size * count
                guard let buffer, let context else { return total }
                Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().received(
                    UnsafeRawBufferPointer(start: buffer, count: total))
                return total
            })
        try check(ff_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try check(
            ff_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
                let total = size * count
                guard let buffer, let context else { return total }
                Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().headerLine(
                    UnsafeRawBufferPointer(start: buffer, count: total))
                return total
            })
        try check(ff_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
        try check(
            ff_curl_setopt_progress_callback(handle) { context, _, _, _, _ in
                guard let context else { return 0 }
                return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().stop.withLock { $0 } ? 1 : 0
            })
        try check(ff_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context))
        try check(ff_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0))

        let code = curl_easy_perform(handle)
        if code == CURLE_ABORTED_BY_CALLBACK, stop.withLock({ $0 }) { throw CancellationError() }
        guard code == CURLE_OK else { throw DeliveryFailure.retryable(Self.message(of: code, request: request)) }
        var status = 0
        try check(ff_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status))
        guard (100...999).contains(status) else {
            throw DeliveryFailure.retryable("POST \(request.url): the answer is not valid HTTP")
        }
        return HTTPAnswer(status: status, retryAfter: retryAfter, body: body)
    }

    /// Adds `line` to the header list.
    private func appendHeader(_ line: String) throws {
        guard let list = curl_slist_append(headerList, line) else {
            throw DeliveryFailure.retryable("POST \(request.url): libcurl could not be set up (out of memory)")
        }
        headerList = list
    }

    /// The one place a libcurl setting's result is checked: anything but `CURLE_OK` (an
    /// option this libcurl lacks, no memory) is a retryable failure naming libcurl's reason.
    private func check(_ code: CURLcode) throws {
        guard code != CURLE_OK else { return }
        throw DeliveryFailure.retryable("POST \(request.url): libcurl refused a setting (\(Self.reason(code)))")
    }

    /// Bytes of the body: kept up to ``HTTPAnswer/bodyLimit``, then dropped.
    private func received(_ bytes: UnsafeRawBufferPointer) {
        let room = HTTPAnswer.bodyLimit - body.count
        if room > 0 { body.append(contentsOf: bytes.prefix(room)) }
    }

    /// One line of an answer's head (`Name: value` and its line break, or a status line).
    private func headerLine(_ bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: "HTTP/".utf8) {
            retryAfter = nil  // a new answer (after an interim 1xx)
            return
        }
        let name = "retry-after".utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon == name.count,
            zip(bytes[..<colon], name).allSatisfy({ ((0x41...0x5A).contains($0) ? $0 + 0x20 : $0) == $1 })
        else { return }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        var value = bytes[(colon + 1)...].drop(while: isSpace)
        while let last = value.last, isSpace(last) { value = value.dropLast() }
        retryAfter = String(decoding: value.prefix(256), as: UTF8.self)
    }

    /// libcurl's words for `code`.
    private static func reason(_ code: CURLcode) -> String {
        guard let text = curl_easy_strerror(code) else { return "error \(code.rawValue)" }
        return String(cString: text)
    }

    /// A transfer that ended without an answer, as one line in the words
    /// ``URLSessionTransport`` uses, e.g. `POST http://127.0.0.1:8080/feedback: cannot
    /// connect to the host`.
    private static func message(of code: CURLcode, request: CurlRequest) -> String {
        let what: String
        switch code {
        case CURLE_OPERATION_TIMEDOUT: what = noAnswerWithin(request.timeout)
        case CURLE_COULDNT_CONNECT: what = "cannot connect to the host"
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: what = "cannot find the host"
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: what = "the connection was lost"
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
            what = "the TLS connection failed"
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_BAD_CONTENT_ENCODING:
            what = "the answer is not valid HTTP"
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: what = "not an http or https URL"
        default: what = "network error \(code.rawValue) (\(reason(code)))"
        }
        return "POST \(request.url): \(what)"
    }
}
#endif
