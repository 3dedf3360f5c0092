#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

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
                #if canImport(Glibc) || canImport(Musl)
                Glibc.write(fileDescriptor, buffer.baseAddress! + written, buffer.count - written)
                #else
                Darwin.write(fileDescriptor, buffer.baseAddress! + written, buffer.count - written)
                #endif
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
