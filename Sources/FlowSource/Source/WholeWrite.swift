import FlowSystem

/// Writing all of a buffer to a file descriptor: `write(2)` in a loop that continues a
/// short write and retries `EINTR`. The one loop the line appender and the outbox's
/// rewrite share, and the writer of standard output and report files.
package enum WholeWrite {
    /// Writes `bytes` to `fd`; `nil` when all were written, else the error number (`EIO`
    /// for a write that wrote nothing without an error). O(bytes).
    package static func write(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                systemWrite(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if n > 0 {
                written += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return n < 0 ? errno : EIO
            }
        }
        return nil
    }

    /// The C library's `write`, named apart from ``write(_:to:)``.
    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, buffer, count)
        #elseif canImport(Musl)
            Musl.write(fd, buffer, count)
        #else
            Darwin.write(fd, buffer, count)
        #endif
    }
}
