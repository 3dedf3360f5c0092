import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file sink and the transcript recorder: one complete JSON object per line.
@Suite("Feedback sink and transcript files")
struct NavigatorDeliveryTests {
    private func lines(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "every line ends with a newline")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func object(_ line: String) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(parsed as? [String: Any])
    }

    private let submission = FeedbackSubmission(
        rating: 4, reason: "ada@example.com\nGreat call",
        custom: ["callWasAwesome": .bool(true), "minutes": .number("12.5"), "hex": .number("0x1F")],
        flowID: "call-quality-rating", screenID: "rate-call", submittedAt: NavigatorTestHarness.clock)

    @Test("JSONLinesFeedbackSink writes exactly one parseable line per submission")
    func oneLinePerSubmission() async throws {
        let path = temporaryPath("feedback.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = JSONLinesFeedbackSink(file: URL(filePath: path))
        try await sink.submit(submission)
        try await sink.submit(FeedbackSubmission(
            rating: 1, reason: nil, custom: [:], flowID: "f", screenID: "s", submittedAt: NavigatorTestHarness.clock))

        let lines = try lines(path)
        #expect(lines.count == 2)
        let first = try object(lines[0])
        #expect(first["rating"] as? Int == 4)
        #expect(first["reason"] as? String == "ada@example.com\nGreat call")
        #expect(first["flowID"] as? String == "call-quality-rating")
        #expect(first["screenID"] as? String == "rate-call")
        #expect(first["submittedAt"] as? String == "2024-05-01T12:00:00Z")
        let custom = try #require(first["custom"] as? [String: Any])
        #expect(custom["callWasAwesome"] as? Bool == true)
        #expect((custom["minutes"] as? NSNumber)?.doubleValue == 12.5)
        // 0x1F is a YAML integer with no JSON form: written as the same number in decimal.
        #expect(custom["hex"] as? Int == 31)
        let second = try object(lines[1])
        #expect(second["reason"] == nil)
        #expect(second["rating"] as? Int == 1)
    }

    @Test("a submission round-trips through its JSON form")
    func roundTrip() throws {
        let decoded = try #require(FeedbackSubmission(jsonText: submission.jsonText))
        #expect(decoded.rating == submission.rating)
        #expect(decoded.reason == submission.reason)
        #expect(decoded.submittedAt == submission.submittedAt)
        #expect(decoded.custom["callWasAwesome"] == .bool(true))
        #expect(decoded.custom["minutes"] == .number("12.5"))
    }

    @Test("a submission round-trips through its JSON form, every digit of its numbers kept")
    func roundTripKeepsDigits() throws {
        let digits = "1234567890123456789012345678901234567890.50"
        var exact = submission
        exact.custom = ["price": .number("12.50"), "long": .number(digits), "list": [.number("1e3"), .null, "x"]]
        let decoded = try #require(FeedbackSubmission(jsonText: exact.jsonText))
        #expect(decoded == exact)
        #expect(decoded.custom["long"] == .number(digits))
    }

    @Test("reading a submission refuses text that is not one: bad JSON, a missing id, a fractional rating, a date that is not ISO 8601")
    func readingRefusesOthers() throws {
        let line = submission.jsonText
        #expect(FeedbackSubmission(jsonText: line) != nil)
        #expect(FeedbackSubmission(jsonText: line + ",") == nil)
        #expect(FeedbackSubmission(jsonText: line.replacingOccurrences(of: "\"id\"", with: "\"ident\"")) == nil)
        #expect(FeedbackSubmission(jsonText: line.replacingOccurrences(of: "\"rating\":4", with: "\"rating\":4.5")) == nil)
        #expect(FeedbackSubmission(jsonText: line.replacingOccurrences(of: "2024-05-01T12:00:00Z", with: "May 1st")) == nil)
    }

    @Test("the sink appends after what the file already holds")
    func appendsToExisting() async throws {
        let path = temporaryPath("existing.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "{\"earlier\":true}\n".write(toFile: path, atomically: true, encoding: .utf8)
        try await JSONLinesFeedbackSink(file: URL(filePath: path)).submit(submission)
        let lines = try lines(path)
        #expect(lines.count == 2)
        #expect(lines[0] == "{\"earlier\":true}")
        #expect(try object(lines[1])["rating"] as? Int == 4)
    }

    @Test("concurrent submissions each land as one whole line")
    func concurrentSubmissions() async throws {
        let path = temporaryPath("concurrent.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = JSONLinesFeedbackSink(file: URL(filePath: path))
        let submission = submission
        try await withThrowingTaskGroup(of: Void.self) { group in
            for rating in 1...5 {
                for _ in 0..<10 {
                    group.addTask {
                        var s = submission
                        s.rating = rating
                        try await sink.submit(s)
                    }
                }
            }
            try await group.waitForAll()
        }
        let lines = try lines(path)
        #expect(lines.count == 50)
        let ratings = try lines.map { try #require(try object($0)["rating"] as? Int) }
        #expect(ratings.sorted() == (1...5).flatMap { Array(repeating: $0, count: 10) })
    }

    @Test("a sink and a recorder given a file relative to the working directory name it so, as given")
    func relativeFile() async throws {
        let name = "feedbackflow-relative-\(UUID().uuidString).jsonl"
        defer {
            try? FileManager.default.removeItem(atPath: name)
            try? FileManager.default.removeItem(atPath: "t-" + name)
        }
        let sink = JSONLinesFeedbackSink(file: URL(filePath: name))
        try await sink.submit(submission)
        #expect(try lines(name).count == 1)
        let recorder = TranscriptRecorder(file: URL(filePath: "t-" + name))
        await recorder.present(.flowEnded(.dismissed))
        #expect(try lines("t-" + name).count == 1)
        // A relative name whose folder is missing fails, named as given.
        await #expect(throws: DeliveryError.cannotOpen(path: "missing-folder-\(name)/x.jsonl", code: ENOENT)) {
            try await JSONLinesFeedbackSink(file: URL(filePath: "missing-folder-\(name)/x.jsonl")).submit(submission)
        }
    }

    @Test("the path spellings of the last release write the same files as the URL ones")
    @available(*, deprecated)
    func pathSpellings() async throws {
        let path = temporaryPath("feedback.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = JSONLinesFeedbackSink(path: path)
        #expect(sink.path == path && sink.file == URL(filePath: path))
        try await sink.submit(submission)
        #expect(try lines(path).count == 1)
        let transcript = temporaryPath("transcript.jsonl")
        defer { try? FileManager.default.removeItem(atPath: transcript) }
        let recorder = TranscriptRecorder(path: transcript)
        #expect(recorder.path == transcript && recorder.file == URL(filePath: transcript))
        await recorder.present(.flowEnded(.dismissed))
        #expect(try lines(transcript).count == 1)
        #expect(await recorder.lastError == nil)
    }

    @Test("a sink that cannot open its file throws and the step fails")
    func cannotOpen() async throws {
        let directory = temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        await #expect(throws: DeliveryError.cannotOpen(path: directory, code: EISDIR)) {
            try await JSONLinesFeedbackSink(file: URL(filePath: directory)).submit(submission)
        }
    }

    #if os(Linux)
    @Test(
        "a write that fails surfaces as writeFailed (/dev/full: ENOSPC)",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
    func writeFails() async {
        await #expect(throws: DeliveryError.writeFailed(path: "/dev/full", code: ENOSPC)) {
            try await JSONLinesFeedbackSink(file: URL(filePath: "/dev/full")).submit(submission)
        }
    }
    #endif

    @Test("TranscriptRecorder writes one JSON event per line, in order")
    func transcript() async throws {
        let path = temporaryPath("transcript.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = TranscriptRecorder(file: URL(filePath: path))
        let navigator = FlowNavigator(
            flow: flow(
                screen("a", .openURL("https://example.com"), .push("b")),
                screen("b", .dismiss)),
            registry: ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: RecordingFeedbackSink()),
            presenters: [recorder])
        try await navigator.start()
        _ = await navigator.tap(.primary, on: try #require(await navigator.state.navigation.top).id)
        _ = await navigator.tap(.primary, on: try #require(await navigator.state.navigation.top).id)

        let events = try lines(path).map(object)
        #expect(events.map { $0["type"] as? String } == [
            "stackChanged", "screenShown",
            "actionTapped", "stepRun", "handlerResult", "stepRun", "stackChanged", "screenShown",
            "actionTapped", "stepRun", "stackChanged", "flowEnded",
        ])
        #expect(events[0]["operation"] as? String == "present")
        #expect(events[0]["target"] as? String == "a")
        #expect(events[1]["screen"] as? String == "a")
        #expect(events[1]["instance"] as? Int == 1)
        #expect(events[1]["style"] as? String == "informative")
        #expect(events[2]["slot"] as? String == "primary")
        #expect(events[2]["title"] as? String == "Go")
        #expect(events[3]["step"] as? String == "openURL")
        #expect(events[3]["argument"] as? String == "https://example.com")
        #expect(events[4]["result"] as? String == "success")
        #expect(events[6]["stacks"] as? [[String]] == [["a", "b"]])
        #expect(events[6]["depths"] as? [Int] == [2])
        #expect(events[10]["stacks"] as? [[String]] == [])
        #expect(events[11]["outcome"] as? String == "dismissed")
        #expect(await recorder.lastError == nil)
    }

    @Test("the transcript's actionTapped names the title that was tapped, not the retry button's loading title")
    func transcriptTappedTitle() async throws {
        let path = temporaryPath("transcript.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = TranscriptRecorder(file: URL(filePath: path))
        var registry = ActionHandlerRegistry(urlHandler: RecordingURLHandler(), feedbackSink: RecordingFeedbackSink())
        registry.register("reconnect", RecordingActionHandler())
        let navigator = FlowNavigator(
            flow: try DecodingFixture.flow("navigator/network-error.yaml"), registry: registry, presenters: [recorder])
        try await navigator.start()
        _ = await navigator.tap(.primary, on: try #require(await navigator.state.navigation.top).id)

        let tapped = try lines(path).map(object).filter { $0["type"] as? String == "actionTapped" }
        // The retry button of screen 'offline': `title: Try again`, `loadingTitle: Trying…`.
        #expect(tapped.map { $0["title"] as? String } == ["Try again"])
        #expect(await recorder.lastError == nil)
    }
}
