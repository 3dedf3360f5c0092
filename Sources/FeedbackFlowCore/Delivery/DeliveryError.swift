import FlowSystem

/// Why a line could not be appended to a file, or a file could not be replaced.
public enum DeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `open(2)` failed; `code` is its `errno`.
    case cannotOpen(path: String, code: Int32)
    /// `write(2)` failed part-way (`code` is its `errno`); the file was truncated back to
    /// its size before the append, so no partial line is left.
    case writeFailed(path: String, code: Int32)
    /// `fsync(2)` of the file (or of its folder) failed (`code` is its `errno`), so what
    /// was written may not survive a crash; a durable append was cut back and did not
    /// happen.
    case syncFailed(path: String, code: Int32)
    /// The file could not be replaced by its new contents: writing the temporary file
    /// beside it, or `rename(2)`/`unlink(2)`, failed (`code` is its `errno`). The file is as
    /// it was.
    case cannotReplace(path: String, code: Int32)
    /// The value could not be encoded as JSON. (Not thrown by the library's own sink
    /// and recorder, whose JSON writer cannot fail; kept for custom sinks.)
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code): "cannot open '\(path)': \(SystemError(code: code).reason)"
        case .writeFailed(let path, let code): "cannot write to '\(path)': \(SystemError(code: code).reason)"
        case .syncFailed(let path, let code): "cannot save '\(path)' to the disk (fsync): \(SystemError(code: code).reason)"
        case .cannotReplace(let path, let code): "cannot replace '\(path)': \(SystemError(code: code).reason)"
        case .encodingFailed(let message): "cannot encode as JSON: \(message)"
        }
    }
}
