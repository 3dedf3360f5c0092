import FeedbackFlowTestSupport
import Foundation
import Testing

/// `run --feedback-url` and `outbox list|flush|drop` through the built binary, against
/// the real `feedback_server.py`: feedback that the endpoint cannot take stays kept and is
/// delivered later exactly once, also when the run is killed at any moment.
@Suite("outbox, end to end: kept when the endpoint is down, delivered once when it is back")
struct OutboxEndToEndTests {
    /// Fill the call-quality form, submit, then Done on the thank-you screen.
    static let script = RunEndToEndTests.callQualityScript

    static func run(outbox: String, url: String) async throws -> BuiltTool.Result {
        try await BuiltTool.run(
            ["run", "flows/call-quality-rating.flow.yaml", "--feedback-url", url, "--outbox", outbox], input: script)
    }

    static func flush(outbox: String, url: String, extra: [String] = []) async throws -> BuiltTool.Result {
        try await BuiltTool.run(["outbox", "flush", "--outbox", outbox, "--feedback-url", url] + extra)
    }

    /// A kept record for each of `ids`, never tried, in the record format the outbox
    /// documents: one line each.
    static func neverTried(_ ids: [String]) -> [String] {
        ids.map { id in
            "{\"attempts\":0,\"dead\":false,\"firstAttemptAt\":null,\"keptAt\":\"2026-12-01T10:00:00.000Z\",\"lastAttemptAt\":null,"
                + "\"lastError\":null,\"nextAttemptAt\":null,\"submission\":{\"custom\":{},\"flowID\":\"f\",\"id\":\"\(id)\","
                + "\"rating\":4,\"screenID\":\"s\",\"submittedAt\":\"2026-12-01T10:00:00Z\"}}\n"
        }
    }

    /// The ids of the records `outbox list --format json` shows.
    static func keptIDs(_ outbox: String) async throws -> [String] {
        let list = try await BuiltTool.run(["outbox", "list", "--outbox", outbox, "--format", "json"])
        #expect(list.status == 0, "\(list.standardError)")
        return try list.standardOutput.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["id"] as? String)
        }
    }

    @Test("with nothing listening the run keeps its submission, the screen and the end say so; once up, flush delivers it once")
    func endpointDown() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("outbox.jsonl").path
        // A port where nothing listens: a server's, after it stopped.
        let gone = try FeedbackServer()
        let downURL = gone.url
        gone.stop()

        let result = try await Self.run(outbox: outbox, url: downURL)
        #expect(result.status == 0, "the step succeeds: the submission is kept. \(result.standardError)")
        #expect(result.standardOutput.contains(
            "Feedback kept in '\(outbox)', not delivered yet: POST \(downURL): cannot connect to the host\n"))
        #expect(result.standardOutput.contains("Thank you!"))
        #expect(result.standardError.contains(
            "feedbackflow run: 1 submission kept in '\(outbox)', not delivered: POST \(downURL): cannot connect to the host; "
                + "deliver with 'feedbackflow outbox flush --outbox \(outbox) --feedback-url \(downURL)'\n"))
        let kept = try await Self.keptIDs(outbox)
        #expect(kept.count == 1)
        let id = try #require(kept.first)
        let text = try await BuiltTool.run(["outbox", "list", "--outbox", outbox])
        #expect(text.standardOutput.hasPrefix("\(id)  call-quality-rating  rating 4  1 attempt  "))

        let server = try FeedbackServer(status: 201)
        defer { server.stop() }
        let flushed = try await Self.flush(outbox: outbox, url: server.url)
        #expect(flushed.status == 0, "\(flushed.standardError)")
        #expect(flushed.standardOutput == "delivered \(id)\n")
        #expect(flushed.standardError == "feedbackflow outbox flush: 1 delivered, 0 kept in '\(outbox)'\n")
        let counts = try await server.counts()
        #expect(counts.deliveries == [id: 1] && counts.requests == [id: 1])
        #expect(counts.bodies[id]?.id == id)
        #expect(try await Self.keptIDs(outbox).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: outbox))
    }

    @Test("an endpoint answering 503 keeps the submission through run and flush (status 1); once it answers 201, flush delivers it once")
    func endpointUnavailable() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("outbox.jsonl").path
        let server = try FeedbackServer(status: 503, retryAfter: "120")
        defer { server.stop() }

        let result = try await Self.run(outbox: outbox, url: server.url)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("not delivered yet: HTTP 503 (answer: \"answered 503\")\n"))
        let id = try #require(try await Self.keptIDs(outbox).first)
        // Retry-After: 120 puts the next attempt two minutes on.
        let list = try await BuiltTool.run(["outbox", "list", "--outbox", outbox])
        #expect(list.standardOutput.contains("  1 attempt  waiting until "))

        let still = try await Self.flush(outbox: outbox, url: server.url)
        #expect(still.status == 1)
        #expect(still.standardOutput.contains("\(id)  call-quality-rating  rating 4  2 attempts  waiting until "))
        #expect(still.standardError == "feedbackflow outbox flush: 0 delivered, 1 kept in '\(outbox)'\n")

        try await server.answer(status: 201)
        let flushed = try await Self.flush(outbox: outbox, url: server.url)
        #expect(flushed.status == 0, "\(flushed.standardError)")
        let counts = try await server.counts()
        #expect(counts.requests == [id: 3] && counts.deliveries == [id: 1])
        #expect(try await Self.keptIDs(outbox).isEmpty)
    }

    @Test("a refusal (400) is dead at once: the screen says it will not be retried, flush leaves it, drop removes it")
    func refused() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("outbox.jsonl").path
        let server = try FeedbackServer(status: 400)
        defer { server.stop() }
        let result = try await Self.run(outbox: outbox, url: server.url)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(
            "Feedback kept in '\(outbox)', refused: HTTP 400 (answer: \"answered 400\"); it will not be retried "
                + "(see 'feedbackflow outbox list')\n"))
        // The end does not advise a flush, which skips dead submissions: it says how to revive it.
        #expect(!result.standardError.contains("deliver with"), "\(result.standardError)")
        #expect(result.standardError.contains(
            "feedbackflow run: 1 submission kept in '\(outbox)', refused: HTTP 400 (answer: \"answered 400\"); it will not be "
                + "retried: once the receiver takes it, revive with 'feedbackflow outbox retry --all-dead --outbox \(outbox)', then flush\n"),
            "\(result.standardError)")
        let id = try #require(try await Self.keptIDs(outbox).first)
        let flushed = try await Self.flush(outbox: outbox, url: server.url)
        #expect(flushed.status == 1)
        #expect(flushed.standardOutput.contains("  1 attempt  dead  HTTP 400"))
        #expect(flushed.standardError.contains("'feedbackflow outbox retry ID|--all-dead' revives"))
        #expect(try await server.counts().requests == [id: 1], "a dead record is not tried again")

        let unknown = try await BuiltTool.run(["outbox", "drop", "no-such-id", "--outbox", outbox])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("feedbackflow outbox: error: no submission with id 'no-such-id' in '\(outbox)'\n"))
        let dropped = try await BuiltTool.run(["outbox", "drop", id, "--outbox", outbox])
        #expect(dropped.status == 0 && dropped.standardOutput == "dropped \(id)\n")
        #expect(try await Self.keptIDs(outbox).isEmpty)
    }

    @Test("scripts/install installs feedbackflow-post beside feedbackflow; the installed pair delivers, a dead submission revived by retry is delivered once; without feedbackflow-post, no attempt is spent")
    func installedDelivery() async throws {
        let scratch = try ScratchFolder("install")
        // A stand-in `swift` first on PATH: 'build' is done already (scripts/test built both
        // products), '--show-bin-path' names that build. What the script installs is its own.
        let bin = BuiltTool.executable.deletingLastPathComponent().path
        let fake = scratch.path("fake-bin")
        try FileManager.default.createDirectory(atPath: fake, withIntermediateDirectories: true)
        try """
            #!/bin/sh
            for word in "$@"; do [ "$word" = --show-bin-path ] && { echo '\(bin)'; exit 0; }; done
            exit 0

            """.write(toFile: fake + "/swift", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake + "/swift")
        let prefix = scratch.path("prefix")
        let install = try await BuiltTool.runProgram(
            BuiltTool.repositoryRoot.appendingPathComponent("scripts/install").path, [],
            environment: ["PREFIX": prefix, "PATH": fake + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        #expect(install.status == 0, "\(install.standardError)")
        let installed = try FileManager.default.contentsOfDirectory(atPath: prefix + "/bin").sorted()
        #expect(installed == ["feedbackflow", "feedbackflow-post"])

        let tool = prefix + "/bin/feedbackflow"
        let outbox = scratch.path("outbox.jsonl")
        let server = try FeedbackServer(status: 201)
        defer { server.stop() }
        let flow = BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.flow.yaml").path
        let delivered = try await BuiltTool.runProgram(
            tool, ["run", flow, "--feedback-url", server.url, "--outbox", outbox], input: Self.script)
        #expect(delivered.status == 0, "\(delivered.standardError)")
        let first = try await server.counts()
        #expect(first.deliveries.count == 1 && first.deliveries.values.allSatisfy { $0 == 1 })

        // Refused for good, then revived once the receiver takes it: delivered exactly once.
        try await server.answer(status: 400)
        let refused = try await BuiltTool.runProgram(
            tool, ["run", flow, "--feedback-url", server.url, "--outbox", outbox], input: Self.script)
        #expect(refused.standardError.contains("outbox retry --all-dead"))
        let dead = try #require(try await Self.keptIDs(outbox).first)
        try await server.answer(status: 201)
        let retried = try await BuiltTool.runProgram(tool, ["outbox", "retry", "--all-dead", "--outbox", outbox])
        #expect(retried.status == 0 && retried.standardOutput == "revived \(dead)\n", "\(retried.standardError)")
        let flushed = try await BuiltTool.runProgram(tool, ["outbox", "flush", "--outbox", outbox, "--feedback-url", server.url])
        #expect(flushed.status == 0 && flushed.standardOutput == "delivered \(dead)\n", "\(flushed.standardError)")
        let again = try await BuiltTool.runProgram(tool, ["outbox", "flush", "--outbox", outbox, "--feedback-url", server.url])
        #expect(again.status == 0 && again.standardOutput.isEmpty)
        let counts = try await server.counts()
        #expect(counts.deliveries[dead] == 1)
        #expect(counts.requests[dead] == 2, "the refused POST and the one after the retry")

        // Without feedbackflow-post: run refuses --feedback-url before the flow starts, and
        // flush refuses too, spending no attempt of the submission kept meanwhile.
        try FileManager.default.removeItem(atPath: prefix + "/bin/feedbackflow-post")
        let refusedRun = try await BuiltTool.runProgram(
            tool, ["run", flow, "--feedback-url", server.url, "--outbox", outbox], input: Self.script)
        #expect(refusedRun.status == 2, "\(refusedRun.standardError)")
        #expect(refusedRun.standardError.contains("cannot deliver over HTTP: '\(prefix)/bin/feedbackflow-post' is missing or not executable"))
        #expect(refusedRun.standardOutput.isEmpty)
        let keptByFile = try await BuiltTool.runProgram(
            tool, ["run", flow, "--feedback-out", "/dev/full", "--outbox", outbox], input: Self.script)
        #expect(keptByFile.status == 0)
        let refusedFlush = try await BuiltTool.runProgram(tool, ["outbox", "flush", "--outbox", outbox, "--feedback-url", server.url])
        #expect(refusedFlush.status == 2 && refusedFlush.standardError.contains("is missing or not executable"))
        let list = try await BuiltTool.runProgram(tool, ["outbox", "list", "--outbox", outbox])
        #expect(list.standardOutput.contains("  1 attempt  "), "the /dev/full attempt only: \(list.standardOutput)")
    }

    @Test("three concurrent flushes share the work: each kept submission is POSTed once in all, and delivered once")
    func concurrentFlushes() async throws {
        let scratch = try ScratchFolder("concurrent-flush")
        let outbox = scratch.path("outbox.jsonl")
        // 30 kept submissions, never tried, in the record format the outbox documents.
        let ids = (0..<30).map { String(format: "00000000-0000-4000-8000-%012d", $0) }
        let lines = Self.neverTried(ids)
        try lines.joined().write(toFile: outbox, atomically: true, encoding: .utf8)
        let server = try FeedbackServer(status: 201, delay: 0.05)
        defer { server.stop() }
        let url = server.url
        try await withThrowingTaskGroup(of: BuiltTool.Result.self) { group in
            for _ in 0..<3 { group.addTask { try await Self.flush(outbox: outbox, url: url) } }
            for try await result in group { #expect(result.status <= 1, "\(result.standardError)") }
        }
        let counts = try await server.counts()
        #expect(counts.requests.values.reduce(0, +) == ids.count, "\(counts.requests.values.filter { $0 > 1 }.count) ids were sent more than once")
        #expect(Set(counts.deliveries.keys) == Set(ids) && counts.deliveries.values.allSatisfy { $0 == 1 })
        #expect(!FileManager.default.fileExists(atPath: outbox))

        // When every attempt fails, every POST is counted on its record: an attempt made by
        // one flush is never overwritten by another's older copy of the record.
        try lines.joined().write(toFile: outbox, atomically: true, encoding: .utf8)
        let failing = try FeedbackServer(status: 503, retryAfter: "120", delay: 0.05)
        defer { failing.stop() }
        let failingURL = failing.url
        try await withThrowingTaskGroup(of: BuiltTool.Result.self) { group in
            for _ in 0..<3 { group.addTask { try await Self.flush(outbox: outbox, url: failingURL) } }
            for try await result in group { #expect(result.status == 1, "\(result.standardError)") }
        }
        let requests = try await failing.counts().requests
        let list = try await BuiltTool.run(["outbox", "list", "--outbox", outbox, "--format", "json"])
        var attempts: [String: Int] = [:]
        for line in list.standardOutput.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            attempts[try #require(object["id"] as? String)] = object["attempts"] as? Int
        }
        #expect(attempts.count == ids.count)
        #expect(attempts == requests, "attempts recorded vs POSTs received")
    }

    @Test("two flushes with --wait both end 0 with the outbox empty: each waits for what the other is delivering and counts it apart")
    func concurrentFlushesWait() async throws {
        let scratch = try ScratchFolder("concurrent-wait")
        let outbox = scratch.path("outbox.jsonl")
        let ids = (0..<16).map { String(format: "00000000-0000-4000-8000-%012d", $0) }
        let lines = Self.neverTried(ids)
        try lines.joined().write(toFile: outbox, atomically: true, encoding: .utf8)
        let server = try FeedbackServer(status: 201, delay: 0.2)
        defer { server.stop() }
        let url = server.url
        var results: [BuiltTool.Result] = []
        try await withThrowingTaskGroup(of: BuiltTool.Result.self) { group in
            for _ in 0..<2 { group.addTask { try await Self.flush(outbox: outbox, url: url, extra: ["--wait", "1m"]) } }
            for try await result in group { results.append(result) }
        }
        var deliveredByAll: [String] = []
        for result in results {
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardError.contains(", 0 kept in"), "\(result.standardError)")
            let delivered = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("delivered ") && !$0.hasPrefix("delivered elsewhere ") }
            let elsewhere = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("delivered elsewhere ") }
            deliveredByAll += delivered.map { String($0.dropFirst("delivered ".count)) }
            // What this flush saw kept and did not deliver, it says another process did.
            if !elsewhere.isEmpty {
                #expect(result.standardError.contains("(and \(elsewhere.count) by another process meanwhile)"), "\(result.standardError)")
            }
        }
        #expect(deliveredByAll.sorted() == ids)
        #expect(!FileManager.default.fileExists(atPath: outbox))
        let counts = try await server.counts()
        #expect(counts.deliveries.values.allSatisfy { $0 == 1 } && counts.deliveries.count == ids.count)
    }

    @Test("retry revives only what is dead: an unknown id is a usage error, a live one gets a note")
    func retryArguments() async throws {
        let scratch = try ScratchFolder("retry")
        let outbox = scratch.path("outbox.jsonl")
        let kept = try await BuiltTool.run(
            ["run", "flows/call-quality-rating.flow.yaml", "--feedback-out", "/dev/full", "--outbox", outbox], input: Self.script)
        #expect(kept.status == 0)
        let id = try #require(try await Self.keptIDs(outbox).first)
        let live = try await BuiltTool.run(["outbox", "retry", id, "--outbox", outbox])
        #expect(live.status == 0 && live.standardOutput.isEmpty)
        #expect(live.standardError.contains("note: '\(id)' is not dead"))
        let unknown = try await BuiltTool.run(["outbox", "retry", "nope", "--outbox", outbox])
        #expect(unknown.status == 2 && unknown.standardError.contains("no submission with id 'nope'"))
        let neither = try await BuiltTool.run(["outbox", "retry", "--outbox", outbox])
        #expect(neither.status == 2 && neither.standardError.contains("missing argument <id> of 'outbox retry'"))
        let both = try await BuiltTool.run(["outbox", "retry", id, "--all-dead", "--outbox", outbox])
        #expect(both.status == 2)
        let misplaced = try await BuiltTool.run(["outbox", "list", "--all-dead", "--outbox", outbox])
        #expect(misplaced.status == 2 && misplaced.standardError.contains("--all-dead is an option of 'outbox retry'"))
    }

    @Test("the command line refuses what it cannot do: flush without a delivery, two deliveries, an unknown action, a bad URL")
    func usageErrors() async throws {
        let flush = try await BuiltTool.run(["outbox", "flush", "--outbox", "x.jsonl"])
        #expect(flush.status == 2 && flush.standardError.contains("'outbox flush' needs to know where to deliver"))
        let both = try await BuiltTool.run(
            ["outbox", "flush", "--feedback-url", "http://127.0.0.1:9/", "--feedback-out", "f.jsonl"])
        #expect(both.status == 2 && both.standardError.contains("--feedback-url and --feedback-out both say where feedback goes"))
        let action = try await BuiltTool.run(["outbox", "flsh"])
        #expect(action.status == 2 && action.standardError.contains("unknown outbox action 'flsh'"))
        #expect(action.standardError.contains("did you mean 'flush'?"))
        let url = try await BuiltTool.run(["run", "flows/simple-success.flow.yaml", "--feedback-url", "ftp://example.com/"], input: "quit\n")
        #expect(url.status == 2 && url.standardError.contains("invalid --feedback-url 'ftp://example.com/'"))
        let drop = try await BuiltTool.run(["outbox", "drop"])
        #expect(drop.status == 2 && drop.standardError.contains("missing argument <id> of 'outbox drop'"))
    }

    /// The kill -9 test: `run` is killed with SIGKILL at a seeded random moment — early
    /// (while it starts or keeps the submission) or while the slow server holds its
    /// request — then `outbox flush` runs. Every submission the run acknowledged (its
    /// record in the outbox, or its request at the server) is delivered exactly once:
    /// one delivered id per run, never a second one for the same feedback, and the outbox
    /// is empty after the flush.
    @Test("kill -9 at a random moment of a run's delivery, then flush: every acknowledged submission delivered exactly once")
    func killNine() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try FeedbackServer(status: 201, delay: 0.3)
        defer { server.stop() }
        let seed: UInt64 = 0x5EED_0B0C
        var random = SplitMix64(state: seed)
        var keptAtKill = 0
        var killedDuringDelivery = 0
        var resent = 0
        var seenBefore: Set<String> = []
        for iteration in 0..<24 {
            let outbox = folder.appendingPathComponent("outbox-\(iteration).jsonl").path
            let running = try RunningTool(
                ["run", "flows/call-quality-rating.flow.yaml", "--feedback-url", server.url, "--outbox", outbox],
                input: Self.script, folder: folder, name: "run-\(iteration)")
            if random.next() % 4 == 0 {
                // Early: within the first 150 ms, while it starts, draws, or keeps.
                try await Task.sleep(for: .milliseconds(Int(random.next() % 150)))
            } else {
                // During delivery: once the server holds the request, within its 300 ms
                // delay (or just after it answered, while the record is removed).
                let deadline = ContinuousClock.now + .seconds(10)
                while ContinuousClock.now < deadline, Set(try await server.counts().requests.keys).subtracting(seenBefore).isEmpty {
                    try await Task.sleep(for: .milliseconds(10))
                }
                try await Task.sleep(for: .milliseconds(Int(random.next() % 350)))
            }
            running.sendKill()
            let exitedByItself = await running.wait()

            let kept = try await Self.keptIDs(outbox)
            let requested = Set(try await server.counts().requests.keys).subtracting(seenBefore)
            keptAtKill += kept.count
            if !exitedByItself, !requested.isEmpty, !kept.isEmpty { killedDuringDelivery += 1 }
            #expect(kept.count <= 1 && requested.count <= 1, "seed \(seed), run \(iteration): one submission per run")
            let acknowledged = Set(kept).union(requested)

            let flushed = try await Self.flush(outbox: outbox, url: server.url)
            #expect(flushed.status == 0, "seed \(seed), run \(iteration): \(flushed.standardError)")
            #expect(try await Self.keptIDs(outbox).isEmpty, "seed \(seed), run \(iteration): the outbox is empty")

            let counts = try await server.counts()
            let delivered = Set(counts.deliveries.keys).subtracting(seenBefore)
            #expect(delivered == acknowledged, "seed \(seed), run \(iteration): delivered \(delivered), acknowledged \(acknowledged)")
            for id in acknowledged {
                #expect(counts.deliveries[id] == 1, "seed \(seed), run \(iteration): \(id) delivered once")
                #expect(counts.bodies[id]?.id == id)
            }
            resent += acknowledged.filter { (counts.requests[$0] ?? 0) > 1 }.count
            seenBefore = Set(counts.requests.keys)
        }
        // The moments drawn cover what the test is about.
        #expect(killedDuringDelivery > 0, "seed \(seed): no run was killed while its request was held")
        #expect(keptAtKill > 0)
        // Some were sent again by the flush after the server had taken them: the same key,
        // so still one delivery each.
        #expect(resent > 0, "seed \(seed): no submission was sent twice with its key")
        #expect(try await server.counts().missingKey == 0)
    }
}
