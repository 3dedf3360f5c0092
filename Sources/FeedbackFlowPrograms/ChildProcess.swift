import Dispatch
import FlowSource
import FlowSystem

/// Runs one program to its end without a shell: `posix_spawn(3)` of `arguments[0]`
/// (searched in `PATH` when it holds no `/`) with exactly `arguments` and `environment`,
/// in a process group of its own, with `input` written to its standard input and its
/// standard output and error read, each up to a bound.
///
/// Bounded in time and size: after `timeout` seconds, or when the caller's task is
/// cancelled, the whole process group gets `SIGTERM`, then `SIGKILL` one second later;
/// once the program has exited, its outputs are read for at most ``outputGrace`` more;
/// output past `outputLimit` bytes is read and dropped (so the program never blocks on a
/// full pipe) and reported as cut. The child is always waited for (no zombie), and its
/// process group is sent `SIGKILL` once it has exited, so nothing it started in its
/// group outlives the step. Given ``ProgramGroups``, the group is registered there while
/// it runs, so that a command stopped by a signal stops it too. The blocking work runs on a Dispatch queue of its own, never
/// on Swift's cooperative threads.
package enum ChildProcess {
    /// How a run ended.
    package struct Result: Sendable, Hashable {
        /// How the program ended.
        package enum Ending: Sendable, Hashable {
            /// It exited with this status.
            case exited(Int32)
            /// A signal ended it (not one we sent).
            case signalled(Int32)
            /// It ran past the timeout and was killed.
            case timedOut
            /// The caller's task was cancelled, or the command running it is being stopped
            /// (``ProgramGroups/stopAll(grace:)``), and it was killed.
            case cancelled
            /// How it ended could not be learnt (another part of the process reaped it).
            case lost
        }

        package var ending: Ending
        package var standardOutput: [UInt8]
        package var standardError: [UInt8]
        /// Whether standard output went past the limit (the rest was dropped).
        package var outputCut: Bool
        /// Whether standard error went past the limit.
        package var errorCut: Bool
    }

    /// Why a program could not be started.
    package struct StartFailure: Error, Sendable, Hashable, CustomStringConvertible {
        package var program: String
        package var reason: String
        package var description: String { "cannot start '\(program)': \(reason)" }
    }

    /// Runs `arguments` and returns how it ended.
    /// - Throws: ``StartFailure`` when the program cannot be started (not found, not
    ///   executable) or a pipe cannot be made.
    package static func run(
        _ arguments: [String], environment: [String: String], input: [UInt8], timeout: Double, outputLimit: Int,
        groups: ProgramGroups? = nil
    ) async throws -> Result {
        try Task.checkCancellation()
        let cancelled = LockedBox(false)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
                queue.async {
                    continuation.resume(with: Swift.Result {
                        try runBlocking(
                            arguments, environment: environment, input: input, timeout: timeout, outputLimit: outputLimit,
                            groups: groups, cancelled: cancelled)
                    })
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }

    /// Seconds the outputs are still read after the program exited (0.5): what it wrote
    /// just before exiting arrives, and a background child holding them open does not
    /// make a program that exited look as if it ran on. Its exit status decides.
    package static let outputGrace = 0.5

    /// One queue per run would do; a concurrent queue lets runs overlap (each blocks its own
    /// worker thread, never a cooperative one).
    private static let queue = DispatchQueue(label: "feedbackflow.child-process", attributes: .concurrent)

    /// The path `program` would run as: itself when it holds a `/`, else the first
    /// executable file of that name in `PATH` (`/usr/local/bin:/usr/bin:/bin` when unset);
    /// `nil` when there is none. What `run` checks before the flow starts.
    package static func resolve(_ program: String, path: String?) -> String? {
        if program.contains("/") { return isExecutableFile(program) ? program : nil }
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// A regular file this process may execute.
    package static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    private static func runBlocking(
        _ arguments: [String], environment: [String: String], input: [UInt8], timeout: Double, outputLimit: Int,
        groups: ProgramGroups?, cancelled: LockedBox<Bool>
    ) throws -> Result {
        guard let program = arguments.first else { throw StartFailure(program: "", reason: "no program given") }
        guard let executable = resolve(program, path: environment["PATH"]) else {
            throw StartFailure(program: program, reason: program.contains("/") ? "not an executable file" : "not found in PATH")
        }
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var fds: [Int32] = [-1, -1]
            // Close-on-exec from the start: a concurrent spawn elsewhere must not inherit them.
            #if canImport(Glibc) || canImport(Musl)
                let made = linuxPipe2(&fds, O_CLOEXEC)
            #else
                let made = pipe(&fds)
                if made == 0 { for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) } }
            #endif
            guard made == 0 else {
                for pair in pipes { pair.forEach { close($0) } }
                throw StartFailure(program: program, reason: "cannot make a pipe: \(SystemError.last.reason)")
            }
            pipes.append(fds)
        }
        let (stdinRead, stdinWrite) = (pipes[0][0], pipes[0][1])
        let (stdoutRead, stdoutWrite) = (pipes[1][0], pipes[1][1])
        let (stderrRead, stderrWrite) = (pipes[2][0], pipes[2][1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinRead, 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutWrite, 1)
        posix_spawn_file_actions_adddup2(&actions, stderrWrite, 2)
        for fd in [stdinRead, stdoutWrite, stderrWrite] { posix_spawn_file_actions_addclose(&actions, fd) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own (pgid = its pid), default signal handling, no blocked signals.
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable)] + arguments.dropFirst().map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        if cancelled.withLock({ $0 }) {
            for fd in [stdinRead, stdinWrite, stdoutRead, stdoutWrite, stderrRead, stderrWrite] { close(fd) }
            return Result(ending: .cancelled, standardOutput: [], standardError: [], outputCut: false, errorCut: false)
        }
        // A write to a program that stopped reading raises SIGPIPE on this thread: block it
        // here (the write then fails with EPIPE) and take back any pending one at the end,
        // so no host process dies of a handler that exits early.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer {
            var timeout = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &timeout) == SIGPIPE {}
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        var spawned: Int32 = 0
        func spawn() -> pid_t? {
            spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            return spawned == 0 ? pid : nil
        }
        var allowed = true
        if let groups { allowed = groups.spawning(spawn) } else { _ = spawn() }
        for fd in [stdinRead, stdoutWrite, stderrWrite] { close(fd) }
        guard allowed else {
            for fd in [stdinWrite, stdoutRead, stderrRead] { close(fd) }
            return Result(ending: .cancelled, standardOutput: [], standardError: [], outputCut: false, errorCut: false)
        }
        guard spawned == 0 else {
            for fd in [stdinWrite, stdoutRead, stderrRead] { close(fd) }
            throw StartFailure(program: program, reason: SystemError(code: spawned).reason)
        }

        var result = Result(ending: .exited(0), standardOutput: [], standardError: [], outputCut: false, errorCut: false)
        var open: [Int32: Bool] = [stdinWrite: true, stdoutRead: true, stderrRead: true]
        for fd in open.keys { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        if input.isEmpty {
            close(stdinWrite)
            open[stdinWrite] = false
        }
        var written = 0
        let deadline = now() + timeout
        var killedFor: Result.Ending?
        var buffer = [UInt8](repeating: 0, count: 65_536)

        // Feed standard input and drain both outputs until the outputs close or time is up.
        // Once the program has exited, its outputs are read for at most `outputGrace` more:
        // a background child it started may hold them open long after.
        var exitedAt: Double?
        var reapedAt = now()
        while open[stdoutRead] == true || open[stderrRead] == true {
            if cancelled.withLock({ $0 }) { killedFor = .cancelled; break }
            // What a long-running program's daemons left ended is reaped once a second, so
            // that zombies do not pile up while it runs.
            if now() - reapedAt >= 1 {
                groups?.reapAdopted()
                reapedAt = now()
            }
            if exitedAt == nil, hasExited(pid) { exitedAt = now() }
            if let exitedAt, now() >= exitedAt + outputGrace { break }
            if exitedAt == nil, now() >= deadline { killedFor = .timedOut; break }
            var fds = open.filter(\.value).map { fd, _ in
                pollfd(fd: fd, events: Int16(fd == stdinWrite ? POLLOUT : POLLIN), revents: 0)
            }
            let ready = poll(&fds, nfds_t(fds.count), 50)
            if ready < 0, errno != EINTR { break }
            for entry in fds where entry.revents != 0 {
                if entry.fd == stdinWrite {
                    let n = input.withUnsafeBytes { bytes in
                        write(stdinWrite, bytes.baseAddress.map { $0 + written }, input.count - written)
                    }
                    if n > 0 { written += n }
                    if n < 0, errno != EAGAIN, errno != EINTR { written = input.count }  // EPIPE: the program stopped reading
                    if written >= input.count {
                        close(stdinWrite)
                        open[stdinWrite] = false
                    }
                    continue
                }
                let n = read(entry.fd, &buffer, buffer.count)
                if n > 0 {
                    // Appended in place: a copy of what was kept for every read would make a
                    // large output cost quadratic time.
                    let isOutput = entry.fd == stdoutRead
                    let room = max(0, outputLimit - (isOutput ? result.standardOutput.count : result.standardError.count))
                    if isOutput {
                        result.standardOutput.append(contentsOf: buffer[0..<min(n, room)])
                        if n > room { result.outputCut = true }
                    } else {
                        result.standardError.append(contentsOf: buffer[0..<min(n, room)])
                        if n > room { result.errorCut = true }
                    }
                } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
                    close(entry.fd)
                    open[entry.fd] = false
                }
            }
        }
        if open[stdinWrite] == true { close(stdinWrite) }
        if let killedFor {
            terminate(groups: [pid])
            result.ending = killedFor
        }
        for (fd, isOpen) in open where isOpen && fd != stdinWrite { close(fd) }

        // Wait for the child to exit without reaping it (`WNOWAIT`): while it is a zombie
        // its pid and process group cannot be reused, so the group can be killed safely.
        // Past the deadline (it closed its outputs but did not exit), it is stopped.
        var exited = false
        while !exited {
            var info = siginfo_t()
            let waited = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if waited == 0, Self.childPID(info) == pid {
                exited = true
                break
            }
            if waited < 0, errno != EINTR { break }
            if killedFor == nil, cancelled.withLock({ $0 }) || now() >= deadline {
                killedFor = cancelled.withLock({ $0 }) ? .cancelled : .timedOut
                result.ending = killedFor ?? .timedOut
                terminate(groups: [pid])
            }
            usleep(5_000)
        }
        // Whatever the program left running in its group goes with it, then it is reaped. Only
        // while it is known to be an unreaped zombie: reaped elsewhere, its pid may be reused.
        if exited { kill(-pid, SIGKILL) }
        groups?.ended(pid)
        var status: Int32 = 0
        var reaped = false
        while true {
            let waited = waitpid(pid, &status, 0)
            if waited == pid { reaped = true; break }
            if waited < 0, errno != EINTR { break }
        }
        groups?.reaped(pid)
        // What the program left adopted and already ended is reaped now, not at the end.
        groups?.reapAdopted()
        if killedFor == nil, groups?.isStopping == true {
            // Stopped with the command that runs it (``ProgramGroups/stopAll(grace:)``): not
            // a failure of the program's own.
            result.ending = .cancelled
        } else if killedFor == nil {
            if !reaped || !exited {
                result.ending = .lost
            } else if (status & 0x7F) == 0 {
                result.ending = .exited((status >> 8) & 0xFF)
            } else {
                result.ending = .signalled(status & 0x7F)
            }
        }
        return result
    }

    /// `SIGTERM` to each group, then `SIGKILL` to each after up to `grace` seconds for
    /// their leaders (children of this process) to exit. The leaders are not reaped here
    /// (their callers do, after killing the groups). The one way a timeout, a cancellation
    /// and ``ProgramGroups/stopAll(grace:)`` stop programs.
    static func terminate(groups: some Collection<pid_t>, grace: Double = 1) {
        for group in groups { kill(-group, SIGTERM) }
        let until = now() + grace
        while now() < until, groups.contains(where: { !hasExited($0) }) {
            usleep(10_000)
        }
        for group in groups { kill(-group, SIGKILL) }
    }

    /// Whether the child `pid` has exited (it is a zombie, not yet reaped), without reaping it.
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && childPID(info) == pid
    }

    /// The pid a `waitid` result is about.
    private static func childPID(_ info: siginfo_t) -> pid_t {
        #if canImport(Glibc) || canImport(Musl)
            info._sifields._sigchld.si_pid
        #else
            info.si_pid
        #endif
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

#if canImport(Glibc) || canImport(Musl)
    /// `pipe2(2)` (glibc and musl have it; the C module hides it behind `_GNU_SOURCE`): a
    /// pipe whose ends are close-on-exec from the start, with no window in which another
    /// thread's spawn could inherit them.
    @_silgen_name("pipe2")
    private func linuxPipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
#endif
