import FlowSystem

/// Which file a path names, symbolic links followed: its device and inode number (POSIX
/// `stat`, `st_dev` and `st_ino`), read from a `stat` the caller already made. Two paths
/// with one identity are one file (through a link, `./a` beside `a`, a named file that
/// is also inside a named folder, or a hard link), recognised without resolving either
/// path: `realpath(3)` costs a `readlink` per path component.
package struct FileIdentity: Hashable, Sendable {
    package let device: UInt64
    package let inode: UInt64

    /// The identity in `status`.
    package init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}
