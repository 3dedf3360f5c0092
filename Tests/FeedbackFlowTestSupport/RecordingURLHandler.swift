import FeedbackFlowCore
import FlowSource

/// A URL handler that keeps every URL it is asked to open.
public final class RecordingURLHandler: URLHandler, Sendable {
    private let storage = LockedBox<[String]>([])

    public init() {}

    public func open(_ url: String) async throws {
        storage.withLock { $0.append(url) }
    }

    public var opened: [String] { storage.withLock { $0 } }
}
