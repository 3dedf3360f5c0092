import FeedbackFlowCore
import FlowSource

/// A presenter that keeps every event it receives, in order.
public final class RecordingPresenter: Presenter, Sendable {
    private let storage = LockedBox<[NavigatorEvent]>([])

    public init() {}

    public func present(_ event: NavigatorEvent) async {
        storage.withLock { $0.append(event) }
    }

    /// Every event so far.
    public var events: [NavigatorEvent] { storage.withLock { $0 } }

    /// One short line per event, e.g. `stackChanged push: thanks [1, 1]`, for comparing
    /// whole sequences in tests.
    public var lines: [String] { events.map(Self.line) }

    /// The screen ids of every `screenShown`, in order.
    public var shownScreens: [String] {
        events.compactMap { if case .screenShown(let s) = $0 { s.instance.screenID } else { nil } }
    }

    /// The outcome of `flowEnded`, if the flow ended.
    public var outcome: FlowOutcome? {
        events.lazy.compactMap { if case .flowEnded(let o) = $0 { o } else { nil } }.first
    }

    public static func line(_ event: NavigatorEvent) -> String {
        event.description
    }
}
