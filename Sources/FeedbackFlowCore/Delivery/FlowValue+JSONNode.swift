import FlowCompile
import FlowSource

extension FlowValue {
    /// The value of a node loaded from JSON (``FlowSource/JSONLoader``), with numbers kept
    /// exactly as written: a plain scalar is `null`, `true`, `false` or a number (the JSON
    /// loader makes plain scalars of nothing else), a quoted one a string; arrays and
    /// objects are read item by item (the first of duplicate keys wins, as in the decoder).
    /// O(size of the node).
    package init(jsonNode node: Node) {
        switch node.kind {
        case .scalar(let text, let style):
            guard style == .plain else {
                self = .string(text)
                return
            }
            switch text {
            case "null": self = .null
            case "true": self = .bool(true)
            case "false": self = .bool(false)
            default: self = .number(text)
            }
        case .sequence(let items):
            self = .list(items.map(FlowValue.init(jsonNode:)))
        case .mapping(let entries):
            var members: [String: FlowValue] = [:]
            for entry in entries {
                guard let key = entry.keyText, members[key] == nil else { continue }
                members[key] = FlowValue(jsonNode: entry.value)
            }
            self = .object(members)
        }
    }
}
