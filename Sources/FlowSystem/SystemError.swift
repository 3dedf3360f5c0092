/// A failed system call, kept as its `errno` value; the one place the system's text for
/// an error number is read.
package struct SystemError: Error, Equatable, Sendable {
    /// The `errno` value, e.g. `ENOENT`.
    package let code: Int32

    /// The error `code`.
    package init(code: Int32) {
        self.code = code
    }

    /// The error of the last failed call: `errno` now.
    package static var last: SystemError { SystemError(code: errno) }

    /// The system's text for `code`, e.g. `No such file or directory` (`strerror(3)`);
    /// `error N` when the system has none.
    package var reason: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
