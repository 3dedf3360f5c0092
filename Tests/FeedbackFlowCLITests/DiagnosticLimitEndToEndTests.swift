import FeedbackFlowTestSupport
import Foundation
import Testing
import FlowCompile

/// `validate --max-diagnostics N` through the built binary: the per-file limit, the note
/// past it, honest counts in every format, and output written file by file.
@Suite("validate --max-diagnostics, end to end through the built binary")
struct DiagnosticLimitEndToEndTests {
    static let six = "Tests/FeedbackFlowCLITests/Fixtures/limit/six-problems.yaml"

    @Test("--max-diagnostics 3 on six errors prints the expected output: three, the limit note at the fourth, a summary counting all six")
    func expectedTextOutput() async throws {
        let expected = try String(contentsOf: BuiltTool.fixture("limit/six-problems.max-3.txt"), encoding: .utf8)
        for arguments in [["validate", "--max-diagnostics", "3", Self.six], ["validate", "--max-diagnostics=3", Self.six]] {
            let result = try await BuiltTool.run(arguments)
            #expect(result.status == 1)
            #expect(result.standardOutput == expected)
            #expect(result.standardError.isEmpty)
        }
    }

    @Test("by default and with 0 every one of the six is shown, with no note")
    func underTheLimit() async throws {
        for arguments in [["validate", Self.six], ["validate", "--max-diagnostics", "0", Self.six], ["validate", "--max-diagnostics", "6", Self.six]] {
            let result = try await BuiltTool.run(arguments)
            #expect(result.status == 1)
            #expect(!result.standardOutput.contains("too-many-diagnostics"))
            #expect(result.standardOutput.hasSuffix("\n6 errors in 1 file\n"))
        }
    }

    @Test("json counts what was left out: summary counts all six, summary.omitted the three not in diagnostics")
    func jsonCounts() async throws {
        let result = try await BuiltTool.run(["validate", "--format", "json", "--max-diagnostics", "3", Self.six])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["unknown-key", "unknown-screen", "unknown-reference", "too-many-diagnostics"])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 6 && summary["notes"] as? Int == 1 && summary["files"] as? Int == 1)
        let omitted = try #require(summary["omitted"] as? [String: Int])
        #expect(omitted == ["errors": 3, "warnings": 0, "notes": 0])
        // Without anything left out there is no `omitted`.
        let all = try await BuiltTool.run(["validate", "--format", "json", Self.six])
        let allSummary = try #require((try JSONSerialization.jsonObject(with: Data(all.outputBytes)) as? [String: Any])?["summary"] as? [String: Any])
        #expect(allSummary["omitted"] == nil && allSummary["errors"] as? Int == 6)
    }

    @Test("github and junit output carry the limit note; junit still fails the file")
    func machineFormats() async throws {
        let github = try await BuiltTool.run(["validate", "--format", "github", "--max-diagnostics", "3", Self.six])
        let lines = github.standardOutput.split(separator: "\n")
        #expect(lines.count == 4 && lines.last?.hasPrefix("::notice file=\(Self.six),line=12,col=65,") == true)
        #expect(lines.last?.contains("title=too-many-diagnostics::3 more diagnostics from here on not shown (3 errors)") == true)
        let junit = try await BuiltTool.run(["validate", "--format", "junit", "--max-diagnostics", "3", Self.six])
        // Three errors shown, each a failed test case, and the limit note a passing one.
        #expect(junit.standardOutput.contains("tests=\"4\" failures=\"3\""))
        #expect(junit.standardOutput.components(separatedBy: "<failure ").count - 1 == 3)
        #expect(junit.standardOutput.contains("3 more diagnostics from here on not shown"))
    }

    @Test("--quiet keeps the limit note with the errors: it says that errors are missing")
    func quietKeepsTheNote() async throws {
        let result = try await BuiltTool.run(["validate", "--quiet", "--max-diagnostics", "3", Self.six])
        #expect(result.status == 1)
        #expect(result.standardOutput.components(separatedBy: ": error: ").count - 1 == 3)
        #expect(result.standardOutput.contains(":12:65: note: 3 more diagnostics from here on not shown (3 errors)"))
        #expect(!result.standardOutput.contains("in 1 file"))
    }

    @Test("--max-diagnostics takes a whole number: anything else is a usage error, exit 2")
    func usage() async throws {
        for value in ["x", "-1", "1.5", "+3"] {
            let result = try await BuiltTool.run(["validate", "--max-diagnostics=\(value)", Self.six])
            #expect(result.status == 2, "value \(value)")
            #expect(result.standardError.contains("invalid value '\(value)' for '--max-diagnostics'"), "value \(value)")
        }
    }

    @Test("2,000 repeated keys: 200 shown, the note counts the other 1,800, and text written file by file equals the buffered report")
    func repeatedKeys() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 2_000
        let big = folder.appendingPathComponent("keys.yaml")
        try ("version: 1\nstyle: success\ntitle: T\nprimaryAction: {button: {title: D, action: dismiss}}\n"
            + String(repeating: "a: 1\n", count: count)).write(to: big, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: BuiltTool.fixture("limit/six-problems.yaml"), to: folder.appendingPathComponent("six.yaml"))
        // Without --context each file is written as soon as it is compiled; with a
        // --context name (unused here) the report is written at the end: the same text.
        let streamed = try await BuiltTool.run(["validate", folder.path])
        let buffered = try await BuiltTool.run(["validate", "--context", "unused", folder.path])
        #expect(streamed.status == 1 && buffered.status == 1)
        #expect(streamed.standardOutput == buffered.standardOutput)
        let out = streamed.standardOutput
        // One unknown key and 1,999 duplicates: 2,000 errors, 1,800 of them not shown.
        #expect(out.contains("note: \(count - 200) more diagnostics from here on not shown (\(count - 200) errors): at most 200 are shown per file [too-many-diagnostics]"))
        #expect(out.components(separatedBy: ": error: ").count - 1 == 200 + 6)
        #expect(out.hasSuffix("\n\(count + 6) errors, 1 note in 2 files (\(count - 200) not shown)\n"))
    }
}
