import FlowSource

/// Writes a ``FlowGraph`` as a Mermaid flowchart (GitHub renders it in Markdown):
///
/// ```
/// flowchart LR
///   entry(("start")):::entry
///   s_rate_call["rate-call<br/>How was your call?<br/>feedback"]:::feedback
///   entry -->|"present<br/>on callEnded"| s_rate_call
///   s_rate_call -->|"Submit<br/>collectUserFeedback"| s_thanks
/// ```
///
/// Node names are `entry` and ``FlowGraph``'s `s_…`, `c_…`, `x_…`; an author's text appears only inside
/// double-quoted labels (``escaped(_:)``). A `present` edge is thick (`==>`), an
/// `onFailure` or staying edge dotted (`-.->`); colours come from ``GraphLook`` as
/// classes and link styles, and a legend subgraph shows each kind.
package enum MermaidGraphWriter {
    /// - Parameter theme: the look of each screen style (default ``Theme/standard``).
    package static func render(_ graph: FlowGraph, theme: Theme = .standard) -> String {
        var out = "flowchart LR\n"
        for node in graph.nodes { out += "  " + statement(node) }
        var linkStyles: [String] = []
        for (index, edge) in graph.edges.enumerated() {
            let look = GraphLook.edge(edge.kind)
            let arrow = edge.isOnFailure ? "-.->" : look.mermaid
            out += "  \(edge.from) \(arrow)|\(label(edge.lines + (edge.isUntested ? [GraphLook.untestedLabel] : [])))| \(edge.to)\n"
            let stroke = edge.isUntested ? "\(GraphLook.untestedColor),stroke-width:3px" : edge.isOnFailure ? GraphLook.failureColor : look.color
            linkStyles.append("  linkStyle \(index) stroke:\(stroke)\n")
        }
        out += "  subgraph legend [\"Legend\"]\n"
        for node in GraphLook.legendNodes { out += "    " + statement(node) }
        // Each kind of edge between two blank points.
        for (index, kind) in GraphLook.legendEdges.enumerated() {
            out += "    legend_e\(index)a[\" \"] \(GraphLook.edge(kind).mermaid)|\"\(kind.rawValue)\"| legend_e\(index)b[\" \"]\n"
            linkStyles.append("  linkStyle \(linkStyles.count) stroke:\(GraphLook.edge(kind).color)\n")
        }
        out += "    legend_fa[\" \"] -.->|\"onFailure\"| legend_fb[\" \"]\n"
        linkStyles.append("  linkStyle \(linkStyles.count) stroke:\(GraphLook.failureColor)\n")
        if graph.showsCoverage {
            out += "    legend_ua[\" \"] -->|\"\(GraphLook.untestedLabel)\"| legend_ub[\" \"]\n"
            linkStyles.append("  linkStyle \(linkStyles.count) stroke:\(GraphLook.untestedColor),stroke-width:3px\n")
        }
        out += "  end\n"
        out += linkStyles.joined()
        let classes: [(String, FlowGraph.NodeKind)] =
            GraphLook.styles.map { ($0, .screen(style: $0)) } + [("entry", .entry), ("choice", .choice), ("exit", .exit)]
        for (name, kind) in classes {
            let colours = GraphLook.colours(of: kind, theme: theme)
            out += "  classDef \(name) fill:\(colours.fill),stroke:\(colours.stroke),color:\(colours.text)\n"
        }
        // A marked screen has one class in Mermaid: the marks' look, over the informative fill.
        let plain = GraphLook.colours(of: .screen(style: "informative"), theme: theme).fill
        let dashed = "stroke-dasharray:5 5,color:\(GraphLook.unreachableText)"
        out += "  classDef unreachable fill:\(plain),stroke:\(GraphLook.unreachableText),\(dashed)\n"
        out += "  classDef deadEnd fill:\(plain),stroke:\(GraphLook.deadEndColor),stroke-width:2px\n"
        out += "  classDef unreachableDeadEnd fill:\(plain),stroke:\(GraphLook.deadEndColor),stroke-width:2px,\(dashed)\n"
        return out
    }

    /// `NAME["…"]:::CLASS` and a line break.
    package static func statement(_ node: FlowGraph.Node) -> String {
        "\(node.id)\(shape(node.kind, label(node.lines))):::\(className(of: node))\n"
    }

    /// The node's class: its style, or what marks it.
    package static func className(of node: FlowGraph.Node) -> String {
        if node.isUnreachable { return node.isDeadEnd ? "unreachableDeadEnd" : "unreachable" }
        if node.isDeadEnd { return "deadEnd" }
        switch node.kind {
        case .entry: return "entry"
        case .screen(let style): return style
        case .choice: return "choice"
        case .exit: return "exit"
        }
    }

    /// The node's shape around `label`: a circle for the entry, a box for a screen, a
    /// rhombus for a choice, a stadium for an exit.
    package static func shape(_ kind: FlowGraph.NodeKind, _ label: String) -> String {
        switch kind {
        case .entry: "((\(label)))"
        case .screen: "[\(label)]"
        case .choice: "{\(label)}"
        case .exit: "([\(label)])"
        }
    }

    /// The lines as one double-quoted Mermaid label, joined with `<br/>`.
    package static func label(_ lines: [String]) -> String {
        "\"" + lines.map(escaped).joined(separator: "<br/>") + "\""
    }

    /// `text` safe inside a double-quoted Mermaid label: every character that Mermaid or
    /// the HTML it renders could read as syntax (`"`, `#`, `&`, `<`, `>`, `|`, brackets,
    /// parentheses, braces, `` ` ``) as an entity code `#NN;` (its decimal code point), line
    /// breaks as spaces.
    package static func escaped(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "\"", "#", "&", "<", ">", "|", "[", "]", "(", ")", "{", "}", "`": "#\(scalar.value);"
            case "\n", "\r": " "
            default: GraphLook.replacement(for: scalar)
            }
        }
    }
}
