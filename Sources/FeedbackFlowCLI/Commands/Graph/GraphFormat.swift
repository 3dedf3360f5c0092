import FlowCompile
import FlowWeb

/// The output formats of `graph --format`.
package enum GraphFormat: String, Sendable, Hashable, CaseIterable {
    /// Graphviz DOT (`dot -Tsvg`).
    case dot
    /// SVG, drawn from the DOT by Graphviz's `dot` (which must be installed).
    case svg
    /// A Mermaid flowchart (renders in GitHub Markdown).
    case mermaid
    /// Sorted lines of facts for review and `validate --baseline` (``NavigationBaseline``).
    case baseline

    /// The flow's graph written in this format, ending with a newline; for `svg`, the DOT
    /// that `dot -Tsvg` draws (``GraphCommand`` runs it).
    /// - Parameter file: the flow's file, as baselines name it.
    /// - Parameter theme: the look of each screen style (default ``Theme/standard``).
    /// - Parameter taken: the routes a coverage report says were taken
    ///   (``FlowGraph/Edge/key``s); the others are drawn untested. `nil`: no coverage is
    ///   shown (a baseline shows none).
    package func render(_ flow: Flow, file: String = "flow", theme: Theme = .standard, taken: Set<String>? = nil) -> String {
        var graph: FlowGraph {
            var graph = FlowGraph(flow: flow)
            if let taken { graph.markCoverage(taken: taken) }
            return graph
        }
        return switch self {
        case .dot, .svg: DOTGraphWriter.render(graph, theme: theme)
        case .mermaid: MermaidGraphWriter.render(graph, theme: theme)
        case .baseline: NavigationBaseline.text(NavigationBaseline.facts(of: flow, file: file))
        }
    }
}
