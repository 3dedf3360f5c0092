import FlowSystem

/// Why ``LoopbackHTTPServer`` cannot serve; ``description`` is the message for the
/// person running `feedbackflow preview` (it names the port and what to do; the command
/// adds the hint naming its option).
package enum LoopbackServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The port is taken on 127.0.0.1 (`EADDRINUSE`).
    case portInUse(UInt16)
    /// The port may not be bound by this user (`EACCES`: below 1024 without privileges).
    case portNotAllowed(UInt16)
    /// A socket call failed otherwise: `operation` is the call (`socket`, `bind`,
    /// `listen`…), `code` its `errno`.
    case socket(operation: String, code: Int32)
    /// No thread could be started to serve (`code`: what `pthread_create` returned).
    case thread(code: Int32)

    /// One line, e.g. "port 8080 is in use: choose another port, or leave the port out
    /// for a free one".
    package var description: String {
        switch self {
        case .portInUse(let port):
            "port \(port) is in use: choose another port, or leave the port out for a free one"
        case .portNotAllowed(let port):
            "port \(port) may not be used by this user (ports below 1024 need privileges): "
                + "choose one from 1024 up, or leave the port out for a free one"
        case .socket(let operation, let code):
            "cannot serve the preview on 127.0.0.1: \(operation) failed: \(SystemError(code: code).reason)"
        case .thread(let code):
            "cannot start a thread to serve the preview: \(SystemError(code: code).reason)"
        }
    }
}
