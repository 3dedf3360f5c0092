import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowTerminal

/// Writes a ``FlowGraph`` in the Graphviz DOT language:
///
/// ```dot
/// digraph "call-quality-rating" {
///   rankdir=LR;
///   node [shape=box, style=rounded];
///   start [shape=point, label=""];
///   s0 [label="rate-call\n(feedback)"];
///   s1 [label="thanks\n(success)"];
///   start -> s0 [label="present"];
///   s0 -> s1 [label="push"];
/// }
/// ```
///
/// Node ids are `s0`, `s1`, …; screen ids appear only inside quoted labels, escaped per
/// the DOT grammar (a `"` as `\"`, a backslash doubled, a line break as `\n`).
enum DOTGraphWriter {
    static func render(_ graph: FlowGraph) -> String {
        let names = graph.nodeNames
        var out = "digraph \(quoted(graph.flowID)) {\n"
        out += "  rankdir=LR;\n"
        out += "  node [shape=box, style=rounded];\n"
        out += "  start [shape=point, label=\"\"];\n"
        for screen in graph.screens {
            guard let name = names[screen.id] else { continue }
            out += "  \(name) [label=\(quoted(screen.id + "\n(" + screen.style + ")"))];\n"
        }
        if let first = names[graph.start] {
            out += "  start -> \(first) [label=\(quoted(graph.entry))];\n"
        }
        for edge in graph.edges {
            guard let from = names[edge.from], let to = names[edge.to] else { continue }
            out += "  \(from) -> \(to) [label=\(quoted(edge.label))];\n"
        }
        return out + "}\n"
    }

    /// A DOT double-quoted string.
    static func quoted(_ text: String) -> String {
        let escaped = text.replacingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": ""
            default: nil
            }
        }
        return "\"" + escaped + "\""
    }
}
