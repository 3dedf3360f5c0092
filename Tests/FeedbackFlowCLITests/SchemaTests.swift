import FeedbackFlowTestSupport
import FlowCompile
import FlowWorkspace
import Foundation
import Testing
@testable import FeedbackFlowCLI

@Suite("JSON Schema: the file, its embedded copy, and an independent validator")
struct SchemaTests {
    static let schemaFile = BuiltTool.repositoryRoot.appendingPathComponent("schemas/feedbackflow.schema.json")

    @Test("the schema embedded in the tool is byte for byte schemas/feedbackflow.schema.json")
    func embeddedCopyIsIdentical() throws {
        let file = [UInt8](try Data(contentsOf: Self.schemaFile))
        #expect(Array(FormatSchema.text.utf8) == file)
    }

    @Test("the schema's field ids follow the one grammar of names the decoder and conditions use")
    func fieldIDPattern() throws {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaFile)) as? [String: Any])
        let definitions = try #require(root["$defs"] as? [String: Any])
        for kind in ["rating", "textField", "textEditor", "toggle"] {
            let properties = (definitions[kind] as? [String: Any])?["properties"] as? [String: Any]
            let id = properties?["id"] as? [String: Any]
            #expect(id?["pattern"] as? String == Identifier.pattern, "\(kind).id")
        }
    }

    @Test("feedbackflow schema prints the schema file exactly")
    func schemaCommand() async throws {
        let result = try await BuiltTool.run(["schema"])
        #expect(result.status == 0)
        #expect(result.outputBytes == [UInt8](try Data(contentsOf: Self.schemaFile)))
        let extra = try await BuiltTool.run(["schema", "extra"])
        #expect(extra.status == 2)
    }

    @Test("check_schema.py passes: flows/ validate against their schemas, schema-invalid fixtures do not")
    func pythonCheck() async throws {
        let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/check_schema.py")
        let result = try await BuiltTool.runProgram(
            "/usr/bin/env", ["python3", script.path, BuiltTool.repositoryRoot.path])
        #expect(result.status == 0, "check_schema.py failed:\n\(result.standardOutput)\(result.standardError)")
        // The script checked something: one "ok" line per file, at least the five flows.
        let okLines = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("ok ") }
        #expect(okLines.count >= 5 + 1)
        #expect(result.standardOutput.contains("0 failed"))
    }

    @Test("check_schema.py fails when a file it must reject passes (the check can fail)")
    func pythonCheckCanFail() async throws {
        // A copy of the tree where schema-invalid/ holds a valid flow: the script must fail.
        let root = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        try manager.copyItem(at: Self.schemaFile, to: root.appendingPathComponent("schemas/feedbackflow.schema.json"))
        try manager.copyItem(at: FlowTestSchemaTests.schemaFile, to: root.appendingPathComponent("schemas/feedbackflow-test.schema.json"))
        try manager.copyItem(at: BuiltTool.repositoryRoot.appendingPathComponent("flows"), to: root.appendingPathComponent("flows"))
        let invalid = root.appendingPathComponent("Tests/FeedbackFlowCLITests/Fixtures/schema-invalid")
        try manager.createDirectory(at: invalid, withIntermediateDirectories: true)
        try manager.copyItem(
            at: BuiltTool.repositoryRoot.appendingPathComponent("flows/simple-success.flow.yaml"),
            to: invalid.appendingPathComponent("actually-valid.yaml"))
        let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/check_schema.py")
        let result = try await BuiltTool.runProgram("/usr/bin/env", ["python3", script.path, root.path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("actually-valid.yaml: passes the schema but must not"))
    }
}
