import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation
import Testing

/// Numbers are never rounded — also not in the files the library writes.
/// Every expected line below is written by hand from RFC 8259 (§6 numbers, §7 strings)
/// and the documented key order, and was checked to parse with Python's `json` module
/// (`parse_float=Decimal`) to the values the YAML 1.2 core schema gives the fixture.
@Suite("Exact numbers in feedback and transcript lines")
struct DeliveryNumberTests {
    @Test("custom numbers from a YAML flow reach the feedback line and the transcript exactly as written; YAML-only forms become the same JSON number")
    func numbersFromAFlowFile() async throws {
        let feedbackPath = temporaryPath("feedback.jsonl")
        let transcriptPath = temporaryPath("transcript.jsonl")
        defer {
            try? FileManager.default.removeItem(atPath: feedbackPath)
            try? FileManager.default.removeItem(atPath: transcriptPath)
        }
        var registry = ActionHandlerRegistry(
            urlHandler: RecordingURLHandler(), feedbackSink: JSONLinesFeedbackSink(file: URL(filePath: feedbackPath)))
        registry.register("track", RecordingActionHandler())
        let navigator = FlowNavigator(
            flow: try DecodingFixture.flow("navigator/exact-numbers.yaml"), registry: registry,
            presenters: [TranscriptRecorder(file: URL(filePath: transcriptPath))], now: { NavigatorTestHarness.clock })
        try await navigator.start()
        #expect(await navigator.tap(.primary, on: try #require(await navigator.state.navigation.top).id) == .ran)
        #expect(await navigator.outcome == .finished)

        let feedback = try String(contentsOfFile: feedbackPath, encoding: .utf8)
        // The id is random (a new UUID per submission, pinned in NavigatorTemplateTests).
        let id = try #require(feedback.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.1)
        #expect(feedback == """
            {"custom":{"dot":1.0,"half":0.5,"hex":31,"negHalf":-0.5e-3,"octal":15,"padded":7,\
            "pi":3.14159265358979323846264338327950288419716939937510582,"plus":1,"price":12.50,"text":"12.50",\
            "thousand":1e3},"flowID":"exact-numbers","id":"\(id)","rating":4,"screenID":"rate","submittedAt":"2024-05-01T12:00:00Z"}

            """)
        let transcript = try String(contentsOfFile: transcriptPath, encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(transcript.contains("""
            {"argument":{"big":1e3,"half":0.5,"hex":31,"octal":15,"plus":1,"price":12.50},\
            "instance":1,"screen":"rate","step":"track","type":"stepRun"}
            """))
    }

    @Test("numbers built in Swift: hex of any length is exact, a text with no JSON number is a string; strings escape per RFC 8259 §7")
    func numbersBuiltInSwift() async throws {
        let path = temporaryPath("swift.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let submission = FeedbackSubmission(
            id: "a1b2c3d4-0000-4000-8000-000000000001", rating: 2, reason: nil,
            custom: [
                "big": .number("0xFFFFFFFFFFFFFFFFFFFF"),  // 2^80 - 1 = 1208925819614629174706175 (Python: int('F'*20, 16))
                "inf": .number(".inf"),
                "tricky": .string("q\"b\\s/\t\u{01}é"),
            ],
            flowID: "f", screenID: "s", submittedAt: NavigatorTestHarness.clock)
        let line = """
            {"custom":{"big":1208925819614629174706175,"inf":".inf","tricky":"q\\"b\\\\s/\\t\\u0001é"},\
            "flowID":"f","id":"a1b2c3d4-0000-4000-8000-000000000001","rating":2,"screenID":"s","submittedAt":"2024-05-01T12:00:00Z"}
            """
        try await JSONLinesFeedbackSink(file: URL(filePath: path)).submit(submission)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == line + "\n")
        #expect(submission.jsonText == line)
    }
}
