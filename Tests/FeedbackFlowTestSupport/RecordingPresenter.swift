import FlowRuntime
import Synchronization

/// A presenter that keeps every event it receives, in order.
public final class RecordingPresenter: Presenter, Sendable {
    private let storage = Mutex<[NavigatorEvent]>([])

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
        switch event {
        case .screenShown(let s): "screenShown \(s.instance.screenID)"
        case .screenUpdated(let s): "screenUpdated \(s.instance.screenID)\(s.isBusy ? " busy" : "")"
        case .actionTapped(let t): "actionTapped \(t.slot.rawValue) \(t.title)"
        case .stepRun(let r): "stepRun \(r.step)" + (r.argument?.stringValue.map { " \($0)" } ?? "")
        case .handlerResult(let r):
            switch r.outcome {
            case .success: "handlerResult \(r.step) success"
            case .failure(let message): "handlerResult \(r.step) failure: \(message)"
            }
        case .stepFailed(let f): "stepFailed \(f.step): \(f.message)"
        case .stackChanged(let c): "stackChanged \(c.operation) \(c.depths)"
        case .flowEnded(let o): "flowEnded \(o.name)"
        }
    }
}
