import FlowSystem

/// Reads whole files with `open(2)` and a `read(2)` loop, which works for every file
/// that can be read from start to end: regular files, fifos, pipes, sockets and
/// character devices (unlike APIs that `stat` the file and read its reported size).
/// Reading is bounded: past `limit` bytes it stops and fails, so an endless source
/// (`/dev/zero`, `yes |`) ends at once instead of filling memory.
enum FileReader {
    /// Why a file could not be read.
    enum Failure: Error, Equatable {
        /// A system call failed (`open`, `read`).
        case system(SystemError)
        /// The file holds more than `limit` bytes; reading stopped there.
        case tooLarge(limit: Int)
        /// Only a regular file was to be read, and the path names something else (a fifo,
        /// a device, a socket).
        case notRegular
    }

    /// Bytes asked for per `read(2)` call (and the first allocation when the size is unknown).
    private static let chunkSize = 64 * 1024

    /// All bytes of the file at `path`, at most `limit`; the file is closed again on every
    /// path. Fails with the `errno` of `open` or `read` (`ENOENT`, `EACCES`, `EISDIR`, …),
    /// or ``Failure/tooLarge(limit:)``.
    static func readAll(atPath path: String, limit: Int) -> Result<[UInt8], Failure> {
        contents(atPath: path, limit: limit).map(\.bytes)
    }

    /// What ``contents(atPath:limit:onlyRegular:stamping:)`` gives: the bytes, and, when
    /// asked for, a regular file's ``ReadStamp``, taken after opening it and before
    /// reading (so that a write made while it was read shows as a change).
    struct Contents {
        var bytes: [UInt8]
        var stamp: ReadStamp?
    }

    /// All bytes of the file at `path`, at most `limit`, with its fingerprint (see
    /// ``Contents``). With `onlyRegular`, the file is opened with `O_NONBLOCK` (opening a
    /// fifo without a writer then cannot wait) and anything but a regular file fails with
    /// ``Failure/notRegular`` before a byte is read.
    static func contents(atPath path: String, limit: Int, onlyRegular: Bool = false, stamping: Bool = false) -> Result<Contents, Failure> {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC | (onlyRegular ? O_NONBLOCK : 0))
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return .failure(.system(SystemError(code: errno))) }
        defer { _ = close(descriptor) }
        let time: FileFingerprint.Stamp? = stamping ? .now : nil
        var status = stat()
        let known = fstat(descriptor, &status) == 0
        let regular = known && status.st_mode & S_IFMT == S_IFREG
        if onlyRegular {
            guard regular else { return .failure(.notRegular) }
            // Reads of a regular file never wait; the flag is cleared all the same.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        let stamp = regular ? time.map { ReadStamp(fingerprint: FileFingerprint(status), time: $0) } : nil
        return readAll(from: descriptor, limit: limit, status: known ? status : nil).map { Contents(bytes: $0, stamp: stamp) }
    }

    /// All bytes from `descriptor` up to end of file, at most `limit`; the descriptor stays
    /// open. A regular file's size (`fstat`) is used to allocate once, and to fail at once
    /// when it is over the limit. Otherwise at most `limit + 1` bytes are read: one more
    /// than the limit is enough to know it is passed. Interrupted reads (`EINTR`) are
    /// retried. O(min(size, limit)).
    static func readAll(from descriptor: Int32, limit: Int) -> Result<[UInt8], Failure> {
        var status = stat()
        return readAll(from: descriptor, limit: limit, status: fstat(descriptor, &status) == 0 ? status : nil)
    }

    /// ``readAll(from:limit:)`` with the descriptor's `fstat` made already (`nil`: it failed).
    private static func readAll(from descriptor: Int32, limit: Int, status: stat?) -> Result<[UInt8], Failure> {
        let limit = max(0, limit)
        var bytes: [UInt8] = []
        if let status, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 {
            guard status.st_size <= limit else { return .failure(.tooLarge(limit: limit)) }
            bytes.reserveCapacity(Int(status.st_size) + 1)
        }
        // The chunk is never initialised before `read` fills it: zeroing 64 KiB per file
        // cost more than reading a small file.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkSize) { chunk in
            while true {
                let wanted = min(chunkSize, limit + 1 - bytes.count)
                let count = read(descriptor, chunk.baseAddress, wanted)
                if count > 0 {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<count]))
                    if bytes.count > limit { return .failure(.tooLarge(limit: limit)) }
                } else if count == 0 {
                    return .success(bytes)
                } else if errno != EINTR {
                    return .failure(.system(SystemError(code: errno)))
                }
            }
        }
    }
}
