#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// `write(2)` of the platform's C library.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, bytes, count)
    #elseif canImport(Musl)
    Musl.write(fd, bytes, count)
    #else
    Darwin.write(fd, bytes, count)
    #endif
}

/// Somewhere text goes: standard output, standard error, or a buffer in tests.
public protocol TextWriter: Sendable {
    /// Writes `text` as is (add `\n` yourself). Must not interleave with concurrent writes.
    func write(_ text: String)
}

/// Writes to a file descriptor (default standard output) with `write(2)`, retrying
/// short writes and `EINTR`; gives up silently on other errors (e.g. `EPIPE`).
public struct FileDescriptorWriter: TextWriter {
    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32 = 1) {
        self.fileDescriptor = fileDescriptor
    }

    public static let standardOutput = FileDescriptorWriter(fileDescriptor: 1)
    public static let standardError = FileDescriptorWriter(fileDescriptor: 2)

    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(fileDescriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if n > 0 {
                written += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
        bytes.removeAll()
    }
}

/// Collects everything written, for tests and for rendering into a string.
public final class BufferWriter: TextWriter {
    private let storage = Mutex("")

    public init() {}

    public func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Everything written so far.
    public var text: String { storage.withLock { $0 } }
}
