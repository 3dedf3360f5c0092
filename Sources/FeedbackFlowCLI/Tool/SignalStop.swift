import Dispatch
import FeedbackFlowPrograms
import FlowSource
import FlowSystem

/// What the `feedbackflow` process does when `SIGINT` (Ctrl-C), `SIGTERM` or `SIGHUP`
/// (its terminal closed) stops it: it stops the programs it runs
/// (``FeedbackFlowPrograms/ProgramGroups/stopAll(grace:)``: `SIGTERM` to each process group,
/// up to one second, then `SIGKILL`, as `--handler-timeout` does), says so on standard
/// error, and exits with 128 + the signal's number (130, 143, 129), as a shell reports
/// a command a signal ended.
///
/// Nothing else needs undoing: every submission is on the disk in the outbox before it
/// is delivered (``FeedbackFlowCore/OutboxFeedbackSink``), an outbox rewrite is an atomic
/// rename, and the outbox's lock goes with the process.
package enum SignalStop {
    /// The signals handled, with their names.
    static let signals: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    /// Handles the signals from now on; the caller keeps the returned sources for as
    /// long as they should work (the life of the process). A signal the process was
    /// started with ignored (`nohup`, a background job of a non-interactive shell) stays
    /// ignored. The first signal handled wins: later ones find the stop begun and do
    /// nothing, and the process ends with `_exit(2)` (its output is written unbuffered).
    package static func install(programs: ProgramGroups, errorOutput: any TextWriter) -> [any DispatchSourceSignal] {
        signals.compactMap { signal in
            // A dispatch source sees the signal only once its default action (ending the
            // process at once) is replaced; the previous disposition tells whether it was
            // ignored from the start.
            guard !Self.ignore(signal.number) else { return nil }
            let source = DispatchSource.makeSignalSource(signal: signal.number, queue: .global())
            source.setEventHandler {
                guard programs.beginStopping() else { return }
                programs.stopAll(grace: 1)
                errorOutput.write("\nfeedbackflow: stopped by \(signal.name)\n")
                _exit(128 + signal.number)
            }
            source.resume()
            return source
        }
    }

    /// Blocks for good when a signal is being handled, so that its handler ends the
    /// process with the signal's status: the command may have returned only because the
    /// programs it waited for were stopped, and must not exit 0 meanwhile. Returns at once
    /// otherwise, after stopping what the programs started outside their groups and the
    /// process adopted (``FeedbackFlowPrograms/ProgramGroups/stopAdopted(settle:)``). Call before
    /// exiting with the command's own status.
    package static func waitIfStopping(_ programs: ProgramGroups) {
        programs.stopAdopted()
        while programs.isStopping { pause() }
    }

    /// `signal(number, SIG_IGN)`; whether the signal was ignored before (then it is left so).
    private static func ignore(_ number: Int32) -> Bool {
        let previous = signal(number, SIG_IGN)
        return previous.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false
    }
}
