#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with `open(2)` and a `read(2)` loop, which works for every file
/// that can be read from start to end: regular files, fifos, pipes, sockets and
/// character devices (unlike APIs that `stat` the file and read its reported size).
enum FileReader {
    /// Bytes asked for per `read(2)` call (and the first allocation when the size is unknown).
    private static let chunkSize = 64 * 1024

    /// All bytes of the file at `path`; the file is closed again on every path.
    /// Fails with the `errno` of `open` or `read` (`ENOENT`, `EACCES`, `EISDIR`, …).
    static func readAll(atPath path: String) -> Result<[UInt8], SystemError> {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
        defer { _ = close(descriptor) }
        return readAll(from: descriptor)
    }

    /// All bytes from `descriptor` up to end of file; the descriptor stays open.
    /// A regular file's size (`fstat`) is only used to allocate once. Interrupted
    /// reads (`EINTR`) are retried.
    static func readAll(from descriptor: Int32) -> Result<[UInt8], SystemError> {
        var bytes: [UInt8] = []
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 {
            bytes.reserveCapacity(Int(status.st_size) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress, buffer.count)
            }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return .success(bytes)
            } else if errno != EINTR {
                return .failure(SystemError(code: errno))
            }
        }
    }
}
