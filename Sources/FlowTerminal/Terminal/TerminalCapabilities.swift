#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource

/// What the terminal behind a file descriptor can show.
package enum TerminalCapabilities {
    /// Whether colours should be used for output on `fileDescriptor`: only when it is a
    /// terminal (`isatty(3)`), `NO_COLOR` is unset or empty (https://no-color.org), and
    /// `TERM` is not `dumb`.
    /// - Parameter environment: the process environment (injectable for tests).
    package static func colorsEnabled(fileDescriptor: Int32, environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(fileDescriptor) == 1
    }
}
