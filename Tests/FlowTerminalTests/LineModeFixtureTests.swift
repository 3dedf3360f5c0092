import FeedbackFlow
import FeedbackFlowTestSupport
import FlowTerminal
import Foundation
import FlowReporting
import Testing

/// Line mode on a flow file and a file of answers, as `feedbackflow run FILE < answers`.
@Suite("Line mode on fixture files")
struct LineModeFixtureTests {
    @Test("the call-quality answers fill the form, submit once, reach the thank-you screen and end")
    func callQuality() async throws {
        let compilation = FlowCompiler.compile(contentsOf: Fixtures.url("call-quality.yaml"))
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

    /// Plays `call-quality.yaml` on the answers file `answers`.
    private func play(_ answers: String) async throws -> (ending: LineModeEnding, output: String, sink: RecordingFeedbackSink) {
        let flow = try #require(FlowCompiler.compile(contentsOf: Fixtures.url("call-quality.yaml")).flow)
        let text = try String(contentsOf: Fixtures.url(answers), encoding: .utf8)
        let sink = RecordingFeedbackSink()
        let output = BufferWriter()
        let ending = await LineModeRunner(
            flow: flow, registry: ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: sink),
            input: ScriptedLineReader(text: text), output: output, style: .plain
        ).run()
        return (ending, output.text, sink)
    }

    @Test("quit, help, show and rate with extra arguments are one-line errors; the screen stays and nothing else happens")
    func extraArguments() async throws {
        let run = try await play("extra-arguments.answers")
        let errors = run.output.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors == [
            "> error: quit takes no argument",
            "> error: help takes no argument",
            "> error: show takes no argument",
            "> error: rate takes at most two arguments (usage: rate N  or  rate ID N)",
            "> error: q takes no argument",
            "> error: ? takes no argument",
        ])
        #expect(run.ending == .ended(.inputEnded), "the run did not quit")
        #expect(!run.output.contains("Commands:"), "no help was printed")
        #expect(run.output.components(separatedBy: "── ").count - 1 == 1, "the screen was drawn once")
        #expect(!run.output.contains("rating = "), "the rating did not change")
    }

    @Test("no control character reaches a field: set refuses one, edit refuses the line, a one-line field takes no edit")
    func controlCharactersInValues() async throws {
        let run = try await play("control-characters.answers")
        // Each error is one line, after the prompts ("> ", and "| " inside edit) of the
        // lines read without an answer.
        let errors = run.output.split(separator: "\n").compactMap { line in
            line.range(of: "error: ").map { String(line[$0.lowerBound...]) }
        }
        #expect(errors == [
            "error: 'email' takes no control characters (found U+001B); it keeps its value",
            "error: 'comment' takes no control characters (found U+0007); it keeps its value",
            "error: 'comment' takes no control characters (found U+009B); it keeps its value",
            "error: 'comment' takes no control characters (found U+0009); it keeps its value",
            "error: 'email' is one line of text: use set email VALUE",
            "error: a line of 'comment' takes no control characters (found U+001B); type it again",
        ])
        let submission = try #require(run.sink.submissions.first)
        #expect(submission.reason == "ada@example.com\nfirst line\nsecond line")
        #expect(run.sink.submissions.count == 1)
    }
}
