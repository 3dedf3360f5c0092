import FeedbackFlowCore
import FlowCompile

/// A custom step's stub in a scenario: each call takes the next of its answers (the last
/// one again once they are used up), waits its delay, and returns its values or throws
/// its failure.
package actor StubActionHandler: ActionHandler {
    /// The failure a stub throws: its message is what the step's failure says.
    package struct Failure: Error, CustomStringConvertible {
        /// The message.
        package var description: String
    }

    private let answers: [HandlerAnswer]
    /// How many times the step ran.
    package private(set) var calls = 0

    /// A stub answering `answers` in order; none: it returns no value.
    package init(answers: [HandlerAnswer]) {
        self.answers = answers.isEmpty ? [HandlerAnswer()] : answers
    }

    /// Answers as ``performReturningValues(_:)`` does, its values left.
    package func perform(_ invocation: ActionInvocation) async throws {
        _ = try await performReturningValues(invocation)
    }

    /// Takes the next answer: waits its delay, then throws its failure or returns its values.
    package func performReturningValues(_ invocation: ActionInvocation) async throws -> [String: ExpressionValue] {
        let answer = answers[min(calls, answers.count - 1)]
        calls += 1
        if answer.delay > .zero { try await Task.sleep(for: answer.delay) }
        if let failure = answer.failure { throw Failure(description: failure) }
        return answer.returns
    }
}
