#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
/// `@unchecked Sendable`: its mutable state (`groups`, `stopping`) is read and written
/// only while `mutex` is held (a `pthread_mutex_t` on the heap, never moved).
package final class ProgramGroups: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var groups: Set<pid_t> = []
    private var stopping = false

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `spawn`, which starts a program as the leader of a new process group and
    /// returns its pid (`nil` when it could not start it), and registers the group.
    /// - Returns: `false`, without calling `spawn`, once stopping has begun.
    package func spawning(_ spawn: () -> pid_t?) -> Bool {
        locked {
            guard !stopping else { return false }
            if let pid = spawn() { groups.insert(pid) }
            return true
        }
    }

    /// Forgets the group of `pid`: call after its group was killed, before reaping it.
    package func ended(_ pid: pid_t) {
        locked { _ = groups.remove(pid) }
    }

    /// The number of groups running.
    package var count: Int { locked { groups.count } }

    /// Whether ``stopAll(grace:)`` has begun: the process is being stopped, and what it
    /// was doing must not end it another way (with another status) meanwhile.
    package var isStopping: Bool { locked { stopping } }

    /// Marks the process as being stopped, from now on refusing new programs.
    /// - Returns: `true` for the first call only, so that one caller stops the groups.
    package func beginStopping() -> Bool {
        locked {
            guard !stopping else { return false }
            stopping = true
            return true
        }
    }

    /// Stops every registered group as a timeout does: `SIGTERM` to each group, up to
    /// `grace` seconds for their leaders to exit, then `SIGKILL` to each group (what the
    /// leaders started in their groups goes too). From then on nothing new is spawned.
    /// Blocks for at most `grace` seconds plus a few system calls per group.
    package func stopAll(grace: Double = 1) {
        locked {
            stopping = true
            for group in groups { kill(-group, SIGTERM) }
            let until = ChildProcess.now() + grace
            while ChildProcess.now() < until, groups.contains(where: { !ChildProcess.hasExited($0) }) {
                usleep(10_000)
            }
            for group in groups { kill(-group, SIGKILL) }
        }
    }
}
