import FeedbackFlowTestSupport
import Foundation
import Testing
import FlowReporting
import FlowTerminal
@testable import FeedbackFlowCLI

/// `feedbackflow parse`: the located node tree as JSON, for any well-formed document.
@Suite("feedbackflow parse")
struct ParseCommandTests {
    static let checker = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/check_parse.py")

    static func parse(_ path: String) async throws -> (status: Int32, tree: [String: Any]?, errors: String) {
        let result = try await BuiltTool.run(["parse", path])
        let tree = try? JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any]
        return (result.status, tree, result.standardError)
    }

    @Test("a well-formed YAML file that is not a flow parses with status 0; its nodes carry kind, style, value and span")
    func notAFlow() async throws {
        let path = BuiltTool.fixture("parse/not-a-flow.yaml").path
        let result = try await Self.parse(path)
        #expect(result.status == 0, "\(result.errors)")
        let root = try #require(result.tree?["root"] as? [String: Any])
        #expect(root["kind"] as? String == "mapping")
        let entries = try #require(root["entries"] as? [[String: Any]])
        #expect(entries.count == 3)
        // `block: |` — the literal scalar's text is "text\n" (YAML 1.2 §8.1.1.2, clip chomping).
        let block = try #require(entries[2]["value"] as? [String: Any])
        #expect(block["style"] as? String == "literal")
        #expect(block["value"] as? String == "text\n")
        // `list:` is on line 2; its value `[` is at column 7 (counted by hand).
        let list = try #require(entries[1]["value"] as? [String: Any])
        let start = try #require((list["span"] as? [String: Any])?["start"] as? [String: Int])
        #expect(start == ["line": 2, "column": 7, "offset": 18])
    }

    @Test("a malformed file is status 1 with its diagnostic at the position on standard error; the root is null")
    func malformed() async throws {
        let path = BuiltTool.fixture("parse/unclosed.yaml").path
        let result = try await Self.parse(path)
        #expect(result.status == 1)
        #expect(result.tree?["root"] is NSNull)
        #expect(result.errors.contains("unclosed.yaml:3:1: error:"))
    }

    @Test("a missing file or a folder is a usage error (status 2), as for the other commands")
    func missingFile() async throws {
        #expect(try await BuiltTool.run(["parse", "no-such-file.yaml"]).status == 2)
        #expect(try await BuiltTool.run(["parse", BuiltTool.repositoryRoot.appendingPathComponent("flows").path]).status == 2)
    }

    @Test("standard input is parsed as YAML, or as JSON with --stdin-format json; --stdin-format without '-' is a usage error")
    func standardInput() async throws {
        let json = try await BuiltTool.run(["parse", "--stdin-format", "json", "-"], input: "{\"a\": [true, null]}")
        #expect(json.status == 0)
        #expect(json.standardOutput.hasPrefix("{\"file\":\"-\",\"format\":\"json\",\"root\":{\"kind\":\"mapping\""))
        let misuse = try await BuiltTool.run(["parse", "--stdin-format", "json", "flows/simple-success.flow.yaml"])
        #expect(misuse.status == 2)
    }

    @Test("nodes start where PyYAML's composer says, with the same texts and styles, in the example flows and position fixtures")
    func agreesWithPyYAML() async throws {
        let files = ["flows/call-quality-rating.flow.yaml", "flows/call-quality-rating.flow.json", "flows/network-error.flow.yaml",
                     "flows/simple-success.flow.yaml", "flows/style-gallery.flow.yaml",
                     "Tests/DocumentLoadingTests/Fixtures/positions-lf.yaml",
                     "Tests/DocumentLoadingTests/Fixtures/positions-bom-crlf.yaml",
                     "Tests/DocumentLoadingTests/Fixtures/anchors.yaml",
                     "Tests/FeedbackFlowCLITests/Fixtures/parse/not-a-flow.yaml"]
            .map { BuiltTool.repositoryRoot.appendingPathComponent($0).path }
        let result = try await BuiltTool.runProgram(
            "/usr/bin/env", ["python3", Self.checker.path, BuiltTool.executable.path] + files)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("\(files.count) files"))
        #expect(result.standardOutput.contains("0 failed"))
    }

    @Test("the PyYAML check fails where the two disagree: an alias used as a key points at the alias, PyYAML at the anchor")
    func checkCanFail() async throws {
        let file = BuiltTool.fixture("parse/alias-key.yaml").path
        let result = try await BuiltTool.runProgram(
            "/usr/bin/env", ["python3", Self.checker.path, BuiltTool.executable.path, file])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("starts at 2:1, PyYAML says 1:4"))
    }
}
