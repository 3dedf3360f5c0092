import FlowSystem

/// What tells that a file changed without reading it: which file the path names (an
/// editor that saves by renaming a new file over the old one gives a new inode), its
/// size, its modification time and its status-change time (`st_ctim`: a write that puts
/// the modification time back still moves it), both to the nanosecond.
///
/// Equal fingerprints do not prove equal contents: a write within the file system's
/// timestamp granularity (1 ns on ext4 and APFS, 2 s on FAT) that keeps the size leaves
/// the fingerprint as it was. ``isRecent(comparedTo:)`` says when that can have happened.
package struct FileFingerprint: Hashable, Sendable {
    package let identity: FileIdentity
    package let size: Int64
    /// `st_mtim`, whole seconds since 1970 and nanoseconds.
    package let modified: Stamp
    /// `st_ctim`.
    package let statusChanged: Stamp

    /// A time of the file system: whole seconds since 1970 and nanoseconds.
    package struct Stamp: Hashable, Sendable, Comparable {
        package let seconds: Int
        package let nanoseconds: Int

        package init(seconds: Int, nanoseconds: Int) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        /// The system's clock now (`CLOCK_REALTIME`), the clock file times are stamped with.
        package static var now: Stamp {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return Stamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
        }

        package static func < (a: Stamp, b: Stamp) -> Bool {
            (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
        }
    }

    /// The widest timestamp granularity of a file system in use: 2 seconds (FAT).
    package static let coarsestGranularitySeconds = 2

    /// The fingerprint in `status`.
    package init(_ status: stat) {
        identity = FileIdentity(status)
        size = Int64(status.st_size)
        #if canImport(Darwin)
            modified = Stamp(seconds: Int(status.st_mtimespec.tv_sec), nanoseconds: Int(status.st_mtimespec.tv_nsec))
            statusChanged = Stamp(seconds: Int(status.st_ctimespec.tv_sec), nanoseconds: Int(status.st_ctimespec.tv_nsec))
        #else
            modified = Stamp(seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))
            statusChanged = Stamp(seconds: Int(status.st_ctim.tv_sec), nanoseconds: Int(status.st_ctim.tv_nsec))
        #endif
    }

    /// The fingerprint of the file at `path` now, symbolic links followed; `nil` when
    /// `stat` fails.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// Whether the file was modified or changed status less than
    /// ``coarsestGranularitySeconds`` before `time` (or after it: a clock set back): a
    /// write made after `time` may then have left this fingerprint as it was, and only
    /// the bytes can tell.
    package func isRecent(comparedTo time: Stamp) -> Bool {
        let latest = max(modified, statusChanged)
        return latest.seconds + Self.coarsestGranularitySeconds >= time.seconds
    }
}
