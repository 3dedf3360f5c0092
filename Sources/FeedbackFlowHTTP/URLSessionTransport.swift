#if !(os(Linux) && canImport(CCurl))
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FeedbackFlowCore

/// ``HTTPFeedbackSink``'s transport on Apple platforms: URLSession, which waits for an
/// answer without spinning there. An ephemeral session (no cookies, no cache) whose
/// delegate refuses redirects (``RedirectRefusal``).
struct URLSessionTransport: Sendable {
    let timeout: Double
    private let session: URLSession

    init(timeout: Double) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    /// Sends one POST of `body` with `fields` and returns the answer (see `HTTPTransport.swift`).
    func post(url: URL, fields: [HTTPField], body: [UInt8]) async throws -> HTTPAnswer {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        for field in fields { request.setValue(field.value, forHTTPHeaderField: field.name) }
        request.httpBody = Data(body)
        let answer: (Data, URLResponse)
        do {
            answer = try await session.data(for: request)
        } catch let error as URLError {
            if error.code == .cancelled, Task.isCancelled { throw CancellationError() }
            throw DeliveryFailure.retryable(Self.message(of: error, url: url, timeout: timeout))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw DeliveryFailure.retryable("POST \(url.absoluteString) failed: \(error)")
        }
        guard let response = answer.1 as? HTTPURLResponse else {
            throw DeliveryFailure.retryable("POST \(url.absoluteString): the answer is not HTTP")
        }
        return HTTPAnswer(
            status: response.statusCode, retryAfter: response.value(forHTTPHeaderField: "Retry-After"), body: Array(answer.0))
    }

    /// A transport failure as one line, e.g. `POST http://127.0.0.1:8080/feedback: cannot
    /// connect to the host` (the same words as ``CurlTransport``'s).
    static func message(of error: URLError, url: URL, timeout: Double) -> String {
        let what: String
        switch error.code {
        case .timedOut: what = noAnswerWithin(timeout)
        case .cannotConnectToHost: what = "cannot connect to the host"
        case .cannotFindHost, .dnsLookupFailed: what = "cannot find the host"
        case .networkConnectionLost: what = "the connection was lost"
        case .notConnectedToInternet: what = "not connected to a network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            what = "the TLS connection failed"
        case .badServerResponse: what = "the answer is not valid HTTP"
        case .unsupportedURL: what = "not an http or https URL"
        default: what = "network error \(error.code.rawValue)"
        }
        return "POST \(url.absoluteString): \(what)"
    }
}
#endif
