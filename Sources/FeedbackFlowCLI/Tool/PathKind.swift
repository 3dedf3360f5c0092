#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// What a path names, symbolic links followed (POSIX `stat`): the one place the CLI asks,
/// so it needs neither `ObjCBool` (Foundation on Darwin) nor `inout Bool`
/// (FoundationEssentials elsewhere).
enum PathKind: Equatable {
    /// Nothing, or a broken link.
    case missing
    case directory
    /// A regular file, fifo, device or socket.
    case other

    /// The kind of `path`.
    init(_ path: String) {
        self.init(status: Self.status(of: path))
    }

    /// The kind a `stat` found (``status(of:)``); `nil` is ``missing``.
    init(status: stat?) {
        guard let status else {
            self = .missing
            return
        }
        self = (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }

    /// `stat(2)` of `path`, symbolic links followed; `nil` when it fails (nothing there,
    /// a broken link, no permission).
    static func status(of path: String) -> stat? {
        var status = stat()
        return stat(path, &status) == 0 ? status : nil
    }
}
