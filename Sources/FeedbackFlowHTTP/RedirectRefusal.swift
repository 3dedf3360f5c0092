#if !(os(Linux) && canImport(CCurl))
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate of ``URLSessionTransport`` (Apple platforms): refuses every
/// redirect, so the 3xx answer itself reaches the sink (following a 301 or 302 would
/// repeat the POST as a GET elsewhere, and its 2xx would count as delivered).
///
/// It holds no state; URLSession keeps it for the session's life and may call it from
/// its own queue.
final class RedirectRefusal: NSObject, URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
#endif
