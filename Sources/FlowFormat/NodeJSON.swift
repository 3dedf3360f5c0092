import FlowCompile
import FlowSource

/// A located node tree (YAML or JSON, aliases expanded and merge keys applied by the
/// loader) as a JSON value that reads the same wherever the format reads it: a plain
/// scalar the loader reads as null or `true`/`false` stays that; one it reads as a number
/// (YAML 1.2 core schema: `+1`, `.5`, `0x1F`, `007`) is that number as JSON writes it
/// (`1`, `0.5`, `31`, `7`: ``FlowCompile/FlowValue/jsonNumber(_:)``, as feedback lines write
/// numbers); every other scalar is a string, its text unchanged. A number
/// where a text is expected (a title `+1`) would then read otherwise: `convert` compiles
/// its output and refuses such a file. Mapping members keep their written order.
/// O(nodes, aliases expanded).
package enum NodeJSON {
    /// A flow file's root as a JSON value (``value(of:textKeys:isText:isStep:)``), with the
    /// flow's id written out when the file lets it default to the file's name (a `screens`
    /// mapping without `id`), after `version`: so the text keeps the id under another name.
    package static func flowValue(of root: Node, flowID: String?, textKeys: Set<String>) -> JSONValue {
        let value = NodeJSON.value(of: root, textKeys: textKeys)
        guard case .object(var members) = value, let flowID, members.contains(where: { $0.key == "screens" }),
            !members.contains(where: { $0.key == "id" })
        else { return value }
        members.insert(("id", .string(flowID)), at: members.firstIndex { $0.key == "version" }.map { $0 + 1 } ?? 0)
        return .object(members)
    }

    /// `node` as a JSON value. With `textKeys`, a scalar under one of those keys is always a
    /// string (in the format's own mappings: not inside a `custom` value or a custom step's
    /// argument, whose numbers are numbers). `isStep`: `node` is a step or a list of steps.
    package static func value(of node: Node, textKeys: Set<String> = [], isText: Bool = false, isStep: Bool = false) -> JSONValue {
        switch node.kind {
        case .scalar(let text, _):
            guard let scalar = node.scalar else { return .string(text) }
            if isText, !scalar.isNull { return .string(text) }
            if scalar.isNull { return .null }
            if let bool = scalar.bool { return .bool(bool) }
            if let number = scalar.number, let json = FlowValue.jsonNumber(number) { return .number(json) }
            return .string(text)
        case .sequence(let items):
            return .array(items.map { value(of: $0, textKeys: textKeys, isStep: isStep) })
        case .mapping(let entries):
            // A key that is not a scalar (`? [a, b]`) has no JSON form: its text as written is the closest.
            return .object(entries.map { entry in
                let key = entry.keyText ?? "\(entry.key.span.start.line):\(entry.key.span.start.column)"
                // What a custom step is given, and a `custom` value, are the host's values, typed as written.
                let isHosts = key == "custom" || (isStep && !BuiltInStep.all.contains { $0.name == key })
                let holdsSteps = ["action", "onFailure", "then", "else"].contains(key)
                return (key, value(of: entry.value, textKeys: isHosts ? [] : textKeys, isText: textKeys.contains(key), isStep: holdsSteps))
            })
        }
    }
}
