import FeedbackFlowCore
import FlowCompile

/// A custom step's handler during `test --record`: it runs the handler it wraps and tells
/// the ``ScenarioRecorder`` what it answered (the values it returned, or its failure), so
/// the recorded stub answers the same.
package struct RecordingStepHandler: ActionHandler {
    /// The handler that answers.
    package let handler: any ActionHandler
    /// Where the answer is recorded.
    package let recorder: ScenarioRecorder

    /// A handler answering as `handler` does, its answers recorded by `recorder`.
    package init(_ handler: any ActionHandler, recorder: ScenarioRecorder) {
        self.handler = handler
        self.recorder = recorder
    }

    /// Runs the step through ``performReturningValues(_:)``.
    package func perform(_ invocation: ActionInvocation) async throws {
        _ = try await performReturningValues(invocation)
    }

    /// Runs the wrapped handler and records its answer.
    package func performReturningValues(_ invocation: ActionInvocation) async throws -> [String: ExpressionValue] {
        do {
            let values = try await handler.performReturningValues(invocation)
            await recorder.record(.answered(step: invocation.name, returns: values, failure: nil))
            return values
        } catch {
            // The message the navigator shows for it, which the stub's failure repeats.
            await recorder.record(.answered(step: invocation.name, returns: nil, failure: FlowNavigator.message(of: error)))
            throw error
        }
    }
}
