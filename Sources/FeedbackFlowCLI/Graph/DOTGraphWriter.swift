import FlowSource

/// Writes a ``FlowGraph`` in the Graphviz DOT language (`dot -Tsvg` draws it):
///
/// ```dot
/// digraph "call-quality-rating" {
///   rankdir=LR;
///   entry [label="start", shape=circle, …];
///   s_rate_call [label="rate-call\nHow was your call?\nfeedback", fillcolor="#ece0f8", …];
///   entry -> s_rate_call [label="present\non callEnded", …];
///   s_rate_call -> s_thanks [label="Submit\ncollectUserFeedback", …];
///   …
/// }
/// ```
///
/// Node names are `entry` and ``FlowGraph``'s `s_…`, `c_…`, `x_…`; an author's text appears only inside
/// double-quoted labels (``quoted(_:)``). Each kind of node and edge has its look
/// (``GraphLook``), and a legend cluster shows them all.
enum DOTGraphWriter {
    /// - Parameter theme: the look of each screen style (default ``Theme/standard``).
    static func render(_ graph: FlowGraph, theme: Theme = .standard) -> String {
        var out = "digraph \(quoted(graph.flowID)) {\n"
        out += "  rankdir=LR;\n"
        out += "  node [fontname=\"Helvetica\", fontsize=11];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        for node in graph.nodes { out += "  " + statement(node, theme: theme) }
        for edge in graph.edges {
            out += "  \(edge.from) -> \(edge.to) [label=\(quoted(edge.lines.joined(separator: "\n"))), \(attributes(of: edge.kind, onFailure: edge.isOnFailure))];\n"
        }
        out += legend(theme: theme)
        return out + "}\n"
    }

    /// `NAME [label="…", …];` and a line break.
    static func statement(_ node: FlowGraph.Node, theme: Theme) -> String {
        "\(node.id) [label=\(quoted(node.lines.joined(separator: "\n"))), \(attributes(of: node, theme: theme))];\n"
    }

    /// The look of a node.
    static func attributes(of node: FlowGraph.Node, theme: Theme) -> String {
        let colours = GraphLook.colours(of: node.kind, theme: theme)
        var style = ["filled"]
        let shape: String
        switch node.kind {
        case .entry: shape = "circle"
        case .screen:
            shape = "box"
            style.append("rounded")
        case .choice: shape = "diamond"
        case .exit: shape = "oval"
        }
        if node.isUnreachable { style.append("dashed") }
        var parts = [
            "style=\"\(style.joined(separator: ","))\"", "shape=\(shape)", "fillcolor=\"\(colours.fill)\"",
            "color=\"\(node.isDeadEnd ? GraphLook.deadEndColor : colours.stroke)\"",
            "fontcolor=\"\(node.isUnreachable ? GraphLook.unreachableText : colours.text)\"",
        ]
        if node.isDeadEnd { parts.append("penwidth=2") }
        return parts.joined(separator: ", ")
    }

    /// The look of an edge of `kind`.
    static func attributes(of kind: FlowGraph.EdgeKind, onFailure: Bool) -> String {
        let look = GraphLook.edge(kind)
        var parts = ["color=\"\(onFailure ? GraphLook.failureColor : look.color)\"", "style=\(onFailure ? "dashed" : look.dot)"]
        if kind == .present { parts.append("penwidth=2") }
        if kind == .popTo || kind == .exit { parts.append("arrowhead=vee") }
        return parts.joined(separator: ", ")
    }

    /// A cluster showing each kind of node and edge once.
    static func legend(theme: Theme) -> String {
        var out = "  subgraph cluster_legend {\n    label=\"Legend\"; fontname=\"Helvetica\"; fontsize=11; color=\"#cccccc\";\n"
        for node in GraphLook.legendNodes { out += "    " + statement(node, theme: theme) }
        for (index, kind) in GraphLook.legendEdges.enumerated() {
            out += "    legend_e\(index)a [label=\"\", shape=point];\n    legend_e\(index)b [label=\"\", shape=point];\n"
            out += "    legend_e\(index)a -> legend_e\(index)b [label=\(quoted(kind.rawValue)), \(attributes(of: kind, onFailure: false))];\n"
        }
        out += "    legend_fa [label=\"\", shape=point];\n    legend_fb [label=\"\", shape=point];\n"
        out += "    legend_fa -> legend_fb [label=\"onFailure\", \(attributes(of: .push, onFailure: true))];\n"
        return out + "  }\n"
    }

    /// A DOT double-quoted string: `"` and `\` escaped, a line break as `\n`, `&` as
    /// `&amp;` (Graphviz reads `&…;` in any label as an entity), and a character no label
    /// can hold as ``GraphLook/replacement(for:)`` says.
    static func quoted(_ text: String) -> String {
        let escaped = text.replacingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "&": "&amp;"
            case "\n": "\\n"
            case "\r": ""
            default: GraphLook.replacement(for: scalar)
            }
        }
        return "\"" + escaped + "\""
    }
}
