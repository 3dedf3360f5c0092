import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `feedbackflow` started and not waited for, so a test can kill it at a
/// chosen moment: standard input from a file, standard output and error to files, all in
/// a folder the caller owns (and removes).
package final class RunningTool {
    /// How the process ended, set by its termination handler (where Foundation's status
    /// is final; read after `isRunning` turns false, it can still be 0).
    private final class Ending: @unchecked Sendable {
        // @unchecked: `value` is read and written only while holding `lock`.
        private let lock = NSLock()
        private var value: (status: Int32, exited: Bool)?
        func set(_ ending: (status: Int32, exited: Bool)) { lock.withLock { value = ending } }
        var current: (status: Int32, exited: Bool)? { lock.withLock { value } }
    }

    private let process: Process
    private let ending = Ending()
    private let handles: [FileHandle]
    /// Where standard output and standard error go.
    package let outputPath: String
    package let errorPath: String

    /// Starts the tool (or `executable`) with `arguments` in the repository root, `input`
    /// on standard input.
    /// `environment` is added to the process's few variables (`PATH`, `HOME`).
    package init(_ arguments: [String], input: String, folder: URL, name: String, executable: String? = nil, environment: [String: String] = [:]) throws {
        let inputURL = folder.appendingPathComponent("\(name).stdin")
        outputPath = folder.appendingPathComponent("\(name).stdout").path
        errorPath = folder.appendingPathComponent("\(name).stderr").path
        try Data(input.utf8).write(to: inputURL)
        try Data().write(to: URL(fileURLWithPath: outputPath))
        try Data().write(to: URL(fileURLWithPath: errorPath))
        let process = Process()
        process.executableURL = executable.map(URL.init(fileURLWithPath:)) ?? BuiltTool.executable
        process.arguments = arguments
        process.currentDirectoryURL = BuiltTool.repositoryRoot
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path]
            .merging(environment) { $1 }
        let handles = [
            try FileHandle(forReadingFrom: inputURL), try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath)),
            try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath)),
        ]
        process.standardInput = handles[0]
        process.standardOutput = handles[1]
        process.standardError = handles[2]
        let ending = self.ending
        process.terminationHandler = { ending.set(($0.terminationStatus, $0.terminationReason == .exit)) }
        try process.run()
        self.process = process
        self.handles = handles
    }

    /// A process still running when the value goes (a test that threw before it stopped
    /// it: a browser check that could not start) is killed, so nothing a test starts
    /// outlives it.
    deinit {
        send(SIGKILL)
    }

    /// Sends SIGKILL (`kill -9`): the process ends at once, wherever it is.
    package func sendKill() {
        send(SIGKILL)
    }

    /// Sends `signal` to the process, if it still runs.
    package func send(_ signal: Int32) {
        if process.isRunning { _ = kill(process.processIdentifier, signal) }
    }

    /// The process's id.
    package var pid: Int32 { process.processIdentifier }

    /// The exit status (or the signal's number), once ``wait()`` returned.
    package var status: Int32 { ending.current?.status ?? -1 }

    /// Waits until the process has stopped itself (`SIGSTOP`: its state in `/proc/PID/stat`
    /// is `T`), for at most `seconds`; `false` when it did not (it ended, or time ran out).
    package func waitUntilStopped(upTo seconds: Double = 60) async -> Bool {
        let until = Date().addingTimeInterval(seconds)
        while ending.current == nil, Date() < until {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "T"
            {
                return true
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Waits for the process to end, for at most `seconds` (then it is killed, and the
    /// answer is `false`); `true` when it exited by itself (not by a signal).
    package func wait(upTo seconds: Double = 60) async -> Bool {
        let until = Date().addingTimeInterval(seconds)
        while ending.current == nil {
            if Date() > until {
                sendKill()
                while ending.current == nil { try? await Task.sleep(for: .milliseconds(5)) }
                for handle in handles { try? handle.close() }
                return false
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        for handle in handles { try? handle.close() }
        return ending.current?.exited ?? false
    }
}
