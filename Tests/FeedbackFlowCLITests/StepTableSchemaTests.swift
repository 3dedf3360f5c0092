import FlowCompile
import Foundation
import Testing

/// The table of built-in steps (``BuiltInStep/all``) and `$defs.step` of the JSON Schema say
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
        #expect(Set(properties.keys) == Set(BuiltInStep.names))
    }

    @Test("each step's argument in the schema has the shape the table gives it")
    func sameArgumentShapes() throws {
        let oneOf = try #require(try Self.stepDefinition()["oneOf"] as? [[String: Any]])
        let mapping = try #require(oneOf.first { $0["type"] as? String == "object" })
        let properties = try #require(mapping["properties"] as? [String: [String: Any]])
        for step in BuiltInStep.all {
            let argument = try #require(properties[step.name], "no schema for step \(step.name)")
            let ref = argument["$ref"] as? String
            let type = argument["type"]
            switch step.argument {
            case .screenID: #expect(ref == "#/$defs/screenID", "\(step.name)")
            case .none: #expect(type as? String == "null", "\(step.name)")
            case .optionalOutcome: #expect(Set(type as? [String] ?? []) == ["string", "null"], "\(step.name)")
            case .url: #expect(type as? String == "string", "\(step.name)")
            case .feedbackRequest: #expect(ref == "#/$defs/feedbackRequest", "\(step.name)")
            case .conditional: #expect(ref == "#/$defs/conditionalSteps", "\(step.name)")
            case .assignments: #expect(ref == "#/$defs/assignments", "\(step.name)")
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

    @Test("the schema refuses a bare name exactly for the steps that need an argument")
    func bareNamesRefused() throws {
        let oneOf = try #require(try Self.stepDefinition()["oneOf"] as? [[String: Any]])
        let bare = try #require(oneOf.first { $0["type"] as? String == "string" })
        let refused = try #require((bare["not"] as? [String: Any])?["enum"] as? [String])
        #expect(Set(refused) == Set(BuiltInStep.all.filter(\.needsArgument).map(\.name)))
    }

    @Test("each step's required keys are exactly the keys the schema requires of its argument's mapping")
    func sameRequiredKeys() throws {
        let data = try Data(contentsOf: SchemaTests.schemaFile)
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        let oneOf = try #require(try Self.stepDefinition()["oneOf"] as? [[String: Any]])
        let mapping = try #require(oneOf.first { $0["type"] as? String == "object" })
        let properties = try #require(mapping["properties"] as? [String: [String: Any]])
        // The steps whose arguments the table lists by key (a mapping the schema defines).
        let keyed = BuiltInStep.all.filter { $0.arguments.contains { $0.key != nil } }
        #expect(!keyed.isEmpty)
        for step in keyed {
            let reference = try #require(properties[step.name]?["$ref"] as? String, "\(step.name)")
            let name = try #require(reference.split(separator: "/").last.map(String.init))
            let definition = try #require(defs[name] as? [String: Any], "\(name)")
            #expect(Set(step.requiredKeys) == Set(definition["required"] as? [String] ?? []), "\(step.name)")
            let keys = Set((definition["properties"] as? [String: Any] ?? [:]).keys)
            #expect(Set(step.arguments.compactMap(\.key)).isSubset(of: keys), "\(step.name)")
        }
    }

    @Test("each row of the table makes a step of its own name from an argument of its shape, and of no other shape")
    func rowsMakeTheirOwnSteps() throws {
        let condition = FlowExpression("rating <= 2")
        let samples: [BuiltInStep.Argument: BuiltInStep.Value] = [
            .screenID: .screenID("thanks"), .none: .none, .optionalOutcome: .outcome("sent"),
            .url: .url(TemplateString("https://example.com")), .feedbackRequest: .feedbackRequest(FeedbackRequest()),
            .conditional: .conditional(ConditionalSteps(condition: condition, then: [Step(.dismiss)])),
            .assignments: .assignments([VariableAssignment(name: "score", value: condition)]),
        ]
        for row in BuiltInStep.all {
            for (shape, value) in samples {
                let made = row.make(value)
                if shape == row.argument {
                    #expect(made?.name == row.name, "\(row.name)")
                } else {
                    #expect(made == nil, "\(row.name) from \(shape)")
                }
            }
        }
    }
}
