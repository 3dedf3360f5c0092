import FlowWorkspace

/// The process exit status of `feedbackflow`, the one place where results and errors
/// become numbers (the table in docs/command-line.md, "Exit status"):
///
/// | status | meaning |
/// |---|---|
/// | 0 | clean: no error found, the command did its job |
/// | 1 | findings: the input has errors (warnings alone do not count) |
/// | 2 | usage error: the command line is wrong (``UsageError``) |
/// | 3 | internal failure or I/O error: anything else thrown (``InternalFailure``, ``IOFailure``), or standard output could not be written |
package enum ExitCode: Int32, Sendable, Hashable, CaseIterable {
    case clean = 0
    case findings = 1
    case usageError = 2
    case internalFailure = 3

    /// The status of a command that returned `result`.
    package init(_ result: CommandResult) {
        switch result {
        case .clean: self = .clean
        case .findings: self = .findings
        }
    }

    /// The status of a command that threw `error`.
    package init(error: any Error) {
        self = error is UsageError ? .usageError : .internalFailure
    }
}
