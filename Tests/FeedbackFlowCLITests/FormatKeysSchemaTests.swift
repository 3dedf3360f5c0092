import FlowCompile
import Foundation
import Testing

/// The decoder's table of keys per mapping (``FormatKeys``) and the JSON Schema's `$defs`
/// say the same: every row names exactly the properties of its schema definition (for the
/// one-key action mappings, the keys of their `oneOf` branches), and every key the schema
/// requires is in the row. The schema is read with Foundation's JSONSerialization.
@Suite("The decoder's key table against the JSON Schema")
struct FormatKeysSchemaTests {
    static func definitions() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: SchemaTests.schemaFile)
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(schema["$defs"] as? [String: [String: Any]])
    }

    /// The property names a definition allows: its `properties`, or those of its `oneOf` branches.
    static func propertyNames(_ definition: [String: Any]) -> Set<String> {
        if let properties = definition["properties"] as? [String: Any] { return Set(properties.keys) }
        let branches = definition["oneOf"] as? [[String: Any]] ?? []
        return Set(branches.flatMap { ($0["properties"] as? [String: Any])?.keys.map { $0 } ?? [] })
    }

    @Test("every row of the key table names exactly the properties of its schema definition")
    func sameKeys() throws {
        let definitions = try Self.definitions()
        for (name, keys) in FormatKeys.byDefinition {
            let definition = try #require(definitions[name], "no $defs.\(name) in the schema")
            #expect(Self.propertyNames(definition) == Set(keys), "$defs.\(name)")
            #expect(keys.count == Set(keys).count, "\(name) lists a key twice")
            let required = definition["required"] as? [String] ?? []
            #expect(Set(required).isSubset(of: Set(keys)), "$defs.\(name) requires a key the decoder does not know")
        }
    }

    @Test("every schema definition with properties of its own has a row in the key table")
    func everyMappingHasARow() throws {
        let withProperties = try Self.definitions().filter { $0.value["properties"] != nil }.map(\.key)
        #expect(Set(withProperties).isSubset(of: Set(FormatKeys.byDefinition.keys)))
        // The content block names are the field kinds' names plus text, image and custom.
        let fieldNames = [
            FieldKind.rating(min: 1, max: 5, value: nil), .textField(format: .text, maxLength: nil),
            .textEditor(maxLength: nil), .toggle(value: false),
        ].map(\.name)
        #expect(Set(FormatKeys.contentBlock) == Set(fieldNames + ["text", "image", "custom"]))
        for name in fieldNames { #expect(FieldKind.keys(ofBlock: name) != nil, "\(name)") }
    }
}
