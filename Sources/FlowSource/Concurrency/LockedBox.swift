import FlowSystem

/// A value shared between threads behind a lock of our own: a `pthread_mutex_t` on the
/// heap (never moved), available on every platform the package builds for, where the
/// standard library's `Mutex` and `Atomic` (module `Synchronization`) need macOS 15 /
/// iOS 18. The shape of swift-log's `LockedValueBox`.
///
/// `@unchecked Sendable`: `value` is read and written only inside ``withLock(_:)``, which
/// holds the mutex, so no two threads touch it at once.
package final class LockedBox<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A box holding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; what `body` returns is returned.
    /// `body` must not call back into the same box (the lock is not recursive).
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
