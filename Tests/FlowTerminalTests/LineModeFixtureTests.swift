import FeedbackFlow
import FeedbackFlowTestSupport
import FlowTerminal
import Foundation
import Testing

/// Line mode on a flow file and a file of answers, as `feedbackflow run FILE < answers`.
@Suite("Line mode on fixture files")
struct LineModeFixtureTests {
    @Test("the call-quality answers fill the form, submit once, reach the thank-you screen and end")
    func callQuality() async throws {
        let compilation = FlowCompiler.compile(path: Fixtures.url("call-quality.yaml").path)
        #expect(!compilation.hasErrors)
        let flow = try #require(compilation.flow)
        let answers = try String(contentsOf: Fixtures.url("call-quality.answers"), encoding: .utf8)
        let sink = RecordingFeedbackSink()
        let urls = RecordingURLHandler()
        let output = BufferWriter()
        let outcome = await LineModeRunner(
            flow: flow, registry: ActionHandlerRegistry(urlHandler: urls, feedbackSink: sink),
            input: ScriptedLineReader(text: answers), output: output, style: .plain
        ).run()

        #expect(outcome == .ended(.dismissed))
        #expect(urls.opened == ["https://example.com/contact"])
        #expect(sink.submissions.count == 1)
        let submission = try #require(sink.submissions.first)
        #expect(submission.rating == 4)
        #expect(submission.reason == "ada@example.com\nClear audio.\n.and no echo")
        #expect(submission.custom == ["callWasAwesome": .bool(true), "source": .string("rate-call")])
        let text = output.text
        #expect(text.contains("> error: 'Submit' is disabled: fill in Email Address"))
        #expect(text.contains("error: email: not a valid email address (expected name@example.com)"))
        #expect(text.contains("\nThank you, ada@example.com!\n"))
        #expect(text.hasSuffix("Flow ended: dismissed\n"))
        #expect(!text.utf8.contains(0x1B))
    }
}
