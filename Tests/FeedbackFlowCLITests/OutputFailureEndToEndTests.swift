import FeedbackFlowTestSupport
import Foundation
import Testing

/// What the tool does when it cannot write: standard output closed or full, a transcript
/// or feedback file that fails during `run`. Run through the built binary with
/// `/dev/full` (every write fails with ENOSPC) and a pipe whose reader exits.
@Suite("Output errors, end to end")
struct OutputFailureEndToEndTests {
    /// Whether `/dev/full` is still the character device it should be (a tool that
    /// replaced it with a regular file would break every later test using it).
    static func devFullIsDevice() throws -> Bool {
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        return type == .typeCharacterSpecial
    }

    @Test("schema and validate exit 3 with one line on standard error when standard output cannot be written",
          arguments: [
            ["schema"],
            ["validate", "--format", "sarif", "flows/simple-success.flow.yaml"],
            ["validate", "flows/simple-success.flow.yaml"],
            ["--version"],
          ])
    func fullStandardOutput(_ arguments: [String]) async throws {
        try #require(try Self.devFullIsDevice(), "/dev/full must be a character device")
        let result = try await BuiltTool.run(arguments, standardOutput: "/dev/full")
        #expect(result.status == 3)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line: \(result.standardError)")
        #expect(result.standardError.contains("cannot write to standard output: No space left on device"))
    }

    @Test("fmt - into a full standard output counts nothing as reformatted, then says why, exit 3")
    func formatIntoFullStandardOutput() async throws {
        try #require(try Self.devFullIsDevice(), "/dev/full must be a character device")
        let input = try String(contentsOf: FormatTests.fixture("quoting.flow.yaml"), encoding: .utf8)
        let result = try await BuiltTool.run(["fmt", "-"], input: input, standardOutput: "/dev/full")
        #expect(result.status == 3)
        #expect(result.standardError == """
            0 of 1 file reformatted
            feedbackflow fmt: error: cannot write to standard output: No space left on device

            """)
    }

    @Test("a closed standard output (>&-) is reported as closed, exit 3, not as the error of a reused descriptor")
    func closedStandardOutput() async throws {
        let result = try await BuiltTool.runProgram(
            "/bin/bash", ["-c", "\"$0\" validate flows/simple-success.flow.yaml >&-; echo \"status $?\" >&2",
                          BuiltTool.executable.path])
        #expect(result.standardError == "feedbackflow: error: standard output is closed\nstatus 3\n")
    }

    @Test("run stops at once when the reader of its output goes away, and exits 3")
    func closedPipe() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let status = folder.appendingPathComponent("status")
        let errors = folder.appendingPathComponent("stderr")
        // 200000 `show` lines: without the fix the run draws every screen into the
        // closed pipe and ends inputEnded with status 0; with it, it stops at the first
        // failed write after `head -1` exits.
        let script = """
            yes show | head -n 200000 | ( "$0" run --feedback-out "$1/f.jsonl" flows/call-quality-rating.flow.yaml 2>"$2"; echo $? >"$3" ) | head -n 1 >/dev/null
            """
        _ = try await BuiltTool.runProgram(
            "/bin/bash", ["-c", script, BuiltTool.executable.path, folder.path, errors.path, status.path])
        let code = try String(contentsOf: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code == "3")
        let message = try String(contentsOf: errors, encoding: .utf8)
        #expect(message == "feedbackflow run: error: cannot write to standard output: Broken pipe\n")
    }

    @Test("--transcript /dev/full: the run goes on, then one error line and exit 3; /dev/full stays a device")
    func transcriptFull() async throws {
        try #require(try Self.devFullIsDevice(), "/dev/full must be a character device")
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await BuiltTool.run(
            ["run", "--transcript", "/dev/full", "--feedback-out", folder.appendingPathComponent("f.jsonl").path,
             "flows/simple-success.flow.yaml"],
            input: "1\n")
        #expect(result.status == 3)
        #expect(result.standardOutput.hasSuffix("Flow ended: dismissed\n"))
        #expect(result.standardError
            == "feedbackflow run: error: the transcript '/dev/full' is incomplete: cannot write to '/dev/full': No space left on device\n")
        #expect(try Self.devFullIsDevice(), "the transcript must be emptied in place, not replaced")
    }

    @Test("--transcript through a symbolic link writes the link's target and keeps the link")
    func transcriptSymlink() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.jsonl")
        let link = folder.appendingPathComponent("link.jsonl")
        try Data("old line\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let result = try await BuiltTool.run(
            ["run", "--transcript", link.path, "--feedback-out", folder.appendingPathComponent("f.jsonl").path,
             "flows/simple-success.flow.yaml"],
            input: "1\n")
        #expect(result.status == 0, "\(result.standardError)")
        let type = try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType
        #expect(type == .typeSymbolicLink)
        let text = try String(contentsOf: target, encoding: .utf8)
        #expect(!text.contains("old line"))
        #expect(text.contains("\"type\":\"flowEnded\""))
    }

    @Test("--feedback-out /dev/full: the submission stays kept in the outbox, the screen and the end say so, exit 0")
    func feedbackFull() async throws {
        try #require(try Self.devFullIsDevice(), "/dev/full must be a character device")
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("outbox.jsonl").path
        let result = try await BuiltTool.run(
            ["run", "--feedback-out", "/dev/full", "--outbox", outbox, "flows/call-quality-rating.flow.yaml"],
            input: "set email ada@example.com\n1\n1\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(
            "Feedback kept in '\(outbox)', not delivered yet: cannot write to '/dev/full': No space left on device\n"))
        #expect(result.standardOutput.contains("Thank you!"))
        #expect(result.standardError
            == "feedbackflow run: 1 submission kept in '\(outbox)', not delivered: cannot write to '/dev/full': "
                + "No space left on device; deliver with 'feedbackflow outbox flush --outbox \(outbox) --feedback-out /dev/full'\n")
        #expect(try Self.devFullIsDevice())
    }

    @Test("no room for the outbox file (a file size limit of 0): the submission fails its step, and no empty outbox file is left behind")
    func outboxCannotBeWritten() async throws {
        let scratch = try ScratchFolder("outbox-full")
        let outbox = scratch.path("feedback-outbox.jsonl")
        let feedback = scratch.path("feedback.jsonl")
        // Every write to a regular file fails (EFBIG, SIGXFSZ ignored), as on a full disk;
        // standard output and error go through a pipe, which the limit does not touch.
        let command = "(trap '' XFSZ; ulimit -f 0; exec '\(BuiltTool.executable.path)' run --feedback-out '\(feedback)' "
            + "--outbox '\(outbox)' flows/call-quality-rating.flow.yaml) 2>&1 | cat"
        let result = try await BuiltTool.runProgram("/bin/sh", ["-c", command], input: "set email ada@example.com\n1\nquit\n")
        #expect(result.standardOutput.contains("1 feedback submission was not saved"), "\(result.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: outbox), "an empty outbox file was left behind")
        #expect(!FileManager.default.fileExists(atPath: feedback))
    }
}
