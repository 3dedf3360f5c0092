import FeedbackFlowCore
import FlowSource

/// A custom-step handler that succeeds and keeps every invocation.
public final class RecordingActionHandler: ActionHandler, Sendable {
    private let storage = LockedBox<[ActionInvocation]>([])

    public init() {}

    public func perform(_ invocation: ActionInvocation) async throws {
        storage.withLock { $0.append(invocation) }
    }

    public var invocations: [ActionInvocation] { storage.withLock { $0 } }
}
