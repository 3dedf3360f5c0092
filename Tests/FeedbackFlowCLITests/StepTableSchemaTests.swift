import FlowCompile
import Foundation
import Testing

/// The table of built-in steps (``BuiltInStep``) and `$defs.step` of the JSON Schema say
/// the same thing: the same names, each with the same argument shape, and a bare name is
/// refused by the schema exactly when the step needs an argument. The schema is read with
/// Foundation's JSONSerialization, not with the tool's own JSON parser.
@Suite("The built-in step table against the JSON Schema")
struct StepTableSchemaTests {
    static func stepDefinition() throws -> [String: Any] {
        let data = try Data(contentsOf: SchemaTests.schemaFile)
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        return try #require(defs["step"] as? [String: Any])
    }

    @Test("the schema's one-key step mapping lists exactly the table's names")
    func sameNames() throws {
        let oneOf = try #require(try Self.stepDefinition()["oneOf"] as? [[String: Any]])
        let mapping = try #require(oneOf.first { $0["type"] as? String == "object" })
        let properties = try #require(mapping["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(BuiltInStep.allCases.map(\.rawValue)))
    }

    @Test("each step's argument in the schema has the shape the table gives it")
    func sameArgumentShapes() throws {
        let oneOf = try #require(try Self.stepDefinition()["oneOf"] as? [[String: Any]])
        let mapping = try #require(oneOf.first { $0["type"] as? String == "object" })
        let properties = try #require(mapping["properties"] as? [String: [String: Any]])
        for step in BuiltInStep.allCases {
            let argument = try #require(properties[step.rawValue], "no schema for step \(step.rawValue)")
            let ref = argument["$ref"] as? String
            let type = argument["type"]
            switch step.argument {
            case .screenID: #expect(ref == "#/$defs/screenID", "\(step.rawValue)")
            case .none: #expect(type as? String == "null", "\(step.rawValue)")
            case .optionalOutcome: #expect(Set(type as? [String] ?? []) == ["string", "null"], "\(step.rawValue)")
            case .url: #expect(type as? String == "string", "\(step.rawValue)")
            case .feedbackRequest: #expect(ref == "#/$defs/feedbackRequest", "\(step.rawValue)")
            case .conditional: #expect(ref == "#/$defs/conditionalSteps", "\(step.rawValue)")
            case .assignments: #expect(ref == "#/$defs/assignments", "\(step.rawValue)")
            }
        }
    }

    @Test("the schema refuses exactly the built-in step names as handler names")
    func handlerNames() throws {
        let data = try Data(contentsOf: SchemaTests.schemaFile)
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let handlers = try #require((schema["$defs"] as? [String: Any])?["handlers"] as? [String: Any])
        let refused = try #require(((handlers["propertyNames"] as? [String: Any])?["not"] as? [String: Any])?["enum"] as? [String])
        #expect(Set(refused) == Set(BuiltInStep.names))
    }

    @Test("the schema refuses a bare name exactly for the steps whose argument is required")
    func bareNamesRefused() throws {
        let oneOf = try #require(try Self.stepDefinition()["oneOf"] as? [[String: Any]])
        let bare = try #require(oneOf.first { $0["type"] as? String == "string" })
        let refused = try #require((bare["not"] as? [String: Any])?["enum"] as? [String])
        let required = BuiltInStep.allCases.filter {
            switch $0.argument {
            case .screenID, .url, .feedbackRequest, .conditional, .assignments: true
            case .none, .optionalOutcome: false
            }
        }
        #expect(Set(refused) == Set(required.map(\.rawValue)))
    }
}
