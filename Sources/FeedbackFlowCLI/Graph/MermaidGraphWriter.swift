import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowTerminal

/// Writes a ``FlowGraph`` as a Mermaid flowchart:
///
/// ```
/// flowchart LR
///   start((start))
///   s0["rate-call<br/>(feedback)"]
///   s1["thanks<br/>(success)"]
///   start -->|present| s0
///   s0 -->|push| s1
/// ```
///
/// Node ids are `s0`, `s1`, …; screen ids appear only inside quoted labels, where `#`,
/// `"`, `<` and `>` are written as Mermaid entity codes (`#35;`, `#quot;`, `#lt;`,
/// `#gt;`).
enum MermaidGraphWriter {
    static func render(_ graph: FlowGraph) -> String {
        let names = graph.nodeNames
        var out = "flowchart LR\n"
        out += "  start((start))\n"
        for screen in graph.screens {
            guard let name = names[screen.id] else { continue }
            out += "  \(name)[\"\(escaped(screen.id))<br/>(\(escaped(screen.style)))\"]\n"
        }
        if let first = names[graph.start] {
            out += "  start -->|\(escaped(graph.entry))| \(first)\n"
        }
        for edge in graph.edges {
            guard let from = names[edge.from], let to = names[edge.to] else { continue }
            out += "  \(from) -->|\(escaped(edge.label))| \(to)\n"
        }
        return out
    }

    static func escaped(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "#": "#35;"
            case "\"": "#quot;"
            case "<": "#lt;"
            case ">": "#gt;"
            case "|": "#124;"
            case "\n", "\r": " "
            default: nil
            }
        }
    }
}
