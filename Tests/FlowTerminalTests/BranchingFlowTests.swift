import FeedbackFlow
import FeedbackFlowTestSupport
import FlowReporting
import FlowTerminal
import Foundation
import Testing

/// The example flow `flows/rating-branches.flow.yaml` played in line mode. Its rules, as the
/// file writes them: the rating starts at 3; `problem` is shown and required while
/// `rating <= 2`; "Contact support" is enabled only while `rating <= 2`; Submit pushes
/// `sorry` for 1–2, `thanks` for 3 and `review` for 4–5, each ending with its own outcome.
@Suite("A flow that branches on its rating")
struct BranchingFlowTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("flows/rating-branches.flow.yaml").path

    private func play(_ script: [String]) async throws -> (ending: LineModeEnding, output: String, sink: RecordingFeedbackSink) {
        let compilation = FlowCompiler.compile(contentsOf: URL(filePath: Self.file))
        #expect(compilation.diagnostics.isEmpty)
        let flow = try #require(compilation.flow)
        let sink = RecordingFeedbackSink()
        let output = BufferWriter()
        let ending = await LineModeRunner(
            flow: flow, registry: ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: sink),
            input: ScriptedLineReader(script), output: output, style: .plain
        ).run()
        return (ending, output.text, sink)
    }

    @Test("a low rating asks what went wrong, requires it, enables Contact support, and ends 'sorry'")
    func lowRating() async throws {
        let run = try await play(["set rating 1", "1", "set problem Audio kept dropping", "1", "1"])
        #expect(run.ending == .ended(FlowOutcome("sorry")))
        #expect(run.output.contains("'What went wrong?' [problem] is now shown (required)"))
        #expect(run.output.contains("Submit is now disabled"))
        #expect(run.output.contains("Contact support is now enabled"))
        // Tapping Submit before the text is there is refused and says what is missing.
        #expect(run.output.contains("error: 'Submit' is disabled: fill in What went wrong?"))
        #expect(run.output.contains("Submit is now enabled"))
        let submissions = run.sink.submissions
        #expect(submissions.map(\.rating) == [1])
        #expect(submissions.first?.reason == "Audio kept dropping")
    }

    @Test("a middle rating thanks the user and ends 'thanks'; the text is never shown")
    func middleRating() async throws {
        let run = try await play(["1", "1"])
        #expect(run.ending == .ended(FlowOutcome("thanks")))
        #expect(!run.output.contains("What went wrong?"))
        #expect(run.output.contains("── ✔ success · thanks"))
    }

    @Test("a high rating offers a store review and ends 'reviewed'")
    func highRating() async throws {
        let run = try await play(["set rating 5", "1", "1"])
        #expect(run.ending == .ended(FlowOutcome("reviewed")))
        #expect(run.output.contains("Glad you liked it!"))
        #expect(!run.output.contains("is now shown"))
    }

    @Test("Contact support is disabled until the rating is low, and says which condition holds it")
    func enabledWhen() async throws {
        let run = try await play(["2", "set rating 2", "set rating 4", "quit"])
        #expect(run.output.contains("2) Contact support  (link)  [disabled]"))
        #expect(run.output.contains("error: 'Contact support' is disabled: its condition 'rating <= 2' is false"))
        #expect(run.output.contains("Contact support is now enabled"))
        #expect(run.output.contains("'What went wrong?' [problem] is now hidden"))
        #expect(run.output.contains("Contact support is now disabled"))
    }
}
