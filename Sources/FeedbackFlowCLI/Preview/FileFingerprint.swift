#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells that a file changed without reading it: which file the path names (an
/// editor that saves by renaming a new file over the old one gives a new inode), its size
/// and its modification time to the nanosecond. `nil` for a path that names nothing.
struct FileFingerprint: Hashable {
    let identity: FileIdentity
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    /// The fingerprint of the file at `path` now; `nil` when `stat` fails.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        identity = FileIdentity(status)
        size = Int64(status.st_size)
        #if canImport(Darwin)
            seconds = Int(status.st_mtimespec.tv_sec)
            nanoseconds = Int(status.st_mtimespec.tv_nsec)
        #else
            seconds = Int(status.st_mtim.tv_sec)
            nanoseconds = Int(status.st_mtim.tv_nsec)
        #endif
    }
}
