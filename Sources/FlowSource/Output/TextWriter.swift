import FlowSystem

/// Somewhere text goes: standard output, standard error, or a buffer in tests.
package protocol TextWriter: Sendable {
    /// Writes `text` as is (add `\n` yourself). Must not interleave with concurrent writes.
    func write(_ text: String)

    /// Writes `bytes` exactly as they are, even when they are not UTF-8 (`fmt -` gives
    /// back the input it refused byte for byte). A writer that holds text, not bytes,
    /// says what it does with a malformed sequence.
    func write(bytes: [UInt8])

    /// The first write that failed, if any; once set, later writes are dropped. A
    /// writer that cannot fail (a buffer) always returns `nil`, the default.
    var failure: WriteFailure? { get }
}

extension TextWriter {
    package var failure: WriteFailure? { nil }
}

/// Writes to a file descriptor (default standard output) with `write(2)`, retrying
/// short writes and `EINTR`.
///
/// Any other error (`EPIPE` when the reader of a pipe is gone, `ENOSPC`, `EIO`, …) is
/// remembered in ``failure`` — the first one only — and every later write is dropped,
/// so a command can stop (``LineModeRunner`` ends the flow `outputClosed`) and report
/// it with a non-zero status instead of carrying on silently. `SIGPIPE` must be ignored
/// by the process for `EPIPE` to be seen (the `feedbackflow` executable does so).
///
/// A lock is held for the whole of each write, so concurrent writes never interleave.
package final class FileDescriptorWriter: TextWriter {
    package let fileDescriptor: Int32
    /// The first failure; guarded by the lock, which also serializes writes.
    private let state = LockedBox<WriteFailure?>(nil)

    package init(fileDescriptor: Int32 = 1) {
        self.fileDescriptor = fileDescriptor
    }

    /// The process's standard output (descriptor 1), shared by everything that writes there.
    package static let standardOutput = FileDescriptorWriter(fileDescriptor: 1)
    /// The process's standard error (descriptor 2).
    package static let standardError = FileDescriptorWriter(fileDescriptor: 2)

    package var failure: WriteFailure? {
        state.withLock { $0 }
    }

    package func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    package func write(bytes: [UInt8]) {
        state.withLock { failure in
            guard failure == nil else { return }
            // write(2) returning 0 for a non-empty buffer counts as an I/O error (EIO).
            if let code = WholeWrite.write(bytes, to: fileDescriptor) { failure = WriteFailure(code: code) }
        }
    }
}

/// Collects everything written, for tests and for rendering into a string.
package final class BufferWriter: TextWriter {
    private let storage = LockedBox("")

    package init() {}

    package func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Appends `bytes` decoded as UTF-8, each malformed sequence as U+FFFD: a buffer of text.
    package func write(bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    /// Everything written so far.
    package var text: String { storage.withLock { $0 } }
}
