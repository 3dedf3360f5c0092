import FeedbackFlowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `run` stopped by a signal (Ctrl-C is SIGINT, `kill` SIGTERM) while a program it started
/// runs: a handler program, `feedbackflow-post`. Each runs in a process group of its own,
/// which a terminal's Ctrl-C does not reach, so `run` must stop them before it exits.
@Suite(
    "run stopped by a signal leaves no program running", .serialized,
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "reads processes from /proc"))
struct RunSignalEndToEndTests {
    static let fixtures = "Tests/FeedbackFlowCLITests/Fixtures/signals"

    /// The processes of process group `group` that are not zombies (a zombie has ended;
    /// only its parent's wait is missing), from `/proc/PID/stat`.
    static func liveMembers(ofGroup group: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> Int32? in
            guard let pid = Int32(name), let stat = Self.stat(of: pid), stat.group == group, stat.state != "Z" else { return nil }
            return pid
        }
    }

    /// State, parent and process group of `pid` (the fields after the command's closing parenthesis).
    static func stat(of pid: Int32) -> (state: Character, parent: Int32, group: Int32)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 3, let state = fields[0].first, let parent = Int32(fields[1]), let group = Int32(fields[2]) else { return nil }
        return (state, parent, group)
    }

    /// Polls `condition` every 20 ms for up to `seconds`.
    static func eventually(_ seconds: Double, _ condition: () -> Bool) async -> Bool {
        let until = Date().addingTimeInterval(seconds)
        while Date() < until {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    @Test("SIGTERM or SIGINT during a handler program stops its whole process group and exits 143 or 130; ten times")
    func handlerProgram() async throws {
        let scratch = try ScratchFolder("signals")
        let root = BuiltTool.repositoryRoot.appendingPathComponent(Self.fixtures).path
        for round in 0..<10 {
            let groupFile = scratch.path("group-\(round)")
            let signal = round % 2 == 0 ? SIGTERM : SIGINT
            let tool = try RunningTool(
                ["run", "--feedback-out", scratch.path("feedback.jsonl"),
                 "--handler-timeout", "10m", "--handler", "sync=\(root)/slow-handler.sh \(groupFile)", "\(root)/slow.flow.yaml"],
                input: "1\n", folder: scratch.url, name: "run-\(round)")
            defer { tool.sendKill() }
            let started = await Self.eventually(120) { FileManager.default.fileExists(atPath: groupFile) }
            #expect(started, "round \(round): the handler did not start")
            let text = try String(contentsOfFile: groupFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            let group = try #require(Int32(text))
            #expect(Self.liveMembers(ofGroup: group).count >= 2, "the handler and its background child run")
            tool.send(signal)
            #expect(await tool.wait(), "round \(round): it exits by itself after the signal")
            #expect(tool.status == 128 + signal, "\((try? String(contentsOfFile: tool.outputPath, encoding: .utf8)) ?? "")")
            // SIGKILL went to the whole group before the exit; its members need a moment to die of it.
            let gone = await Self.eventually(2) { Self.liveMembers(ofGroup: group).isEmpty }
            #expect(gone, "round \(round): \(Self.liveMembers(ofGroup: group)) still run")
            let errors = try String(contentsOfFile: tool.errorPath, encoding: .utf8)
            #expect(errors.contains("stopped by \(signal == SIGTERM ? "SIGTERM" : "SIGINT")"), "\(errors)")
        }
    }

    @Test("a daemon a handler program starts in a session of its own (setsid) does not outlive run: run adopts it and stops it at its end")
    func daemonDoesNotOutliveRun() async throws {
        let scratch = try ScratchFolder("signals-daemon")
        let root = BuiltTool.repositoryRoot.appendingPathComponent(Self.fixtures).path
        let pidFile = scratch.path("daemon")
        let tool = try RunningTool(
            ["run", "--feedback-out", scratch.path("feedback.jsonl"),
             "--handler", "sync=\(root)/daemon-handler.sh \(pidFile)", "\(root)/slow.flow.yaml"],
            input: "1\n", folder: scratch.url, name: "run")
        defer { tool.sendKill() }
        #expect(await tool.wait(), "run exits by itself when its input ends")
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let daemon = try #require(Int32(text))
        // Stopped and reaped before run exited: no such process, not even a zombie of init's.
        let gone = await Self.eventually(2) { Self.stat(of: daemon) == nil }
        if !gone { kill(daemon, SIGKILL) }
        #expect(gone, "the daemon \(daemon) still runs: \(String(describing: Self.stat(of: daemon)))")
    }

    @Test("SIGINT while feedbackflow-post waits for a slow endpoint stops it; the submission stays kept in the outbox")
    func postProgram() async throws {
        let scratch = try ScratchFolder("signals-post")
        let server = try FeedbackServer(status: 201, delay: 60)
        defer { server.stop() }
        let outbox = scratch.path("outbox.jsonl")
        let tool = try RunningTool(
            ["run", "--feedback-url", server.url, "--outbox", outbox, "flows/call-quality-rating.flow.yaml"],
            input: "set email ada@example.com\nrate 4\n1\n", folder: scratch.url, name: "run")
        var post: (pid: Int32, group: Int32)?
        let found = await Self.eventually(20) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for name in names {
                guard let pid = Int32(name), let stat = Self.stat(of: pid), stat.parent == tool.pid, stat.state != "Z",
                    let command = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
                    command.hasPrefix("feedbackflow-po")
                else { continue }
                post = (pid, stat.group)
                return true
            }
            return false
        }
        #expect(found, "feedbackflow-post did not start")
        let group = try #require(post?.group)
        tool.send(SIGINT)
        #expect(await tool.wait())
        #expect(tool.status == 130)
        #expect(await Self.eventually(2) { Self.liveMembers(ofGroup: group).isEmpty })
        let kept = try String(contentsOfFile: outbox, encoding: .utf8).split(separator: "\n")
        #expect(kept.count == 1 && kept[0].contains("ada@example.com"), "\(kept)")
        // The stopped run's claim on it died with it: a flush delivers it at once.
        try await server.answer(status: 201)
        let flushed = try await BuiltTool.run(["outbox", "flush", "--outbox", outbox, "--feedback-url", server.url])
        #expect(flushed.status == 0 && flushed.standardOutput.hasPrefix("delivered "), "\(flushed.standardError)")
    }

    @Test("a signal the run was started with ignored (nohup) stays ignored; another one still stops it")
    func inheritedIgnore() async throws {
        let scratch = try ScratchFolder("signals-nohup")
        let root = BuiltTool.repositoryRoot.appendingPathComponent(Self.fixtures).path
        let groupFile = scratch.path("group")
        let tool = try RunningTool(
            ["-c", "trap '' HUP; exec \"$0\" \"$@\"", BuiltTool.executable.path, "run", "--feedback-out",
             scratch.path("feedback.jsonl"), "--handler-timeout", "10m", "--handler", "sync=\(root)/slow-handler.sh \(groupFile)", "\(root)/slow.flow.yaml"],
            input: "1\n", folder: scratch.url, name: "run", executable: "/bin/sh")
        #expect(await Self.eventually(120) { FileManager.default.fileExists(atPath: groupFile) })
        tool.send(SIGHUP)
        try await Task.sleep(for: .milliseconds(300))
        #expect(Self.stat(of: tool.pid).map { $0.state != "Z" } == true, "SIGHUP, ignored from the start, stopped the run")
        tool.send(SIGTERM)
        #expect(await tool.wait())
        #expect(tool.status == 143)
    }
}
