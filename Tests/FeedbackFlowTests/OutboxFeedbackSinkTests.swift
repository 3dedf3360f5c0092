import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation
import FlowSource
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outbox on a fake clock, a scripted delivery and a fixed jitter: it keeps before it
/// delivers, retries on the documented schedule, marks dead by its limits, and its file
/// survives cut lines and failed rewrites.
@Suite("OutboxFeedbackSink: kept before delivered, retried on schedule, never lost")
struct OutboxFeedbackSinkTests {
    /// 2024-05-01T12:00:00Z, the harness's clock.
    static let start = NavigatorTestHarness.clock

    static func submission(_ id: String = "0b6f1c2e-5d4a-4e8b-9c3f-7a1d2e3f4a5b", minutes: String = "12.50") -> FeedbackSubmission {
        FeedbackSubmission(
            id: id, rating: 4, reason: "ada@example.com", custom: ["minutes": .number(minutes)],
            flowID: "call-quality-rating", screenID: "rate-call", submittedAt: start)
    }

    static let unavailable = DeliveryFailure.retryable("HTTP 503")

    /// An outbox in a fresh folder (removed by `body`'s caller through the returned
    /// folder), with the jitter fraction fixed.
    static func outbox(
        _ folder: String, delivery: any FeedbackSink, clock: FakeClock, fraction: Double = 1,
        policy: OutboxRetryPolicy = OutboxRetryPolicy()
    ) -> OutboxFeedbackSink {
        OutboxFeedbackSink(
            file: URL(filePath: folder + "/outbox.jsonl"), delivery: delivery, policy: policy, now: { clock.now() },
            randomFraction: { fraction }, sleep: { try await clock.sleep(for: $0) })
    }

    static func folder() throws -> String {
        let path = temporaryPath("outbox")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: Bundle.module.resourceURL!.appendingPathComponent("Fixtures/outbox/\(name)").path, encoding: .utf8)
    }

    @Test("submit has the record on disk before the delivery is called, and removes the file once delivered")
    func keptBeforeDelivered() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/outbox.jsonl"
        let clock = FakeClock(Self.start)
        let seen = LockedBox<String?>(nil)
        let delivery = ScriptedFeedbackSink(clock: { clock.now() }) { _ in
            seen.withLock { $0 = try? String(contentsOfFile: path, encoding: .utf8) }
        }
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock)
        let outcome = try await outbox.submitReturningOutcome(Self.submission())
        #expect(outcome == .delivered)
        let during = try #require(seen.withLock { $0 })
        #expect(during.hasSuffix("\n"))
        #expect(during.contains("\"id\":\"0b6f1c2e-5d4a-4e8b-9c3f-7a1d2e3f4a5b\""))
        #expect(during.contains("\"attempts\":0"))
        #expect(during.contains("\"keptAt\":\"2024-05-01T12:00:00.000Z\""))
        #expect(!FileManager.default.fileExists(atPath: path), "an outbox left empty is removed")
        #expect(delivery.calls.map(\.submission.id) == ["0b6f1c2e-5d4a-4e8b-9c3f-7a1d2e3f4a5b"])
    }

    @Test("a failed first attempt keeps the record: 1 attempt, its times, the error, next attempt at fraction × 2 s")
    func failedFirstAttempt() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Self.start)
        let outbox = Self.outbox(
            folder, delivery: ScriptedFeedbackSink([Self.unavailable], clock: { clock.now() }), clock: clock, fraction: 0.5)
        let outcome = try await outbox.submitReturningOutcome(Self.submission())
        let expected = OutboxRecord(
            submission: Self.submission(), keptAt: Self.start, attempts: 1, firstAttemptAt: Self.start,
            lastAttemptAt: Self.start, nextAttemptAt: Self.start.addingTimeInterval(1), lastError: "HTTP 503")
        #expect(outcome == .kept(expected))
        #expect(try await outbox.records() == [expected])
        #expect(try await outbox.records().first?.state(at: Self.start) == .waiting)
        #expect(try await outbox.records().first?.state(at: Self.start.addingTimeInterval(1)) == .pending)
    }

    @Test("retries wait min(cap, base × 2^(n−1)) × fraction after the n-th failure, and the record is dead at the maximum")
    func backoffSchedule() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink(Array(repeating: Self.unavailable, count: 10), clock: { clock.now() })
        let policy = OutboxRetryPolicy(baseBackoff: .seconds(2), maximumBackoff: .seconds(10), maximumAttempts: 6)
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock, fraction: 1, policy: policy)
        _ = try await outbox.submitReturningOutcome(Self.submission())
        let result = try await outbox.flush(waitingUpTo: .seconds(3600))
        // Waits 2, 4, 8, then the cap 10, 10: attempts at 0, 2, 6, 14, 24, 34 seconds.
        #expect(delivery.calls.map { $0.at.timeIntervalSince(Self.start) } == [0, 2, 6, 14, 24, 34])
        #expect(result.delivered.isEmpty)
        let record = try #require(result.kept.first)
        #expect(record.isDead && record.attempts == 6 && record.nextAttemptAt == nil)
        #expect(record.firstAttemptAt == Self.start && record.lastAttemptAt == Self.start.addingTimeInterval(34))
        #expect(!result.deliveredEverything)
    }

    @Test("the backoff ceilings of the default policy are 2, 4, 8 … 256 seconds, then 300")
    func defaultCeilings() {
        let policy = OutboxRetryPolicy()
        #expect((1...11).map { policy.backoff(afterFailures: $0) } == [2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300].map { .seconds($0) })
        #expect(policy.maximumAttempts == 10 && policy.maximumRecordAge == .seconds(604_800))
        #expect(policy.backoff(afterFailures: 10_000) == .seconds(300))
    }

    @Test("a policy of fractions of a second keeps them: 250 ms doubles to 500 ms and 1 s, capped at 1.5 s")
    func fractionalBackoff() {
        let policy = OutboxRetryPolicy(baseBackoff: .milliseconds(250), maximumBackoff: .milliseconds(1500))
        #expect((1...5).map { policy.backoff(afterFailures: $0) } == [250, 500, 1000, 1500, 1500].map { .milliseconds($0) })
        #expect(OutboxRetryPolicy(baseBackoff: .seconds(-1)).baseBackoff == .zero)
    }

    @Test("the seconds spellings of the last release read and write the same policy and outbox as the Duration ones")
    @available(*, deprecated)
    func secondsSpellings() async throws {
        var policy = OutboxRetryPolicy(baseDelay: 2, maximumDelay: 10, maximumAttempts: 6, maximumAge: 60)
        #expect(policy == OutboxRetryPolicy(
            baseBackoff: .seconds(2), maximumBackoff: .seconds(10), maximumAttempts: 6, maximumRecordAge: .seconds(60)))
        #expect(policy.baseDelay == 2 && policy.maximumDelay == 10 && policy.maximumAge == 60)
        #expect(policy.backoffCeiling(afterFailures: 3) == 8 && policy.backoff(afterFailures: 3) == .seconds(8))
        policy.baseDelay = 0.5
        #expect(policy.baseBackoff == .milliseconds(500))
        policy.maximumRecordAge = .seconds(90)
        #expect(policy.maximumAge == 90)
        #expect(OutboxRetryPolicy.defaultBaseDelay == 2 && OutboxRetryPolicy.defaultMaximumDelay == 300)
        #expect(OutboxRetryPolicy.defaultMaximumAge == 604_800 && OutboxRetryPolicy(maximumAge: 1) != OutboxRetryPolicy())
        #expect(OutboxFeedbackSink.othersPollInterval == 0.25 && OutboxFeedbackSink.othersPollPeriod == .milliseconds(250))

        // An outbox made with a path and a sleep of seconds, flushed with a wait in seconds.
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Self.start)
        let slept = LockedBox<[Double]>([])
        let delivery = ScriptedFeedbackSink([Self.unavailable], clock: { clock.now() })
        let outbox = OutboxFeedbackSink(
            path: folder + "/outbox.jsonl", delivery: delivery, policy: policy, now: { clock.now() }, randomFraction: { 1 },
            sleep: { seconds in
                slept.withLock { $0.append(seconds) }
                try await clock.sleep(seconds)
            })
        #expect(outbox.path == folder + "/outbox.jsonl" && outbox.file == URL(filePath: folder + "/outbox.jsonl"))
        _ = try await outbox.submitReturningOutcome(Self.submission())
        let result = try await outbox.flush(waitingUpTo: 60)
        #expect(result.delivered == [Self.submission().id] && slept.withLock { $0 } == [0.5])
    }

    @Test("Retry-After later than the backoff sets the next attempt; an earlier one leaves the backoff")
    func retryAfter() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink(
            [.retryable("HTTP 503", retryAfter: .seconds(30)), .retryable("HTTP 429", retryAfter: .date(Self.start.addingTimeInterval(31)))],
            clock: { clock.now() })
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock, fraction: 1)
        guard case .kept(let first) = try await outbox.submitReturningOutcome(Self.submission()) else {
            Issue.record("not kept")
            return
        }
        // Backoff 2 s, Retry-After 30 s: 30 s wins.
        #expect(first.nextAttemptAt == Self.start.addingTimeInterval(30))
        // Nothing is due before then, even when flushing now (the first try of this flush
        // is at once only with startingNow).
        clock.advance(by: 29)
        let early = try await outbox.flush()
        #expect(early.delivered.isEmpty && delivery.calls.count == 1)
        // At 30 s it is tried; the answer asks for 31 s after start, before the backoff of
        // 4 s after this attempt (34 s): the backoff wins.
        clock.advance(by: 1)
        let second = try await outbox.flush()
        #expect(delivery.calls.count == 2)
        #expect(second.kept.first?.nextAttemptAt == Self.start.addingTimeInterval(34))
        // At 34 s the delivery succeeds and the outbox is empty.
        let third = try await outbox.flush(waitingUpTo: .seconds(10))
        #expect(third.delivered == [Self.submission().id] && third.deliveredEverything)
        #expect(delivery.calls.map { $0.at.timeIntervalSince(Self.start) } == [0, 30, 34])
    }

    @Test("flush(startingNow:) tries a waiting record at once; its later retries wait")
    func startingNow() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink([Self.unavailable, Self.unavailable], clock: { clock.now() })
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock, fraction: 1)
        _ = try await outbox.submitReturningOutcome(Self.submission())
        let result = try await outbox.flush(startingNow: true, waitingUpTo: .zero)
        #expect(delivery.calls.count == 2 && delivery.calls[1].at == Self.start)
        #expect(result.kept.first?.nextAttemptAt == Self.start.addingTimeInterval(4))
    }

    @Test("a failure after the maximum age makes the record dead however few its attempts")
    func deadAfterMaximumAge() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink(Array(repeating: Self.unavailable, count: 3), clock: { clock.now() })
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock, policy: OutboxRetryPolicy(maximumRecordAge: .seconds(60)))
        _ = try await outbox.submitReturningOutcome(Self.submission())
        clock.advance(by: 59)
        #expect(try await outbox.flush().kept.first?.isDead == false)
        clock.advance(by: 1)
        let result = try await outbox.flush(startingNow: true)
        let record = try #require(result.kept.first)
        #expect(record.isDead && record.attempts == 3 && record.state(at: clock.now()) == .dead)
    }

    @Test("a permanent failure is dead at once, kept, listed and never tried again; drop removes it")
    func permanentFailure() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink([.permanent("HTTP 400 (answer: \"bad rating\")")], clock: { clock.now() })
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock)
        guard case .kept(let record) = try await outbox.submitReturningOutcome(Self.submission()) else {
            Issue.record("not kept")
            return
        }
        #expect(record.isDead && record.attempts == 1 && record.lastError == "HTTP 400 (answer: \"bad rating\")")
        clock.advance(by: 86_400)
        let result = try await outbox.flush(startingNow: true, waitingUpTo: .seconds(3600))
        #expect(delivery.calls.count == 1 && result.kept == [record])
        await #expect(throws: OutboxError.unknownID("nope")) { try await outbox.drop(id: "nope") }
        try await outbox.drop(id: record.id)
        #expect(try await outbox.records().isEmpty)
    }

    @Test("a kept submission is delivered later with its id and its custom numbers exactly as written")
    func deliveredAsKept() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink([Self.unavailable], clock: { clock.now() })
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock)
        let submitted = Self.submission(minutes: "12.50")
        _ = try await outbox.submitReturningOutcome(submitted)
        let result = try await outbox.flush(waitingUpTo: .seconds(60))
        #expect(result.delivered == [submitted.id])
        #expect(delivery.calls.count == 2)
        #expect(delivery.calls[1].submission == submitted)
        #expect(delivery.calls[1].submission.custom["minutes"] == .number("12.50"))
    }

    @Test("a last line without its line break is ignored; the next append starts a new line, which stays unreadable and kept")
    func tornLastLine() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try Self.fixture("torn-last-line.jsonl")
        try text.write(toFile: folder + "/outbox.jsonl", atomically: false, encoding: .utf8)
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink([Self.unavailable], clock: { clock.now() })
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock)
        let contents = try await outbox.contents()
        #expect(contents.records.map(\.id) == ["0b6f1c2e-5d4a-4e8b-9c3f-7a1d2e3f4a5b"])
        #expect(contents.records.first?.submission.custom["minutes"] == .number("12.50"))
        #expect(contents.unreadableLines.isEmpty)

        _ = try await outbox.submitReturningOutcome(Self.submission("c3d2e1f0-a9b8-4c7d-8e6f-5a4b3c2d1e0f"))
        let after = try await outbox.contents()
        #expect(after.records.map(\.id) == ["0b6f1c2e-5d4a-4e8b-9c3f-7a1d2e3f4a5b", "c3d2e1f0-a9b8-4c7d-8e6f-5a4b3c2d1e0f"])
        #expect(after.unreadableLines == [2])

        // Delivering both keeps the cut line, byte for byte, as the only line.
        let result = try await outbox.flush(startingNow: true)
        #expect(result.delivered.count == 2 && result.unreadableLines == [1] && !result.deliveredEverything)
        let cut = String(text[text.index(after: try #require(text.firstIndex(of: "\n")))...])
        #expect(try String(contentsOfFile: folder + "/outbox.jsonl", encoding: .utf8) == cut + "\n")
    }

    @Test("lines that are not records are reported by number and never delivered or dropped")
    func unreadableLines() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.fixture("unreadable-line.jsonl").write(toFile: folder + "/outbox.jsonl", atomically: false, encoding: .utf8)
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink(clock: { clock.now() })
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock)
        let contents = try await outbox.contents()
        #expect(contents.unreadableLines == [2])
        #expect(contents.records.map(\.id) == ["0b6f1c2e-5d4a-4e8b-9c3f-7a1d2e3f4a5b", "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a"])
        #expect(contents.records.last?.submission.reason == nil)
        try await outbox.drop(id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a")
        let text = try String(contentsOfFile: folder + "/outbox.jsonl", encoding: .utf8)
        #expect(text.contains("{\"attempts\":\"two\",\"note\":\"edited by hand\"}\n"))
        #expect(try await outbox.contents().unreadableLines == [2])
    }

    @Test("removal replaces the file by a new one (rename), and a rewrite that cannot happen leaves the file as it was")
    func atomicRemoval() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/outbox.jsonl"
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink([Self.unavailable, Self.unavailable], clock: { clock.now() })
        let outbox = Self.outbox(folder, delivery: delivery, clock: clock)
        _ = try await outbox.submitReturningOutcome(Self.submission())
        _ = try await outbox.submitReturningOutcome(Self.submission("c3d2e1f0-a9b8-4c7d-8e6f-5a4b3c2d1e0f"))
        var before = stat()
        #expect(stat(path, &before) == 0)
        let bytesBefore = try Data(contentsOf: URL(fileURLWithPath: path))

        // The temporary file's name taken by a folder: the rewrite cannot write it, so the
        // delivered record stays, and the file is untouched (same inode, same bytes).
        try FileManager.default.createDirectory(atPath: path + ".tmp", withIntermediateDirectories: false)
        clock.advance(by: 10)
        let blocked = try await outbox.flush()
        // Each record: its claim could not be written (it was delivered all the same), nor its removal.
        #expect(blocked.delivered.count == 2 && blocked.problems.count == 4)
        #expect(blocked.problems.filter { $0.contains("could not be claimed") }.count == 2)
        #expect(blocked.kept.count == 2)
        var during = stat()
        #expect(stat(path, &during) == 0 && during.st_ino == before.st_ino)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytesBefore)

        // Without it, the removal writes a new file and renames it over the old one.
        try FileManager.default.removeItem(atPath: path + ".tmp")
        try await outbox.drop(id: "c3d2e1f0-a9b8-4c7d-8e6f-5a4b3c2d1e0f")
        var after = stat()
        #expect(stat(path, &after) == 0 && after.st_ino != before.st_ino)
        #expect(try await outbox.records().map(\.id) == ["0b6f1c2e-5d4a-4e8b-9c3f-7a1d2e3f4a5b"])
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
    }

    @Test("a submission that cannot be kept throws, and the delivery is never called")
    func notKeptThrows() async throws {
        let clock = FakeClock(Self.start)
        let delivery = ScriptedFeedbackSink(clock: { clock.now() })
        let outbox = Self.outbox(temporaryPath("missing-folder"), delivery: delivery, clock: clock)
        await #expect(throws: (any Error).self) { try await outbox.submit(Self.submission()) }
        #expect(delivery.calls.isEmpty)
    }
}
