/// How a command that ran to its end went. Failures that stop a command are thrown
/// instead (``UsageError``, ``InternalFailure``, any other error); ``ExitCode``
/// maps both to the process exit status.
package enum CommandResult: Sendable, Hashable {
    /// Nothing wrong: `validate` found no error, `run` ended, `graph`/`schema` printed.
    case clean
    /// The input has errors (`validate` found some; `run`/`graph` refused a broken flow).
    case findings
}
