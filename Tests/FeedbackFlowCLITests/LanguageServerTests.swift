import FeedbackFlowTestSupport
@testable import FlowLanguageServer
import FlowWorkspace
import Foundation
import Testing

@testable import FeedbackFlowCLI

/// `feedbackflow lsp`: end to end with a real client (pytest-lsp, lsp/test_language_server.py,
/// which compares the published diagnostics with `validate --format json` for every invalid
/// fixture, in VS Code's and Neovim's position encodings), and in Neovim. The server's own
/// rules, without a process, are FlowLanguageServerTests'.
@Suite("the language server")
struct LanguageServerTests {
    @Test("a real LSP client (pytest-lsp) gets validate's diagnostics in its encoding, incremental edits, and errors for bad messages")
    func endToEndWithPytestLSP() async throws {
        let folder = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/lsp").path
        // pytest's temporary folders go under one of this test's own, removed at its end
        // (by default pytest keeps them under /tmp/pytest-of-USER).
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ffl-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try await BuiltTool.runProgram(
            "/usr/bin/env",
            ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "asyncio_mode=auto", "--basetemp", scratch.path, folder],
            environment: ["FEEDBACKFLOW": BuiltTool.executable.path])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains(" passed") && !run.standardOutput.contains("failed"), "\(run.standardOutput)")
    }

    @Test("the shipped Neovim set-up (editors/neovim), on the platform's Neovim, starts one server for a YAML flow opened with :edit and shows validate's diagnostics")
    func neovimSetUpWorks() async throws {
        let fixture = BuiltTool.fixture("lsp/screen-typos.flow.yaml").path
        let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/lsp/neovim_setup.lua").path
        let run = try await BuiltTool.runProgram(
            "/usr/bin/env", ["nvim", "--headless", "--clean", "-c", "luafile \(script)"],
            environment: ["FEEDBACKFLOW": BuiltTool.executable.path, "FLOW": fixture, "REPOSITORY": BuiltTool.repositoryRoot.path])
        #expect(run.status == 0, "\(run.standardError)")
        let validate = try await BuiltTool.run(["validate", "--format", "json", fixture])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(validate.standardOutput.utf8)) as? [String: Any])
        // The fixture is ASCII: Neovim's byte columns are validate's.
        let expected = try #require(report["diagnostics"] as? [[String: Any]]).map { d -> String in
            "\(d["line"] as? Int ?? 0):\(d["column"] as? Int ?? 0) \(d["code"] as? String ?? "")"
        }
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "clients 1", "\(run.standardOutput)")
        #expect(Array(lines.dropFirst()) == expected, "\(run.standardOutput)")
        #expect(expected.count == 3)
    }

    @Test("a headless Neovim with the server attached shows a broken flow's diagnostics where validate puts them")
    func neovimShowsDiagnostics() async throws {
        let fixture = "Tests/FeedbackFlowCLITests/Fixtures/lsp/emoji.flow.yaml"
        let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/lsp/neovim_diagnostics.lua").path
        let run = try await BuiltTool.runProgram(
            "/usr/bin/env", ["nvim", "--headless", "--clean", "-c", "luafile \(script)", fixture],
            environment: ["FEEDBACKFLOW": BuiltTool.executable.path])
        #expect(run.status == 0, "\(run.standardError)")
        // validate's columns count Unicode scalars; Neovim shows byte columns.
        let validate = try await BuiltTool.run(["validate", "--format", "json", fixture])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(validate.standardOutput.utf8)) as? [String: Any])
        let lines = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(fixture), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let expected = try #require(report["diagnostics"] as? [[String: Any]]).map { d -> String in
            let line = d["line"] as? Int ?? 0
            let column = d["column"] as? Int ?? 0
            let bytes = String(lines[line - 1].unicodeScalars.prefix(column - 1)).utf8.count
            return "\(line):\(bytes + 1) \(d["code"] as? String ?? "") \(d["message"] as? String ?? "")"
        }
        #expect(run.standardOutput.split(separator: "\n").map(String.init) == expected)
        #expect(expected.count == 2)
    }
}
