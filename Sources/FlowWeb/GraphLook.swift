import FlowCompile

/// How graphs draw each kind of node and edge, written once for DOT, Mermaid and the
/// legends: a colour and a line per edge kind; a screen's colours are its style's in the
/// ``Theme``.
package enum GraphLook {
    /// The screen styles, in the order legends list them.
    package static let styles = FeedbackStyle.names

    /// The colour of an edge of `kind`, its DOT line style and its Mermaid arrow.
    package static func edge(_ kind: FlowGraph.EdgeKind) -> (color: String, dot: String, mermaid: String) {
        switch kind {
        case .push: ("#333333", "solid", "-->")
        case .present: ("#7b3fbf", "bold", "==>")
        case .replace: ("#2f6fbf", "solid", "-->")
        case .popTo: ("#2e8b57", "solid", "-->")
        case .exit: ("#777777", "solid", "-->")
        case .choice: ("#b38f00", "solid", "-->")
        case .stay: ("#999999", "dotted", "-.->")
        }
    }

    /// The fill, outline and text colours of a node of `kind`: a screen's are its style's in
    /// `theme`.
    package static func colours(of kind: FlowGraph.NodeKind, theme: Theme) -> (fill: String, stroke: String, text: String) {
        switch kind {
        case .entry: ("#333333", "#333333", "#ffffff")
        case .screen(let style):
            { look in (look.background, look.accent, look.text) }(theme.look(of: style))
        case .choice: ("#fff4cc", "#b38f00", "#1b1b1f")
        case .exit: ("#eeeeee", "#777777", "#1b1b1f")
        }
    }

    /// The text colour of an unreachable screen (its outline is dashed).
    package static let unreachableText = "#888888"

    /// The colour of the outline of a dead end.
    package static let deadEndColor = "#cc0000"

    /// What stands for a character a label cannot hold: a control character (U+0000–U+001F
    /// but tab and line breaks, U+007F–U+009F) or a noncharacter XML forbids (U+FFFE,
    /// U+FFFF), which would break the DOT, the SVG Graphviz writes (XML 1.0 §2.2) or Mermaid.
    package static func replacement(for scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09: " "
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: "\u{FFFD}"
        default: nil
        }
    }

    /// The colour of the edges of a button's `onFailure` (dashed).
    package static let failureColor = "#c0392b"

    /// The colour of a route no scenario took (`--coverage`): thick, and labelled
    /// ``untestedLabel``, whatever its kind.
    package static let untestedColor = "#e8590c"
    /// The last line of an untested route's label, and its name in legends.
    package static let untestedLabel = "untested"

    /// The nodes a legend shows: a screen of each style, a choice, an exit, and the two
    /// marks of a screen.
    package static var legendNodes: [FlowGraph.Node] {
        var nodes = styles.enumerated().map { FlowGraph.Node(id: "legend_s\($0)", kind: .screen(style: $1), lines: [$1]) }
        nodes.append(FlowGraph.Node(id: "legend_c", kind: .choice, lines: ["if"]))
        nodes.append(FlowGraph.Node(id: "legend_x", kind: .exit, lines: ["exit"]))
        var unreachable = FlowGraph.Node(id: "legend_u", kind: .screen(style: "informative"), lines: ["unreachable"])
        unreachable.isUnreachable = true
        var deadEnd = FlowGraph.Node(id: "legend_d", kind: .screen(style: "informative"), lines: ["dead end"])
        deadEnd.isDeadEnd = true
        return nodes + [unreachable, deadEnd]
    }

    /// The edge kinds a legend shows.
    package static let legendEdges: [FlowGraph.EdgeKind] = [.push, .present, .replace, .popTo, .exit, .choice, .stay]
}
