// The `feedbackflow` executable: everything lives in FeedbackFlowCLI, where it can be
// tested; this file only hands over the arguments and the process's streams and exits
// with the status the tool returns.
import FeedbackFlowCLI
import FlowSystem

// A reader that goes away (`feedbackflow schema | head`) must not kill the process
// with SIGPIPE; writes then fail with EPIPE, which FileDescriptorWriter remembers: `run`
// stops, and the tool says so on standard error and exits 3.
signal(SIGPIPE, SIG_IGN)

// Standard output closed by the caller (`feedbackflow validate x >&-`): the runtime would
// soon reuse descriptor 1 for one of its own (Dispatch's epoll), and writes would then
// fail with a misleading EINVAL. Checked first, before anything opens a descriptor;
// nothing can be shown, so the tool says so and exits 3 (I/O error) at once.
if fcntl(STDOUT_FILENO, F_GETFD) == -1 && errno == EBADF {
    let message = Array("feedbackflow: error: standard output is closed\n".utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(3)
}

let environment = CommandEnvironment.standard(variables: ProcessInfo.processInfo.environment)
// Ctrl-C, SIGTERM or SIGHUP stop the programs the command runs before the process exits.
let signalSources = SignalStop.install(programs: environment.programs, errorOutput: environment.errorOutput)
let status = await FeedbackFlowTool.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
// Also stops what programs started outside their groups (daemons `run` and `preview` adopted).
SignalStop.waitIfStopping(environment.programs)
withExtendedLifetime(signalSources) {}
exit(status.rawValue)
