import FlowSource
import FlowSystem

/// The process groups of the programs a command has running (handler programs,
/// `feedbackflow-post`), so that the command can stop them all when it is itself
/// stopped: a terminal's Ctrl-C reaches only the foreground process group, and each
/// program runs in a group of its own (``ChildProcess``), so without this they would
/// outlive the command, re-parented to init.
///
/// A program is registered in the same locked section that spawns it, and removed
/// after its group was killed and before it is reaped (while its pid, as a zombie,
/// cannot be reused), so ``stopAll(grace:)`` never misses one and never signals a
/// stranger. Once stopping has begun, nothing new is spawned.
///
/// A program may start something that leaves its group (`setsid`, a daemon): on Linux,
/// ``adoptDescendants()`` makes this process their subreaper (`PR_SET_CHILD_SUBREAPER`),
/// so that they are re-parented to it rather than to init when their parent ends, and
/// ``stopAdopted(settle:)`` finds them (children of this process it did not start) and stops
/// them. Other platforms have no subreaper: there, what leaves a program's group is not
/// found, and outlives the command.
///
/// Its state is behind a ``FlowSource/LockedBox``.
package final class ProgramGroups: Sendable {
    /// The registered groups, and whether stopping has begun.
    private struct State {
        var groups: Set<pid_t> = []
        /// Leaders whose group was killed and which their caller is reaping: children of
        /// this process not to be taken for adopted ones.
        var reaping: Set<pid_t> = []
        var stopping = false
        /// Whether this process was made the subreaper of its descendants.
        var adopting = false
    }

    private let state = LockedBox(State())

    package init() {}

    /// Runs `spawn`, which starts a program as the leader of a new process group and
    /// returns its pid (`nil` when it could not start it), and registers the group.
    /// - Returns: `false`, without calling `spawn`, once stopping has begun.
    package func spawning(_ spawn: () -> pid_t?) -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            if let pid = spawn() { state.groups.insert(pid) }
            return true
        }
    }

    /// Forgets the group of `pid`: call after its group was killed, before reaping it,
    /// and ``reaped(_:)`` after.
    package func ended(_ pid: pid_t) {
        state.withLock { state in
            if state.groups.remove(pid) != nil { state.reaping.insert(pid) }
        }
    }

    /// Says that the leader `pid` was reaped (or could not be).
    package func reaped(_ pid: pid_t) {
        state.withLock { _ = $0.reaping.remove(pid) }
    }

    /// Makes this process the subreaper of its descendants (Linux:
    /// `prctl(PR_SET_CHILD_SUBREAPER)`), so that ``stopAdopted(settle:)`` can find what a
    /// program started outside its group. A process-wide setting, for a command that runs
    /// programs (`run`, `preview`); elsewhere it does nothing.
    /// - Returns: whether the process is the subreaper now.
    @discardableResult
    package func adoptDescendants() -> Bool {
        #if os(Linux)
            let done = linuxPrctl(linuxSetChildSubreaper, 1, 0, 0, 0) == 0
            state.withLock { $0.adopting = $0.adopting || done }
            return done
        #else
            return false
        #endif
    }

    /// Stops what this process adopted as the subreaper (``adoptDescendants()``): each of
    /// its children that no running program leads (a program's daemon, re-parented here
    /// when its parent ended) is killed (`SIGKILL`, with its process group) and reaped.
    /// What those leave is adopted in turn, and a process whose parent is still dying of
    /// a kill is re-parented a moment later: so the children are looked for again every
    /// 20 ms until none has been found for `settle` seconds (at most 2 s in all; with no
    /// `settle`, until a look finds none). The killing is
    /// done under the lock (nothing is spawned meanwhile), the reaping outside it, without
    /// waiting on a process that will not die. Does nothing unless the process adopts.
    /// O(processes of the system) per look: the children are found in `/proc`.
    package func stopAdopted(settle: Double = 0) {
        #if os(Linux)
            guard state.withLock({ $0.adopting }) else { return }
            let until = ChildProcess.now() + 2
            var quietSince = ChildProcess.now()
            var killed: Set<pid_t> = []
            repeat {
                let adopted = state.withLock { state in
                    let found = Self.children().filter { !state.groups.contains($0) && !state.reaping.contains($0) && !killed.contains($0) }
                    for pid in found {
                        kill(-pid, SIGKILL)
                        kill(pid, SIGKILL)
                    }
                    return found
                }
                if !adopted.isEmpty { quietSince = ChildProcess.now() }
                killed.formUnion(adopted)
                killed = killed.filter { pid in
                    var status: Int32 = 0
                    return waitpid(pid, &status, WNOHANG) == 0
                }
                if adopted.isEmpty, killed.isEmpty, ChildProcess.now() - quietSince >= settle { break }
                usleep(20_000)
            } while ChildProcess.now() < until
        #endif
    }

    /// Reaps the children this process adopted that have ended already (zombies of
    /// daemons that finished), without waiting and without touching a running one, so
    /// that a long `preview` does not collect them. Called after each program ends.
    package func reapAdopted() {
        #if os(Linux)
            state.withLock { state in
                guard state.adopting else { return }
                for pid in Self.children() where !state.groups.contains(pid) && !state.reaping.contains(pid) {
                    var status: Int32 = 0
                    _ = waitpid(pid, &status, WNOHANG)
                }
            }
        #endif
    }

    #if os(Linux)
        /// The processes whose parent is this one, from `/proc/PID/stat` (its fourth field,
        /// after the command's closing parenthesis). O(processes of the system).
        private static func children() -> [pid_t] {
            let me = getpid()
            var found: [pid_t] = []
            for name in DirectoryNames.of("/proc") ?? [] {
                guard let pid = pid_t(name), pid != me, let bytes = (try? SourceFile.read(path: "/proc/\(name)/stat", byteLimit: 4096))?.bytes,
                    let close = bytes.lastIndex(of: UInt8(ascii: ")"))
                else { continue }
                let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
                if fields.count > 1, pid_t(String(decoding: fields[1], as: UTF8.self)) == me { found.append(pid) }
            }
            return found
        }
    #endif

    /// The number of groups running.
    package var count: Int { state.withLock { $0.groups.count } }

    /// Whether ``stopAll(grace:)`` has begun: the process is being stopped, and what it
    /// was doing must not end it another way (with another status) meanwhile.
    package var isStopping: Bool { state.withLock { $0.stopping } }

    /// Marks the process as being stopped, from now on refusing new programs.
    /// - Returns: `true` for the first call only, so that one caller stops the groups.
    package func beginStopping() -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.stopping = true
            return true
        }
    }

    /// Stops every registered group as a timeout does: `SIGTERM` to each group, up to
    /// `grace` seconds for their leaders to exit, then `SIGKILL` to each group (what the
    /// leaders started in their groups goes too). From then on nothing new is spawned.
    /// Blocks for at most `grace` seconds plus a few system calls per group.
    package func stopAll(grace: Double = 1) {
        state.withLock { state in
            state.stopping = true
            ChildProcess.terminate(groups: state.groups, grace: grace)
        }
        // Members of the killed groups that had started daemons die a moment later.
        stopAdopted(settle: 0.1)
    }
}

#if os(Linux)
    /// `prctl(2)` (Linux), which the Swift overlay does not import (it is variadic in C;
    /// its five integer arguments are passed as a variadic call passes them on Linux's
    /// x86-64 and arm64 calling conventions). Bound by its C name.
    @_silgen_name("prctl")
    private func linuxPrctl(_ option: Int32, _ a: UInt, _ b: UInt, _ c: UInt, _ d: UInt) -> Int32

    /// `PR_SET_CHILD_SUBREAPER` (`<linux/prctl.h>`): 36.
    private let linuxSetChildSubreaper: Int32 = 36
#endif
