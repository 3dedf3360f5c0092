import FlowSource
import FlowSystem

/// What the language server's completion and hover read from the JSON Schema the tool
/// carries (``FormatSchema``, itself tested against the format's tables): each key's
/// description, the values a key may take (`enum`s: styles, formats, presentations,
/// types), which keys hold an expression, and which mappings hold names whose values are
/// types or expressions. Read once.
package enum SchemaFacts {
    /// What a key's value is, for completion.
    package enum Value: Equatable {
        /// One of these words.
        case oneOf([String])
        /// An expression (`docs/expressions.md`).
        case expression
        /// A screen id.
        case screenID
    }

    /// The schema's `description` of each key, by the definition it belongs to (a step's
    /// under `step`).
    package static let descriptions: [String: [String: String]] = facts.descriptions
    /// The value of each key the schema gives one for, by key (a key means one thing
    /// wherever the format writes it; ``conflicts`` lists any that does not).
    package static let values: [String: Value] = facts.values
    /// Keys the schema gives different values in different places: left out of ``values``
    /// (none today; a test keeps it so).
    package static let conflicts: Set<String> = facts.conflicts
    /// The keys whose value is always text where the format writes them (a title, a label,
    /// an id, an expression, a screen id): what `convert` writes as a JSON string even when
    /// YAML would read the plain text as a number or a boolean (`title: 007`, `title: true`).
    package static let textKeys: Set<String> = facts.textKeys

    /// For a mapping whose keys are names (`context:`, `variables:`, a handler's
    /// `arguments:` and `returns:`, `set:`), what each name's value is.
    package static let namedValues: [String: Value] = facts.namedValues

    private static let facts:
        (descriptions: [String: [String: String]], values: [String: Value], namedValues: [String: Value], conflicts: Set<String>, textKeys: Set<String>) = {
        guard let schema = try? JSONDecoder().decode(RPCValue.self, from: Data(FormatSchema.text.utf8)),
            case .object(let definitions)? = schema["$defs"]
        else { return ([:], [:], [:], [], []) }
        func words(_ node: RPCValue?) -> [String]? {
            guard let node else { return nil }
            if let items = node["enum"]?.array { return items.compactMap(\.string) }
            if let reference = node["$ref"]?.string, let name = reference.split(separator: "/").last {
                return words(definitions[String(name)])
            }
            return nil
        }
        func value(_ property: RPCValue) -> Value? {
            switch property["$ref"]?.string {
            case "#/$defs/expression": return .expression
            case "#/$defs/screenID": return .screenID
            default: return words(property).map(Value.oneOf)
            }
        }
        var descriptions: [String: [String: String]] = [:]
        var values: [String: Value] = [:]
        var namedValues: [String: Value] = [:]
        var conflicts: Set<String> = []
        var textual: [String: Bool] = [:]
        /// Whether `property` is text and nothing else (a string, possibly null, or an expression or screen id).
        func isText(_ property: RPCValue) -> Bool {
            switch property["$ref"]?.string {
            case "#/$defs/expression"?, "#/$defs/screenID"?: return true
            case .some: return false
            case nil: break
            }
            if property["type"] == .string("string") { return true }
            if let types = property["type"]?.array?.compactMap(\.string) { return types.contains("string") && Set(types).isSubset(of: ["string", "null"]) }
            return false
        }
        for (name, definition) in definitions {
            var bodies = [definition]
            bodies += definition["oneOf"]?.array ?? []
            for body in bodies {
                guard case .object(let properties)? = body["properties"] else { continue }
                for (key, property) in properties {
                    // `true` (anything, said elsewhere) leaves the key as the other places make it.
                    if property != .bool(true) { textual[key] = (textual[key] ?? true) && isText(property) }
                    if let text = property["description"]?.string { descriptions[name, default: [:]][key] = text }
                    if let found = value(property) {
                        if let known = values[key], known != found { conflicts.insert(key) }
                        values[key] = found
                    }
                    // A mapping of names: its `additionalProperties` say what each value is.
                    if let reference = property["$ref"]?.string, let target = reference.split(separator: "/").last,
                        let each = definitions[String(target)]?["additionalProperties"], let found = value(each)
                    {
                        namedValues[key] = found
                    }
                }
            }
        }
        for key in conflicts { values[key] = nil }
        return (descriptions, values, namedValues, conflicts, Set(textual.filter(\.value).keys))
    }()
}
