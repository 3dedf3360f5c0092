#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FeedbackFlow
import FeedbackFlowTestSupport
import FlowTerminal
import FlowSource
import FlowReporting
import Testing

/// A writer whose reader goes away after `acceptedWrites` writes: from then on every
/// write fails with EPIPE, like standard output piped into `head -1`.
private final class ClosingWriter: TextWriter {
    private let state: LockedBox<(left: Int, text: String, failure: WriteFailure?)>

    init(acceptedWrites: Int) {
        state = LockedBox((acceptedWrites, "", nil))
    }

    func write(_ text: String) {
        state.withLock { state in
            guard state.failure == nil else { return }
            if state.left == 0 {
                state.failure = WriteFailure(code: EPIPE)
            } else {
                state.left -= 1
                state.text += text
            }
        }
    }

    func write(bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    var failure: WriteFailure? { state.withLock { $0.failure } }
}

/// An endless supply of the same line (like `yes show`) that counts how many were read.
private actor EndlessLineReader: LineReader {
    let line: String
    let limit: Int
    private(set) var reads = 0

    init(_ line: String, limit: Int) {
        self.line = line
        self.limit = limit
    }

    func readLine() async -> String? {
        guard reads < limit else { return nil }
        reads += 1
        return line
    }
}

/// How a line-mode run ends besides finish/quit: closed output, end of input inside
/// `edit`; and the messages of ambiguous commands.
@Suite("Line mode: endings and messages")
struct LineModeEndingTests {
    private func registry() -> ActionHandlerRegistry {
        ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: RecordingFeedbackSink())
    }

    @Test("when the output is closed the run stops before reading another line and ends outputClosed")
    func outputClosed() async {
        let input = EndlessLineReader("show", limit: 1_000)
        let recorder = RecordingPresenter()
        let outcome = await LineModeRunner(
            flow: LineModeTestFlows.callQuality, registry: registry(), input: input,
            output: ClosingWriter(acceptedWrites: 3), style: .plain, presenters: [recorder]
        ).run()
        #expect(outcome == .ended(.outputClosed))
        #expect(recorder.outcome == .outputClosed)
        // The first screen and one prompt fit in the three writes; nothing is read after
        // the write that failed.
        #expect(await input.reads <= 1)
    }

    @Test("end of input inside edit keeps the lines typed so far and says so")
    func editEndOfInput() async throws {
        let recorder = RecordingPresenter()
        let output = BufferWriter()
        let outcome = await LineModeRunner(
            flow: LineModeTestFlows.callQuality, registry: registry(),
            input: ScriptedLineReader(["edit comment", "First line", "second line"]), output: output, style: .plain,
            presenters: [recorder]
        ).run()
        #expect(outcome == .ended(.inputEnded))
        #expect(output.text.contains("comment = \"First line\\nsecond line\"\n"))
        #expect(output.text.contains("(end of input: kept the 2 lines typed into comment)\n"))
        #expect(output.text.hasSuffix("Flow ended: inputEnded\n"))
    }

    @Test("rate without an id on a screen with several ratings names them")
    func severalRatings() async {
        let output = BufferWriter()
        _ = await LineModeRunner(
            flow: LineModeTestFlows.twoRatings, registry: registry(),
            input: ScriptedLineReader(["rate 3"]), output: output, style: .plain
        ).run()
        #expect(output.text.contains("error: this screen has several ratings: audio, video; name one, e.g. 'rate audio N'\n"))
    }

    @Test("bidi controls in flow text and in typed values never reach the output")
    func bidiControls() async {
        let output = BufferWriter()
        _ = await LineModeRunner(
            flow: LineModeTestFlows.bidi, registry: registry(),
            input: ScriptedLineReader(["set note x\u{2067}y\u{200E}", "nope\u{202D}"]), output: output, style: .plain
        ).run()
        let bidi: Set<UInt32> = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
        #expect(!output.text.unicodeScalars.contains { bidi.contains($0.value) })
        #expect(output.text.contains("a\u{FFFD}evil\u{FFFD}"), "the subtitle, with each control replaced")
        #expect(output.text.contains("note = \"x\u{FFFD}y\u{FFFD}\""), "the typed value as echoed")
    }
}
