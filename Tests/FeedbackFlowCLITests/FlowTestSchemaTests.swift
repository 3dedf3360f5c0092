import FeedbackFlowTestSupport
import FlowScenarios
import Foundation
import Testing

/// `schemas/feedbackflow-test.schema.json` and the one table of the flow test format's
/// keys (``FlowScenarios/ScenarioKey``) say the same: each table names exactly the
/// properties of its schema definition (the one-key steps, those of their `oneOf`
/// branches), the keys it requires are the definition's `required`, each key's
/// `description` is its help, and no definition admits another key. Then the files: the
/// flow tests of `flows/` pass the schema under draft 2020-12 and draft-07 with the same
/// independent validator as the flow schema (check_schema.py, Python's `jsonschema`), and
/// each file of `Fixtures/schema-invalid-tests/` fails it, and fails `feedbackflow test`.
@Suite("The flow test schema against the format's key tables and real files")
struct FlowTestSchemaTests {
    static let schemaFile = BuiltTool.repositoryRoot.appendingPathComponent("schemas/feedbackflow-test.schema.json")
    static let invalidFolder = "Tests/FeedbackFlowCLITests/Fixtures/schema-invalid-tests"

    static func schema() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaFile)) as? [String: Any])
    }

    /// The definition a table is compared with: the schema's top for `file`, else `$defs.NAME`.
    static func definition(_ name: String, in schema: [String: Any]) throws -> [String: Any] {
        guard name != "file" else { return schema }
        return try #require((schema["$defs"] as? [String: Any])?[name] as? [String: Any], "no $defs.\(name) in the schema")
    }

    /// The objects a definition describes: itself, or each branch of its `oneOf` (a step).
    static func objects(_ definition: [String: Any]) -> [[String: Any]] {
        definition["properties"] != nil ? [definition] : definition["oneOf"] as? [[String: Any]] ?? []
    }

    @Test("each table of ScenarioKey names exactly its definition's properties, with its required keys and each key's help as description")
    func sameKeys() throws {
        let schema = try Self.schema()
        #expect(Set(ScenarioKey.byDefinition.keys) == [
            "file", "scenario", "trigger", "historyEntry", "handlerAnswer", "step", "event", "expect", "field", "button", "submitted", "decision",
        ])
        for (name, table) in ScenarioKey.byDefinition {
            let objects = Self.objects(try Self.definition(name, in: schema))
            #expect(!objects.isEmpty, "\(name) describes no object")
            var properties: [String: [String: Any]] = [:]
            for object in objects {
                // No key beyond the table's: the reader reports any other as unknown.
                #expect(object["additionalProperties"] as? Bool == false, "\(name) admits other keys")
                for (key, value) in object["properties"] as? [String: [String: Any]] ?? [:] { properties[key] = value }
            }
            #expect(Set(properties.keys) == Set(ScenarioKey.names(table)), "\(name)")
            #expect(table.count == Set(ScenarioKey.names(table)).count, "\(name) lists a key twice")
            for key in table {
                #expect(properties[key.name]?["description"] as? String == key.help, "\(name).\(key.name)")
            }
            let required = Set(table.filter(\.isRequired).map(\.name))
            if objects.count == 1 {
                #expect(Set(objects[0]["required"] as? [String] ?? []) == required, "\(name)")
            } else {
                // One key of a step: each branch requires its own and has no other.
                #expect(required.isEmpty)
                for object in objects {
                    let keys = Array((object["properties"] as? [String: Any] ?? [:]).keys)
                    #expect(keys.count == 1 && object["required"] as? [String] == keys, "\(name): \(keys)")
                }
            }
        }
    }

    @Test("every definition of the schema with properties of its own is a table of ScenarioKey")
    func everyDefinitionIsATable() throws {
        let definitions = try #require(try Self.schema()["$defs"] as? [String: [String: Any]])
        let withProperties = definitions.filter { !Self.objects($0.value).isEmpty }.map(\.key)
        #expect(Set(withProperties).isSubset(of: Set(ScenarioKey.byDefinition.keys)), "\(withProperties)")
    }

    /// check_schema.py's verdicts on the files of `folder` (relative to the repository),
    /// each against its schema (a flow test's by its name).
    static func verdicts(_ folder: String) async throws -> [String: [String: Bool]] {
        let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/check_schema.py").path
        let result = try await BuiltTool.runProgram(
            "/usr/bin/env", ["python3", script, "--verdicts", BuiltTool.repositoryRoot.appendingPathComponent(folder).path])
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: [String: Bool]])
    }

    @Test("the flow tests of flows/ pass the schema under draft 2020-12 and draft-07 (check_schema.py)")
    func flowTestsPass() async throws {
        let verdicts = try await Self.verdicts("flows").filter { FlowTestFile.isFlowTest($0.key) }
        #expect(!verdicts.isEmpty)
        for (file, verdict) in verdicts {
            #expect(verdict == ["draft2020": true, "draft7": true], "\(file): \(verdict)")
        }
    }

    @Test("each flow test the schema must reject fails it under both drafts, and fails feedbackflow test too")
    func invalidFlowTestsFail() async throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: BuiltTool.repositoryRoot.appendingPathComponent(Self.invalidFolder).path
        ).filter { !$0.hasPrefix(".") }
        #expect(names.count >= 5 && names.allSatisfy(FlowTestFile.isFlowTest))
        let verdicts = try await Self.verdicts(Self.invalidFolder)
        for name in names {
            #expect(verdicts[name] == ["draft2020": false, "draft7": false], "\(name): \(String(describing: verdicts[name]))")
        }
        // What the schema rejects, the reader rejects: an error in each file, not only in its flow.
        let run = try await BuiltTool.run(["test", "--format", "json", Self.invalidFolder])
        #expect(run.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.outputBytes)) as? [String: Any])
        let errors = try #require(report["diagnostics"] as? [[String: Any]]).filter {
            $0["severity"] as? String == "error" && $0["code"] as? String != "flow-not-testable"
        }
        let failing = Set(errors.compactMap { $0["file"] as? String })
        for name in names {
            #expect(failing.contains("\(Self.invalidFolder)/\(name)"), "\(name) passes feedbackflow test")
        }
    }
}
