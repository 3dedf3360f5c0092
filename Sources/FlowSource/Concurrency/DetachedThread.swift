import FlowSystem

/// A POSIX thread of its own for work that blocks (accepting, reading and writing
/// sockets, a libcurl transfer), never one of Swift's cooperative threads.
/// `pthread_create` rather than Foundation's `Thread`: the modules that use it import only
/// `FoundationEssentials` (on Linux), which has no `Thread`, and importing `Foundation`
/// would link ICU and CoreFoundation into `feedbackflow` and `feedbackflow-post`
/// (benchmarks/results/profile.md, "Startup").
package enum DetachedThread {
    /// The work a thread runs, handed to it through an unmanaged pointer.
    private final class Work {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Runs `body` on a new detached thread (named `name` on Darwin). Returns 0, or the
    /// error `pthread_create` gave (no thread was started then, and `body` is dropped
    /// without running).
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Int32 {
        let work = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // Glibc's `pthread_t` is an integer; Darwin's and Musl's a pointer.
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t? = nil
        #endif
        // The start routine's argument is optional on Linux, not on Darwin: `run` takes both.
        let result = pthread_create(&thread, &attributes, { pointer in
            DetachedThread.run(pointer)
            return nil
        }, work)
        if result != 0 { Unmanaged<Work>.fromOpaque(work).release() }
        return result
    }

    /// The thread's start: names it (on Darwin: Glibc's `pthread_setname_np` is not
    /// visible to Swift), runs the work, releases it.
    private static func run(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        let work = Unmanaged<Work>.fromOpaque(pointer).takeRetainedValue()
        #if canImport(Darwin)
            _ = pthread_setname_np(work.name)
        #endif
        work.body()
    }
}
