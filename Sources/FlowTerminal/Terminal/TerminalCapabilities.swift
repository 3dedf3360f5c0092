import FlowSystem

/// What the terminal behind a file descriptor can show.
package enum TerminalCapabilities {
    /// When to colour output: the values of `--color`.
    package enum ColorChoice: String, Sendable, Hashable, CaseIterable {
        /// As the environment says, else when the output is a terminal.
        case auto
        /// Always (CI logs that render escape sequences), whatever the environment says.
        case always
        /// Never.
        case never
    }

    /// Whether colours should be used for output on `fileDescriptor`. The first rule
    /// that applies decides:
    /// 1. `choice` when it is `always` or `never`: a command-line flag wins over every
    ///    variable (https://no-color.org: "command-line flags … override NO_COLOR");
    /// 2. `NO_COLOR` set and not empty: off (no-color.org);
    /// 3. `FORCE_COLOR` set and not empty: on (https://force-color.org), except `0` and
    ///    `false`, which turn colours off (the convention of Node's `supports-color`);
    ///    an empty `FORCE_COLOR=` forces nothing;
    /// 4. `CLICOLOR_FORCE` set and not `0` or empty: on; `CLICOLOR=0`: off
    ///    (https://bixense.com/clicolors);
    /// 5. otherwise on only when the descriptor is a terminal (`isatty(3)`) whose `TERM`
    ///    is not `dumb`.
    /// - Parameter environment: the process environment (injectable for tests).
    package static func colorsEnabled(
        fileDescriptor: Int32, environment: [String: String], choice: ColorChoice = .auto
    ) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if let force = environment["FORCE_COLOR"], !force.isEmpty { return force != "0" && force.lowercased() != "false" }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        if environment["CLICOLOR"] == "0" { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(fileDescriptor) == 1
    }
}
