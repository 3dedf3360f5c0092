#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowCompile
import FlowSource

/// Why a line could not be appended to a file.
public enum DeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `open(2)` failed; `code` is its `errno`.
    case cannotOpen(path: String, code: Int32)
    /// `write(2)` failed part-way (`code` is its `errno`); the file was truncated back to
    /// its size before the append, so no partial line is left.
    case writeFailed(path: String, code: Int32)
    /// The value could not be encoded as JSON. (Not thrown by the library's own sink
    /// and recorder, whose JSON writer cannot fail; kept for custom sinks.)
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code): "cannot open '\(path)': \(Self.text(code))"
        case .writeFailed(let path, let code): "cannot write to '\(path)': \(Self.text(code))"
        case .encodingFailed(let message): "cannot encode as JSON: \(message)"
        }
    }

    private static func text(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }
}
