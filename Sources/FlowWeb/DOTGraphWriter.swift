import FlowReporting
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
/// (``GraphLook``), and a legend below the drawing shows them all.
package enum DOTGraphWriter {
    /// - Parameter theme: the look of each screen style (default ``Theme/standard``).
    package static func render(_ graph: FlowGraph, theme: Theme = .standard) -> String {
        var out = "digraph \(quoted(graph.flowID)) {\n"
        out += "  rankdir=LR;\n"
        out += "  node [fontname=\"Helvetica\", fontsize=11];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        for node in graph.nodes { out += "  " + statement(node, theme: theme) }
        for edge in graph.edges {
            let lines = edge.lines + (edge.isUntested ? [GraphLook.untestedLabel] : [])
            out += "  \(edge.from) -> \(edge.to) [label=\(quoted(lines.joined(separator: "\n"))), \(attributes(of: edge.kind, onFailure: edge.isOnFailure, untested: edge.isUntested))];\n"
        }
        out += legend(theme: theme, coverage: graph.showsCoverage)
        return out + "}\n"
    }

    /// `NAME [label="…", …];` and a line break.
    package static func statement(_ node: FlowGraph.Node, theme: Theme) -> String {
        "\(node.id) [label=\(quoted(node.lines.joined(separator: "\n"))), \(attributes(of: node, theme: theme))];\n"
    }

    /// The look of a node.
    package static func attributes(of node: FlowGraph.Node, theme: Theme) -> String {
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

    /// The look of an edge of `kind`; an `untested` one (``FlowGraph/Edge/isUntested``) in
    /// the untested colour, thick, whatever its kind.
    package static func attributes(of kind: FlowGraph.EdgeKind, onFailure: Bool, untested: Bool = false) -> String {
        let look = GraphLook.edge(kind)
        let color = untested ? GraphLook.untestedColor : onFailure ? GraphLook.failureColor : look.color
        var parts = ["color=\"\(color)\"", "style=\(onFailure ? "dashed" : look.dot)"]
        if untested {
            parts += ["fontcolor=\"\(color)\"", "penwidth=3"]
        } else if kind == .present {
            parts.append("penwidth=2")
        }
        if kind == .popTo || kind == .exit { parts.append("arrowhead=vee") }
        return parts.joined(separator: ", ")
    }

    /// The legend: the graph's own label, below the drawing (`labelloc=b`), a table of two
    /// rows: each kind of node in its colours and outline (a screen of each style, a
    /// choice, an exit, an unreachable and a dead-end screen), then each kind of edge as a
    /// stroke of its colour and line (``GraphLook/legendEdges``, and on failure). A few
    /// lines high whatever the flow, so the flow keeps the drawing.
    /// With `coverage`, an untested route's look is in it too.
    package static func legend(theme: Theme, coverage: Bool = false) -> String {
        var nodes = ""
        for node in GraphLook.legendNodes {
            let colours = GraphLook.colours(of: node.kind, theme: theme)
            let text = node.isUnreachable ? GraphLook.unreachableText : colours.text
            let outline = node.isDeadEnd ? GraphLook.deadEndColor : colours.stroke
            var style: [String] = []
            if case .screen = node.kind { style.append("rounded") }
            if node.isUnreachable { style.append("dashed") }
            let border = node.isDeadEnd ? 2 : 1
            nodes += "<TD><TABLE BORDER=\"\(border)\" CELLBORDER=\"0\" CELLPADDING=\"3\" BGCOLOR=\"\(html(colours.fill))\" COLOR=\"\(html(outline))\""
            nodes += style.isEmpty ? "" : " STYLE=\"\(style.joined(separator: ","))\""
            nodes += "><TR><TD><FONT COLOR=\"\(html(text))\">\(html(node.lines.joined(separator: " ")))</FONT></TD></TR></TABLE></TD>"
        }
        var edges = ""
        let strokes = GraphLook.legendEdges.map { kind in (kind.rawValue, GraphLook.edge(kind).color, GraphLook.edge(kind).dot) }
            + [("onFailure", GraphLook.failureColor, "dashed")] + (coverage ? [(GraphLook.untestedLabel, GraphLook.untestedColor, "bold")] : [])
        for (name, color, line) in strokes {
            let stroke: String
            switch line {
            case "bold": stroke = "━━━▶"
            case "dotted": stroke = "┈┈┈▶"
            case "dashed": stroke = "╌╌╌▶"
            default: stroke = "───▶"
            }
            edges += "<TD><FONT COLOR=\"\(color)\">\(stroke)</FONT> \(html(name))</TD>"
        }
        return """
              labelloc=b; labeljust=l; fontname="Helvetica"; fontsize=10;
              label=<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2"><TR><TD ALIGN="LEFT"><TABLE BORDER="0" CELLSPACING="4"><TR><TD>Legend:</TD>\(nodes)</TR></TABLE></TD></TR><TR><TD ALIGN="LEFT"><TABLE BORDER="0" CELLSPACING="6"><TR>\(edges)</TR></TABLE></TD></TR></TABLE>>;

            """
    }

    /// `text` for a Graphviz HTML-like label, whose syntax is XML's: `&`, `<`, `>` and
    /// quotes as entities.
    package static func html(_ text: String) -> String { XMLText.escapedAttribute(text) }

    /// A DOT double-quoted string: `"` and `\` escaped, a line break as `\n`, `&` as
    /// `&amp;` (Graphviz reads `&…;` in any label as an entity), and a character no label
    /// can hold as ``GraphLook/replacement(for:)`` says.
    package static func quoted(_ text: String) -> String {
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
