import Synchronization

/// The paths that ``SourceSpan``s point into, each stored once per process, so that a
/// span holds a number instead of a `String`.
///
/// Every node of a loaded tree and most decoded values carry spans, and they are copied
/// often; with the path as a `String` field each copy retained and released it (an
/// atomic operation), and the path took 16 bytes of every span. The table only grows,
/// by one entry per distinct path, which is bounded by the files a process reads.
/// Thread-safe: the table is behind a `Mutex`.
final class SourcePathTable: Sendable {
    /// The one table of the process.
    static let shared = SourcePathTable()

    private struct State {
        var ids: [String: Int] = [:]
        var paths: [String] = []
    }

    private let state = Mutex(State())

    /// The number standing for `path`, the same for equal strings. O(length of `path`).
    func id(for path: String) -> Int {
        state.withLock { state in
            if let id = state.ids[path] { return id }
            let id = state.paths.count
            state.paths.append(path)
            state.ids[path] = id
            return id
        }
    }

    /// The path that `id` stands for; the empty string for a number no call to
    /// ``id(for:)`` returned (which no span can hold).
    func path(for id: Int) -> String {
        state.withLock { state in state.paths.indices.contains(id) ? state.paths[id] : "" }
    }
}
