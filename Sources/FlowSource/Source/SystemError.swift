#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, kept as its `errno` value.
struct SystemError: Error, Equatable {
    /// The `errno` value, e.g. `ENOENT`.
    let code: Int32

    /// The system's text for `code`, e.g. `No such file or directory` (`strerror(3)`).
    var reason: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
