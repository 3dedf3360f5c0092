import FlowSystem

/// A `write(2)` on an output stream that failed, e.g. `EPIPE` (the reader of a pipe
/// went away: `feedbackflow run … | head -1`) or `ENOSPC` (`> /dev/full`).
package struct WriteFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` of the failed `write(2)`.
    package var code: Int32

    package init(code: Int32) {
        self.code = code
    }

    /// Whether the reader is gone (`EPIPE`), rather than the stream being unwritable.
    package var isClosed: Bool { code == EPIPE }

    /// The C library's text for the error, e.g. `Broken pipe`.
    package var description: String { SystemError(code: code).reason }
}
