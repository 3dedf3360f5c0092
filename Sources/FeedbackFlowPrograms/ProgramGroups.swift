#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowSource

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
/// Its state is behind a ``FlowSource/LockedBox``.
package final class ProgramGroups: Sendable {
    /// The registered groups, and whether stopping has begun.
    private struct State {
        var groups: Set<pid_t> = []
        var stopping = false
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

    /// Forgets the group of `pid`: call after its group was killed, before reaping it.
    package func ended(_ pid: pid_t) {
        state.withLock { _ = $0.groups.remove(pid) }
    }

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
    }
}
