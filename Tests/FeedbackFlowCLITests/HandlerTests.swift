import FeedbackFlowPrograms
import FeedbackFlowTestSupport
import FlowWorkspace
import Foundation
import Testing
import FlowTerminal
import FlowReporting
@testable import FeedbackFlowCLI

/// Declared handlers checked by `validate`, and handlers as programs in `run`.
@Suite("Handlers: declared, checked, and run as programs")
struct HandlerTests {
    static func fixture(_ name: String) -> String { InProcessToolTests.path("Tests/FeedbackFlowCLITests/Fixtures/handlers/\(name)") }

    @Test("validate reports each misuse of a declared handler at its line and column")
    func misuse() async {
        let file = Self.fixture("misuse.yaml")
        let run = await InProcessToolTests.run(["validate", "--format", "json", file])
        #expect(run.status == .findings)
        let object = try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let diagnostics = (object?["diagnostics"] as? [[String: Any]]) ?? []
        let found = diagnostics.map { "\($0["line"] ?? 0):\($0["column"] ?? 0) \($0["code"] ?? "") \($0["message"] ?? "")" }
        // Positions counted on the fixture: line 6 `  trackEvent: {}`; line 18 `- reconect:`
        // at column 13; line 19's mapping at 24; `"3s"` at 20:34; `why` at 21:46; the
        // `"${stars}"` of `reason` at 22:45.
        #expect(found == [
            "6:3 unused-handler handler 'trackEvent' is declared but no step uses it",
            "18:13 undeclared-handler handler 'reconect' is not declared",
            "19:24 missing-argument handler 'reconnect' needs timeout (integer)",
            "20:34 type-mismatch argument 'timeout' of handler 'reconnect' is integer, found string",
            "21:46 unexpected-argument handler 'reconnect' has no argument 'why'",
            "22:45 type-mismatch argument 'reason' of handler 'reconnect' is string?, found integer",
        ])
        #expect(diagnostics.dropFirst().first?["hint"] as? String == "did you mean 'reconnect'? (with 'validate --handler NAME')")
    }

    @Test("a manifest declares handlers for flows that do not: validate --handlers FILE")
    func manifest() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("handlers.json").path
        try Data(#"{"reconnect": {"arguments": {"timeout": "integer"}}}"#.utf8).write(to: URL(fileURLWithPath: manifest))
        let flow = folder.appendingPathComponent("flow.yaml").path
        try Data("""
            version: 1
            style: error
            title: Offline
            primaryAction: {retryButton: {title: Retry, action: [{reconnect: {timeout: soon}}, syncProfile]}}

            """.utf8).write(to: URL(fileURLWithPath: flow))
        let run = await InProcessToolTests.run(["validate", "--handlers", manifest, flow])
        #expect(run.status == .findings)
        // `soon` at 4:76 and `syncProfile` at 4:84 of the flow's fourth line.
        #expect(run.output.contains("\(flow):4:76: error: argument 'timeout' of handler 'reconnect' is integer, found string [type-mismatch]"))
        #expect(run.output.contains("\(flow):4:84: error: handler 'syncProfile' is not declared [undeclared-handler]"))
        // Without the manifest the flow declares nothing, so nothing is checked.
        #expect(await InProcessToolTests.run(["validate", flow]).status == .clean)
    }

    @Test("a program that fails twice then succeeds: three loading titles, the success screen, three results in the transcript")
    func flakyProgram() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = folder.appendingPathComponent("count").path
        let transcript = folder.appendingPathComponent("transcript.jsonl").path
        let run = await InProcessToolTests.run(
            [
                "run", Self.fixture("reconnect.yaml"), "--handler", "reconnect=sh '\(Self.fixture("flaky.sh"))' '\(count)'",
                "--transcript", transcript, "--feedback-out", folder.appendingPathComponent("fb.jsonl").path,
            ], input: ["1", "1", "1", "1"])
        #expect(run.status == .clean)
        #expect(run.output.components(separatedBy: "… Reconnecting…").count - 1 == 3)
        #expect(run.output.contains("error: reconnect: attempt 1: the call server did not answer"))
        #expect(run.output.contains("error: reconnect: attempt 2: the call server did not answer"))
        #expect(run.output.contains("Connected: true"))
        #expect(run.output.contains("Flow ended: done"))
        let events = try String(contentsOfFile: transcript, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let results = events.filter { $0["type"] as? String == "handlerResult" }
        #expect(results.count == 3)
        #expect(results.map { $0["result"] as? String } == ["failure", "failure", "success"])
        #expect(results.first?["message"] as? String == "reconnect: attempt 1: the call server did not answer")
    }

    @Test("a program that exits while a background child holds its output open is decided by its exit status, at once; the child is stopped")
    func backgroundChildHoldsOutput() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for status in [0, 3] {
            let child = folder.appendingPathComponent("child-\(status)").path
            let run = await InProcessToolTests.run(
                [
                    "run", Self.fixture("work.yaml"), "--handler-timeout", "5s",
                    "--handler", "work=sh '\(Self.fixture("background-child.sh"))' '\(child)' \(status)",
                    "--feedback-out", folder.appendingPathComponent("fb.jsonl").path,
                ], input: ["1", "quit"])
            #expect(run.status == .clean)
            #expect(!run.output.contains("did not finish"), "\(run.output)")
            if status == 0 {
                #expect(run.output.contains("Flow ended: done"), "\(run.output)")
            } else {
                #expect(run.output.contains("error: work: exiting with 3"), "\(run.output)")
            }
            let pid = try #require(Int32(try String(contentsOfFile: child, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            // SIGKILL was sent before the step ended; the child needs a moment to die of it.
            let ended = await RunSignalEndToEndTests.eventually(2) { RunSignalEndToEndTests.stat(of: pid).map { $0.state == "Z" } ?? true }
            #expect(ended, "status \(status): the background child \(pid) still runs")
        }
    }

    @Test("a handler program gets a variable of the caller only when --handler-env or the configuration's handlerEnvironment names it; an unset or invalid name is a usage error")
    func passedEnvironment() async throws {
        let scratch = try ScratchFolder("handler-env")
        let token = scratch.path("token")
        let handler = "work=sh '\(Self.fixture("print-token.sh"))' '\(token)'"
        let base = ["run", Self.fixture("work.yaml"), "--handler", handler, "--feedback-out", scratch.path("fb.jsonl")]
        func run(_ extra: [String], environment: [String: String], in folder: String? = nil) async throws -> BuiltTool.Result {
            try? FileManager.default.removeItem(atPath: token)
            let words = ([BuiltTool.executable.path] + base + extra).map { "'\($0)'" }.joined(separator: " ")
            return try await BuiltTool.runProgram(
                "/bin/sh", ["-c", "cd '\(folder ?? scratch.url.path)' && exec \(words)"], input: "1\n", environment: environment)
        }
        let withheld = try await run([], environment: ["API_TOKEN": "s3cret"])
        #expect(withheld.status == 0, "\(withheld.standardError)")
        #expect(try String(contentsOfFile: token, encoding: .utf8) == "", "not passed unless named")
        let passed = try await run(["--handler-env", "API_TOKEN"], environment: ["API_TOKEN": "s3cret"])
        #expect(passed.status == 0, "\(passed.standardError)")
        #expect(try String(contentsOfFile: token, encoding: .utf8) == "s3cret")

        let project = scratch.path("project")
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try "handlerEnvironment: [API_TOKEN]\n".write(toFile: project + "/.feedbackflow.yaml", atomically: true, encoding: .utf8)
        let configured = try await run([], environment: ["API_TOKEN": "from-config"], in: project)
        #expect(configured.status == 0, "\(configured.standardError)")
        #expect(try String(contentsOfFile: token, encoding: .utf8) == "from-config")

        let unset = try await run(["--handler-env", "API_TOKEN"], environment: [:])
        #expect(unset.status == 2 && unset.standardError.contains("--handler-env API_TOKEN: the variable is not set"))
        #expect(!FileManager.default.fileExists(atPath: token))
        let invalid = try await run(["--handler-env", "API-TOKEN"], environment: [:])
        #expect(invalid.status == 2 && invalid.standardError.contains("'API-TOKEN' is not an environment variable name"))
    }

    @Test("a program that cannot be started is a usage error before the flow starts")
    func missingProgram() async {
        let run = await InProcessToolTests.run(
            ["run", Self.fixture("reconnect.yaml"), "--handler", "reconnect=no-such-program-here --now"], input: ["1"])
        #expect(run.status == .usageError)
        #expect(run.errors.contains("--handler reconnect: cannot start 'no-such-program-here': not found in PATH"))
        #expect(run.output.isEmpty)
    }

    @Test("the command is split like shell words, and nothing is expanded")
    func words() throws {
        #expect(try CommandWords.split(#"sh -c 'echo $HOME' "a \"b\" c" d\ e *"#, option: "--handler x") == [
            "sh", "-c", "echo $HOME", #"a "b" c"#, "d e", "*",
        ])
        #expect(throws: UsageError.self) { try CommandWords.split("sh 'open", option: "--handler x") }
    }

    @Test("a program handler's time limit is a Duration; a limit that is not positive is the default, 30 s")
    func timeLimit() {
        #expect(ProgramHandler(arguments: ["true"]).timeLimit == .seconds(30))
        #expect(ProgramHandler(arguments: ["true"], timeLimit: .milliseconds(1500)).timeLimit == .milliseconds(1500))
        #expect(ProgramHandler(arguments: ["true"], timeLimit: .zero).timeLimit == ProgramHandler.defaultTimeLimit)
        var handler = ProgramHandler(arguments: ["true"])
        handler.timeLimit = .seconds(5)
        #expect(handler.timeLimit == .seconds(5))
    }

    @Test("the seconds spellings of the last release read and write the same time limit")
    @available(*, deprecated)
    func timeoutSeconds() {
        var handler = ProgramHandler(arguments: ["true"], timeout: 2.5)
        #expect(handler.timeout == 2.5 && handler.timeLimit == .milliseconds(2500))
        handler.timeout = 7
        #expect(handler.timeLimit == .seconds(7))
        #expect(ProgramHandler(arguments: ["true"], timeout: .infinity).timeLimit == .seconds(30))
        #expect(ProgramHandler(arguments: ["true"], timeout: -1).timeout == 30)
        #expect(ProgramHandler.defaultTimeout == 30)
    }
}
