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
    /// When to colour output: the values of `--color`.
    package enum ColorChoice: String, Sendable, Hashable, CaseIterable {
        /// When the output is a terminal, or the environment forces colours.
        case auto
        /// Always (CI logs that render escape sequences), unless `NO_COLOR` is set.
        case always
        /// Never.
        case never
    }

    /// Whether colours should be used for output on `fileDescriptor`, in this order:
    /// never when `NO_COLOR` is set and not empty (https://no-color.org: it wins over
    /// everything); then as `choice` says when it is `always` or `never`; then, for
    /// `auto`, as the environment forces: `FORCE_COLOR` set (on, unless it is `0` or
    /// `false`, which turn colours off; the convention of Node's `supports-color`) or
    /// `CLICOLOR_FORCE` set and not `0` (https://bixense.com/clicolors); otherwise only
    /// when the descriptor is a terminal (`isatty(3)`) and `TERM` is not `dumb`.
    /// - Parameter environment: the process environment (injectable for tests).
    package static func colorsEnabled(
        fileDescriptor: Int32, environment: [String: String], choice: ColorChoice = .auto
    ) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        if let force = environment["FORCE_COLOR"] { return force != "0" && force.lowercased() != "false" }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        if environment["TERM"] == "dumb" { return false }
        return isatty(fileDescriptor) == 1
    }
}
