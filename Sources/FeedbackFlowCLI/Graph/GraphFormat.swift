import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// The output formats of `graph --format`.
package enum GraphFormat: String, Sendable, Hashable, CaseIterable {
    /// Graphviz DOT (`dot -Tsvg`).
    case dot
    /// A Mermaid flowchart (renders in GitHub Markdown).
    case mermaid

    /// The graph written in this format, ending with a newline.
    package func render(_ graph: FlowGraph) -> String {
        switch self {
        case .dot: DOTGraphWriter.render(graph)
        case .mermaid: MermaidGraphWriter.render(graph)
        }
    }
}
