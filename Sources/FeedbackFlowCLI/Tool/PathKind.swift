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
        var status = stat()
        guard stat(path, &status) == 0 else {
            self = .missing
            return
        }
        self = (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }
}
