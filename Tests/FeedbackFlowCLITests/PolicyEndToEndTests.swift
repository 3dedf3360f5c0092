import FeedbackFlowTestSupport
import FlowWorkspace
import Foundation
import Testing
@testable import FeedbackFlowCLI
import FeedbackFlow
import FlowCompile

/// Policy through the built binary: the configuration file (rule levels per path,
/// ignores, context names, a handler manifest), `--print-config`, and inline
/// suppressions.
@Suite("validate policy: configuration and suppressions, end to end")
struct PolicyEndToEndTests {
    static let fixtures = "Tests/FeedbackFlowCLITests/Fixtures"


    /// A project: a configuration, a flow with an unreachable screen, a legacy flow with
    /// a misspelled step, a draft with an error, and a flow naming a host value.
    static func project(_ configuration: String) throws -> ScratchFolder {
        let scratch = try ScratchFolder("policy")
        let manager = FileManager.default
        for folder in ["flows/legacy", "flows/drafts", "sub"] {
            try manager.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
        }
        try configuration.write(toFile: scratch.path(".feedbackflow.yaml"), atomically: true, encoding: .utf8)
        let root = BuiltTool.repositoryRoot
        try manager.copyItem(atPath: root.appendingPathComponent(fixtures + "/ci/many-warnings.yaml").path, toPath: scratch.path("flows/orphans.yaml"))
        try "version: 1\nstyle: success\ntitle: Old\nprimaryAction: {button: {title: Close, action: dismis}}\n"
            .write(toFile: scratch.path("flows/legacy/old.yaml"), atomically: true, encoding: .utf8)
        try "version: 1\nstyle: success\ntitel: Draft\n".write(toFile: scratch.path("flows/drafts/wip.yaml"), atomically: true, encoding: .utf8)
        try "version: 1\nstyle: success\ntitle: \"Hi ${user.name}\"\nprimaryAction: {button: {title: Close, action: dismiss}}\n"
            .write(toFile: scratch.path("flows/hello.yaml"), atomically: true, encoding: .utf8)
        return scratch
    }

    static let configuration = """
        # the project's policy
        rules:
          unreachable-screen: error
        overrides:
          - files: ["flows/legacy/**"]
            rules: {unknown-step: off}
        ignore: ["drafts/"]
        context: [user.name]

        """

    @Test("rule levels, per-path overrides, ignores and context names apply; found from a subfolder too")
    func configurationApplies() async throws {
        let scratch = try Self.project(Self.configuration)
        let result = try await BuiltTool.run(["validate", "--format", "json", "flows"], in: scratch.url.path)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        // 11 unreachable screens, now errors; the legacy typo is off; the draft is not
        // searched; ${user.name} is declared.
        #expect(diagnostics.count == 11)
        #expect(diagnostics.allSatisfy { $0["code"] as? String == "unreachable-screen" && $0["severity"] as? String == "error" })
        #expect((object["summary"] as? [String: Int])?["files"] == 3)
        // From a subfolder, the file above is found; a file named outright is checked even if ignored.
        let named = try await BuiltTool.run(["validate", "../flows/drafts/wip.yaml"], in: scratch.path("sub"))
        #expect(named.status == 1)
        #expect(named.standardOutput.contains("unknown key 'titel'"))
        // Without the file, the defaults: warnings, the legacy typo reported, the draft searched.
        try FileManager.default.removeItem(atPath: scratch.path(".feedbackflow.yaml"))
        let plain = try await BuiltTool.run(["validate", "flows"], in: scratch.url.path)
        #expect(plain.standardOutput.contains("unknown step 'dismis'"))
        #expect(plain.standardOutput.contains("unknown key 'titel'"))
        #expect(plain.standardOutput.contains("warning: screen 'orphan01' is unreachable"))
    }

    @Test("--config names the file; --print-config shows where it came from and every rule's level for a path")
    func printConfiguration() async throws {
        let scratch = try Self.project(Self.configuration)
        try FileManager.default.moveItem(atPath: scratch.path(".feedbackflow.yaml"), toPath: scratch.path("policy.yaml"))
        let result = try await BuiltTool.run(["validate", "--config", "policy.yaml", "--print-config", "flows/legacy/old.yaml"], in: scratch.url.path)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("# from policy.yaml\n"))
        #expect(result.standardOutput.contains("\n  unknown-step: off\n"))
        #expect(result.standardOutput.contains("\n  unreachable-screen: error\n"))
        #expect(result.standardOutput.contains("\n  pop-on-root: warning\n"))
        #expect(result.standardOutput.contains("context: [\"user.name\"]\n"))
    }

    @Test("a configuration problem is a usage error at its file:line:column, with a suggestion")
    func badConfiguration() async throws {
        for (text, message, hint) in [
            ("rules:\n  unreachable-scren: error\n", "configuration .feedbackflow.yaml:2:3: unknown diagnostic code 'unreachable-scren'", "did you mean 'unreachable-screen'?"),
            ("rules:\n  unknown-step: loud\n", "configuration .feedbackflow.yaml:2:17: invalid level 'loud' for 'unknown-step'", "write one of error, warning, note, off"),
            ("rules:\n  unknown-step: eror\n", "configuration .feedbackflow.yaml:2:17: invalid level 'eror' for 'unknown-step'", "did you mean 'error'?"),
            ("ignroe: [x]\n", "configuration .feedbackflow.yaml:1:1: unknown key 'ignroe'", "did you mean 'ignore'?"),
            // Context names follow the one grammar of names, as --context keys do.
            ("context: [user.name, call.max-participants]\n", "configuration .feedbackflow.yaml:1:22: invalid context name 'call.max-participants'",
             "write 'call.max_participants'"),
        ] {
            let scratch = try Self.project(text)
            let result = try await BuiltTool.run(["validate", "flows"], in: scratch.url.path)
            #expect(result.status == 2, "\(text)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.standardError.contains(hint), "\(result.standardError)")
        }
    }

    @Test("a setting written with no value is refused, an empty manifest path too, and an override's bad 'files' is reported once")
    func emptySettings() async throws {
        for (text, problems) in [
            ("rules: ~\n", ["configuration .feedbackflow.yaml:1:8: expected a mapping of codes to levels, found null"]),
            ("ignore:\n", ["configuration .feedbackflow.yaml:1:1: expected a list of strings, found null"]),
            ("handlers: \"\"\n", ["configuration .feedbackflow.yaml:1:11: expected the path of a handler manifest"]),
            ("overrides:\n  - files: [~]\n    rules: {unknown-step: off}\n", ["configuration .feedbackflow.yaml:2:13: expected a string, found null"]),
        ] {
            let scratch = try Self.project(text)
            let result = try await BuiltTool.run(["validate", "flows"], in: scratch.url.path)
            #expect(result.status == 2, "\(text)")
            let errors = result.standardError.split(separator: "\n").filter { $0.contains("error: configuration") }
            #expect(errors.count == problems.count, "\(result.standardError)")
            for problem in problems { #expect(result.standardError.contains(problem), "\(result.standardError)") }
        }
    }

    @Test("a configuration's handler manifest that cannot be read is said at the configuration's line, not as a --handlers option")
    func missingManifest() async throws {
        let scratch = try Self.project("handlers: missing.yaml\n")
        let result = try await BuiltTool.run(["validate", "flows"], in: scratch.url.path)
        #expect(result.status == 2)
        #expect(result.standardError.contains("error: configuration .feedbackflow.yaml:1:11: handlers: "), "\(result.standardError)")
        #expect(!result.standardError.contains("--handlers:"))
    }

    @Test("every problem of a configuration file is reported in one run, each at its place with its own hint")
    func everyConfigurationProblem() async throws {
        let scratch = try Self.project("""
            rules:
              unreachable-screen: eror
              unknown-stp: off
            ignroe: [x]
            overrides:
              - files: ["legacy/**"]
                rule: {unknown-step: off}
            context: [{a: 1}, user.name]

            """)
        let result = try await BuiltTool.run(["validate", "flows"], in: scratch.url.path)
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        let expected = [
            "feedbackflow validate: error: configuration .feedbackflow.yaml:2:23: invalid level 'eror' for 'unreachable-screen'",
            "hint: did you mean 'error'?",
            "feedbackflow validate: error: configuration .feedbackflow.yaml:3:3: unknown diagnostic code 'unknown-stp'",
            "hint: did you mean 'unknown-step'?",
            "feedbackflow validate: error: configuration .feedbackflow.yaml:4:1: unknown key 'ignroe'",
            "hint: did you mean 'ignore'?",
            "feedbackflow validate: error: configuration .feedbackflow.yaml:7:5: unknown key 'rule'",
            "hint: did you mean 'rules'?",
            "feedbackflow validate: error: configuration .feedbackflow.yaml:8:11: expected a string, found a mapping",
        ]
        #expect(Array(lines.prefix(expected.count)) == expected, "\(result.standardError)")
        #expect(lines.count == expected.count + 1 && lines.last?.hasPrefix("hint: See 'feedbackflow validate --help'") == true)
    }

    @Test("path patterns: * within a name, ** across folders, a bare name in any folder, a folder covers what is inside")
    func pathPatterns() {
        let cases: [(String, String, Bool)] = [
            ("*.draft.yaml", "a.draft.yaml", true), ("*.draft.yaml", "x/y/a.draft.yaml", true), ("*.draft.yaml", "a.yaml", false),
            ("drafts/", "flows/drafts/wip.yaml", true), ("drafts", "drafts/a/b.yaml", true), ("drafts/", "flows/drafted.yaml", false),
            ("flows/legacy/**", "flows/legacy/old.yaml", true), ("flows/legacy/**", "flows/legacy/a/b.yaml", true),
            ("flows/legacy/**", "other/flows/legacy/old.yaml", false), ("flows/*.yaml", "flows/a.yaml", true),
            ("flows/*.yaml", "flows/sub/a.yaml", false), ("**/x?.yaml", "a/b/x1.yaml", true), ("**/x?.yaml", "a/b/x12.yaml", false),
            ("./flows/a.yaml", "flows/a.yaml", true),
        ]
        for (pattern, path, expected) in cases {
            #expect(PathPattern(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
        }
        // A long path against many stars ends quickly (no exponential backtracking).
        let long = String(repeating: "a", count: 5_000)
        #expect(!PathPattern(String(repeating: "*a", count: 50) + "b").matches(long))
    }

    @Test("inline suppressions drop what they name on their line or file; one that drops nothing is unused-suppression")
    func suppressions() async throws {
        let path = Self.fixtures + "/suppressions/suppressed.yaml"
        let result = try await BuiltTool.run(["validate", "--format", "json", path])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
        let found = (object["diagnostics"] as? [[String: Any]] ?? []).map { item in
            "\(item["line"] ?? ""):\(item["column"] ?? "")-\(item["endLine"] ?? ""):\(item["endColumn"] ?? "") \(item["code"] ?? "") \(item["message"] ?? "")"
        }
        let expected = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(Self.fixtures + "/suppressions/suppressed.expected"), encoding: .utf8)
        #expect(found == expected.split(separator: "\n").map(String.init))
    }

    @Test("a line inside a block scalar that reads like a suppression is the scalar's text, not a suppression")
    func suppressionInsideAScalar() async throws {
        let path = Self.fixtures + "/suppressions/in-scalar.yaml"
        let result = try await BuiltTool.run(["validate", "--format", "json", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
        let codes = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        // The misspelt key after the scalar is reported; the scalar's line suppresses nothing.
        #expect(codes == ["unknown-key"])
        // The subtitle keeps the line as its text (YAML 1.2 §8.1: a block scalar's lines are content).
        let flow = try #require(FlowCompiler.compile(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(path)).flow)
        #expect(flow.screens[0].subtitle?.raw == "Line one\n# feedbackflow: disable-next-line unknown-key\n")
    }

    @Test("a suppression on the line right after a block scalar silences the line after it (the scalar ends before it)")
    func suppressionAfterAScalar() async throws {
        let result = try await BuiltTool.run(["validate", "--format", "json", Self.fixtures + "/suppressions/after-scalar.yaml"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
        #expect((object["diagnostics"] as? [Any])?.isEmpty == true, "\(result.standardOutput)")
        #expect(result.status == 0)
    }
}
