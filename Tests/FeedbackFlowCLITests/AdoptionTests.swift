import FeedbackFlowTestSupport
import Foundation
import Testing

/// What CI setups and hooks take from the repository: the problem matcher, the
/// pre-commit hooks and the file-name convention they match.
@Suite("Adoption: problem matcher and pre-commit hooks")
struct AdoptionTests {
    static let five = "Tests/FeedbackFlowCLITests/Fixtures/bad/five-problems.yaml"

    /// Whether pre-commit can be run (`python3 -m pre_commit`).
    static let hasPreCommit: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "pre_commit", "--version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test("the problem matcher's pattern reads every diagnostic line of text output: file, line, column, severity, message, code")
    func problemMatcher() async throws {
        let url = BuiltTool.repositoryRoot.appendingPathComponent(".github/feedbackflow-problem-matcher.json")
        let matcher = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let pattern = try #require(((matcher["problemMatcher"] as? [[String: Any]])?.first?["pattern"] as? [[String: Any]])?.first)
        let regex = try NSRegularExpression(pattern: try #require(pattern["regexp"] as? String))
        func group(_ match: NSTextCheckingResult, _ key: String, in line: String) throws -> String {
            let index = try #require(pattern[key] as? Int)
            return String(line[try #require(Range(match.range(at: index), in: line))])
        }
        let text = try await BuiltTool.run(["validate", Self.five, "Tests/FeedbackFlowCLITests/Fixtures/ci/one-warning.yaml"]).standardOutput
        let json = try await BuiltTool.run(["validate", "--format", "json", Self.five, "Tests/FeedbackFlowCLITests/Fixtures/ci/one-warning.yaml"])
        let diagnostics = try #require((try JSONSerialization.jsonObject(with: Data(json.outputBytes)) as? [String: Any])?["diagnostics"] as? [[String: Any]])
        var read: [String] = []
        for line in text.split(separator: "\n").map(String.init) {
            guard let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { continue }
            read.append([
                try group(match, "file", in: line), try group(match, "line", in: line), try group(match, "column", in: line),
                try group(match, "severity", in: line), try group(match, "message", in: line), try group(match, "code", in: line),
            ].joined(separator: "|"))
        }
        let expected = diagnostics.map { item in
            ["\(item["file"] ?? "")", "\(item["line"] ?? "")", "\(item["column"] ?? "")", "\(item["severity"] ?? "")",
             "\(item["message"] ?? "")", "\(item["code"] ?? "")"].joined(separator: "|")
        }
        #expect(read == expected)
    }

    @Test("the hooks match the *.flow.yaml / *.flow.yml / *.flow.json convention and nothing else")
    func hookFilePattern() throws {
        let text = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let patterns = text.split(separator: "\n").filter { $0.hasPrefix("  files: ") }
            .map { String($0.dropFirst("  files: ".count)).trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        #expect(patterns.count == 4)
        for pattern in patterns {
            let regex = try NSRegularExpression(pattern: pattern)
            func matches(_ name: String) -> Bool { regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil }
            for name in ["flows/rate.flow.yaml", "a.flow.yml", "deep/b.flow.json"] { #expect(matches(name), "\(name)") }
            for name in ["flows/rate.yaml", ".github/workflows/ci.yml", "package.json", "rate.flow.yaml.bak"] { #expect(!matches(name), "\(name)") }
        }
    }

    @Test("every example flow in flows/ (its flow tests aside) is named as the hooks match, so the hooks check the project's own examples")
    func examplesFollowTheConvention() throws {
        let text = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let pattern = try #require(text.split(separator: "\n").first { $0.hasPrefix("  files: ") })
            .dropFirst("  files: ".count).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        let regex = try NSRegularExpression(pattern: pattern)
        let names = try FileManager.default.contentsOfDirectory(
            atPath: BuiltTool.repositoryRoot.appendingPathComponent("flows").path).filter { !$0.contains(".flowtest.") }
        #expect(names.count >= 6)
        for name in names {
            #expect(regex.firstMatch(in: "flows/" + name, range: NSRange(location: 0, length: ("flows/" + name).utf16.count)) != nil, "\(name)")
        }
    }

    @Test("pre-commit runs the system hooks on a scratch repository: a bad flow fails the commit, a good one passes; fmt rewrites a loose one once", .enabled(if: hasPreCommit))
    func preCommit() async throws {
        let scratch = try ScratchFolder("pre-commit")
        let repository = scratch.path("repo")
        try FileManager.default.createDirectory(atPath: repository + "/flows", withIntermediateDirectories: true)
        let root = BuiltTool.repositoryRoot
        try FileManager.default.copyItem(atPath: root.appendingPathComponent(Self.five).path, toPath: repository + "/flows/bad.flow.yaml")
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("flows/simple-success.flow.yaml").path, toPath: repository + "/flows/good.flow.yaml")
        try "not: a flow\n".write(toFile: repository + "/notes.yaml", atomically: true, encoding: .utf8)
        let tools = BuiltTool.executable.deletingLastPathComponent().path
        let environment = [
            "PATH": tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "PRE_COMMIT_HOME": scratch.path("cache"), "TMPDIR": scratch.url.path, "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
        ]
        func run(_ command: String) async throws -> BuiltTool.Result {
            try await BuiltTool.runProgram("/bin/sh", ["-c", "cd '\(repository)' && " + command], environment: environment)
        }
        #expect(try await run("git init -q . && git add -A").status == 0)
        let hook = "python3 -m pre_commit try-repo '\(root.path)' feedbackflow-validate-system --files"
        let bad = try await run(hook + " flows/bad.flow.yaml flows/good.flow.yaml notes.yaml")
        #expect(bad.status == 1, "\(bad.standardOutput)\(bad.standardError)")
        #expect(bad.standardOutput.contains("flows/bad.flow.yaml:8:5: error: unknown key"))
        #expect(!bad.standardOutput.contains("notes.yaml"))
        let good = try await run(hook + " flows/good.flow.yaml notes.yaml")
        #expect(good.status == 0, "\(good.standardOutput)\(good.standardError)")
        // The formatter's hook: a file out of the layout is rewritten and the run fails; then it passes.
        try "version: 1\ntitle: \"Done\"\nstyle: success\nprimaryAction: none\n".write(
            toFile: repository + "/flows/loose.flow.yaml", atomically: true, encoding: .utf8)
        #expect(try await run("git add flows/loose.flow.yaml").status == 0)  // staged: pre-commit sees the hook change it
        let fmt = "python3 -m pre_commit try-repo '\(root.path)' feedbackflow-fmt-system --files flows/loose.flow.yaml notes.yaml"
        let first = try await run(fmt)
        #expect(first.status == 1, "\(first.standardOutput)\(first.standardError)")
        #expect(try String(contentsOfFile: repository + "/flows/loose.flow.yaml", encoding: .utf8) == "version: 1\nstyle: success\ntitle: Done\nprimaryAction: none\n")
        #expect(try String(contentsOfFile: repository + "/notes.yaml", encoding: .utf8) == "not: a flow\n")
        let second = try await run(fmt)
        #expect(second.status == 0, "\(second.standardOutput)\(second.standardError)")
    }
}
