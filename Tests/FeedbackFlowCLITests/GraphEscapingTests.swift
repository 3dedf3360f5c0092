import FlowWeb
import Foundation
import Testing
import FeedbackFlow
@testable import FeedbackFlowCLI

/// Author text never becomes graph syntax: titles and conditions holding quotes,
/// brackets, parentheses, `&`, `|`, `#`, `<`, `>`, a backslash, a line break and emoji stay
/// one label each, read back from Graphviz's drawing (DOT) and by the rules of Mermaid's
/// quoted labels (a `"` ends one; `#NN;` is an entity code).
@Suite("graph: author text never becomes graph syntax")
struct GraphEscapingTests {
    static let odd = "say \"hi\" <b>#1|x\\ & [a](b){c} `d` 👍🏽"
    static let condition = "rating in [1, 2] && !isEmpty(code) || note == \"<a|b>\""

    static func flow() -> Flow {
        let oddScreen = FeedbackConfiguration(
            id: "odd", style: .informative, title: odd + "\nsecond line", primaryAction: .none)
        let first = FeedbackConfiguration(
            id: "first", style: .success, title: "First",
            primaryAction: .button(ActionButton(
                title: TemplateString(odd),
                action: FlowAction([
                    Step(.branch(ConditionalSteps(condition: FlowExpression(condition), then: [Step(.push("odd"))]))),
                    Step(.push("odd")),
                ]),
                onFailure: FlowAction([Step(.present("first"))]))))
        return Flow(id: "a \"b\"", start: "first", screens: [first, oddScreen])
    }

    @Test("DOT: Graphviz draws each title and condition as written, in one node or edge each, with no warning")
    func dot() async throws {
        let drawing = try await GraphTests.drawing(dot: GraphFormat.dot.render(Self.flow()))
        #expect(drawing.nodes["s_odd"] == ["odd", Self.odd, "second line", "informative", "dead end"])
        #expect(drawing.nodes["c_first_1"] == [Self.condition])
        #expect(drawing.edges.contains(.init(from: "s_first", to: "c_first_1", lines: [Self.odd], style: "solid")))
        // The push after the `if` goes on from the end of each branch.
        #expect(drawing.edges.contains(.init(from: "c_first_1", to: "s_odd", lines: ["then"], style: "solid")))
        #expect(drawing.edges.contains(.init(from: "c_first_1", to: "s_odd", lines: ["then", "after push"], style: "solid")))
        #expect(drawing.edges.contains(.init(from: "c_first_1", to: "s_odd", lines: ["else"], style: "solid")))
        #expect(drawing.edges.contains(.init(from: "s_first", to: "s_first", lines: [Self.odd + ": onFailure"], style: "dashed")))
        #expect(drawing.nodes.count == 4)
    }

    /// The labels of a Mermaid flowchart's node and edge lines, decoded (`#NN;` entity
    /// codes, `<br/>` line breaks); `nil` for a line that is neither, or whose label holds
    /// a character Mermaid reads as syntax.
    static func mermaidLabel(_ line: String) -> [String]? {
        let node = /^  [a-z]\w*(?:\(\(|\[|\{|\(\[)"([^"]*)"(?:\)\)|\]|\}|\]\)):::\w+$/
        let edge = /^  [a-z]\w* (?:-->|==>|-\.->)\|"([^"]*)"\| [a-z]\w*$/
        guard let text = (try? node.wholeMatch(in: line))?.output.1 ?? (try? edge.wholeMatch(in: line))?.output.1 else { return nil }
        let unsafe = Set("\"#&<>|[](){}`")
        var decoded = ""
        var rest = Substring(text)
        while let first = rest.first {
            if rest.hasPrefix("<br/>") {
                decoded += "\n"
                rest = rest.dropFirst(5)
            } else if first == "#", let end = rest.firstIndex(of: ";"), let code = UInt32(rest[rest.index(after: rest.startIndex)..<end]),
                let scalar = Unicode.Scalar(code)
            {
                decoded.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: end)...]
            } else {
                if unsafe.contains(first) { return nil }
                decoded.append(first)
                rest = rest.dropFirst()
            }
        }
        return decoded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("Mermaid: every node and edge line has one quoted label holding no syntax, which decodes to the text")
    func mermaid() {
        let lines = GraphFormat.mermaid.render(Self.flow()).split(separator: "\n").map(String.init)
        let labelled = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("  subgraph") && !$0.hasPrefix("  linkStyle") && !$0.hasPrefix("  classDef") && !$0.hasPrefix("    ") && $0 != "  end" }
        for line in labelled {
            #expect(Self.mermaidLabel(line) != nil, "not one safe label: \(line)")
        }
        let labels = labelled.compactMap(Self.mermaidLabel)
        #expect(labels.contains(["odd", Self.odd + " second line", "informative", "dead end"]))
        #expect(labels.contains([Self.condition]))
        #expect(labels.contains([Self.odd]))
        #expect(labels.contains([Self.odd + ": onFailure"]))
        #expect(lines.contains(
            "  s_first -.->|\"say #34;hi#34; #60;b#62;#35;1#124;x\\ #38; #91;a#93;#40;b#41;#123;c#125; #96;d#96; 👍🏽: onFailure\"| s_first"))
    }

    @Test("an unreachable screen is dashed and says so; a screen with no way out is a dead end")
    func marks() async throws {
        let flow = Flow(id: "marks", start: "a", screens: [
            FeedbackConfiguration(id: "a", style: .success, title: "A", primaryAction: .button(ActionButton(title: "Next", action: FlowAction([Step(.push("b"))])))),
            FeedbackConfiguration(id: "b", style: .success, title: "B", primaryAction: .button(ActionButton(title: "Done", action: FlowAction([Step(.dismiss)])))),
            FeedbackConfiguration(id: "c", style: .error, title: "C", primaryAction: .none),
        ])
        let drawing = try await GraphTests.drawing(dot: GraphFormat.dot.render(flow))
        #expect(drawing.nodes["s_a"] == ["a", "A", "success"])
        #expect(drawing.nodes["s_b"] == ["b", "B", "success"])
        #expect(drawing.nodes["s_c"] == ["c", "C", "error", "unreachable", "dead end"])
    }

    @Test("steps after an if go on from the end of each branch; a branch that only sets a variable carries it on its edge")
    func stepsAfterAnIf() {
        let flow = Flow(id: "chain", start: "a", screens: [
            FeedbackConfiguration(
                id: "a", style: .success, title: "A",
                primaryAction: .button(ActionButton(title: "Go", action: FlowAction([
                    Step(.branch(ConditionalSteps(
                        condition: FlowExpression("rating == 1"), then: [Step(.assign([VariableAssignment(name: "n", value: FlowExpression("1"))]))]))),
                    Step(.push("b")),
                ])))),
            FeedbackConfiguration(id: "b", style: .success, title: "B", primaryAction: .button(ActionButton(title: "Done", action: FlowAction([Step(.dismiss)])))),
        ])
        let graph = FlowGraph(flow: flow)
        #expect(graph.edges.map { "\($0.from)>\($0.to) \($0.lines)" } == [
            "entry>s_a [\"present\"]", "s_a>c_a_1 [\"Go\"]", "c_a_1>s_b [\"then\", \"set n\"]", "c_a_1>s_b [\"else\"]", "s_b>x_dismiss [\"Done\"]",
        ])
        #expect(graph.nodes.first { $0.id == "s_a" }?.isDeadEnd == false)
    }

    @Test("names come from what nodes stand for: adding a screen renames none of the others")
    func stableNames() {
        func names(_ flow: Flow) -> [String] { FlowGraph(flow: flow).nodes.map(\.id) }
        let screens = [
            FeedbackConfiguration(id: "rate-call", style: .success, title: "A", primaryAction: .button(ActionButton(title: "Go", action: FlowAction([Step(.push("thanks"))])))),
            FeedbackConfiguration(id: "thanks", style: .success, title: "B", primaryAction: .button(ActionButton(title: "Done", action: FlowAction([Step(.finish("sent"))])))),
            FeedbackConfiguration(id: "rate_call", style: .success, title: "C", primaryAction: .none),
        ]
        let before = names(Flow(id: "f", start: "rate-call", screens: screens))
        #expect(before == ["entry", "s_rate_call", "s_thanks", "s_rate_call_2", "x_finish_sent"])
        let extra = FeedbackConfiguration(id: "new", style: .error, title: "N", primaryAction: .none)
        let after = names(Flow(id: "f", start: "rate-call", screens: [screens[0], extra] + screens.dropFirst()))
        #expect(after == ["entry", "s_rate_call", "s_new", "s_thanks", "s_rate_call_2", "x_finish_sent"])
    }

    @Test("a control character in a title never reaches DOT, the SVG or Mermaid: Graphviz draws U+FFFD in its place")
    func controlCharacters() async throws {
        let flow = Flow(id: "nul", start: "a", screens: [
            FeedbackConfiguration(id: "a", style: .success, title: "x\u{0}y\u{1}z\u{1B}w", primaryAction: .none)
        ])
        let drawing = try await GraphTests.drawing(dot: GraphFormat.dot.render(flow))
        #expect(drawing.nodes["s_a"] == ["a", "x\u{FFFD}y\u{FFFD}z\u{FFFD}w", "success", "dead end"])
        let unsafe: (Unicode.Scalar) -> Bool = { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0xFFFE || $0.value == 0xFFFF }
        #expect(!GraphFormat.mermaid.render(flow).unicodeScalars.contains(where: unsafe))
        #expect(!GraphFormat.dot.render(flow).unicodeScalars.contains(where: unsafe))
    }

    @Test("a screen whose only button pushes itself navigates, so it is no dead end (validate's dead-end-screen agrees)")
    func selfPushIsNoDeadEnd() {
        let flow = Flow(id: "loop", start: "a", screens: [
            FeedbackConfiguration(id: "a", style: .success, title: "A", primaryAction: .button(ActionButton(title: "Again", action: FlowAction([Step(.push("a"))]))))
        ])
        #expect(FlowGraph(flow: flow).nodes.first { $0.id == "s_a" }?.isDeadEnd == false)
        #expect(!FlowValidator.validate(flow).contains { $0.code == "dead-end-screen" })
    }

    @Test("finish ends the action: no step after it is drawn; pop, popToRoot and dismiss go to their exits; popTo reaches nothing new")
    func exitsAndEnds() {
        let flow = Flow(id: "ends", start: "a", screens: [
            FeedbackConfiguration(
                id: "a", style: .success, title: "A",
                primaryAction: .button(ActionButton(title: "Done", action: FlowAction([Step(.finish("sent")), Step(.push("b"))]))),
                secondaryAction: .button(ActionButton(title: "Next", action: FlowAction([Step(.push("c"))])))),
            FeedbackConfiguration(id: "b", style: .success, title: "B", primaryAction: .button(ActionButton(title: "Back", action: FlowAction([Step(.popTo("a"))])))),
            FeedbackConfiguration(
                id: "c", style: .success, title: "C",
                primaryAction: .button(ActionButton(title: "Up", action: FlowAction([Step(.pop)]))),
                secondaryAction: .button(ActionButton(title: "Home", action: FlowAction([Step(.popToRoot), Step(.dismiss)])))),
        ])
        let graph = FlowGraph(flow: flow)
        #expect(graph.edges.map { "\($0.from)>\($0.to) \($0.lines)" } == [
            "entry>s_a [\"present\"]", "s_a>x_finish_sent [\"Done\"]", "s_a>s_c [\"Next\"]", "s_b>s_a [\"Back\"]",
            "s_c>x_pop [\"Up\"]", "s_c>x_popToRoot [\"Home\"]", "s_c>x_dismiss [\"Home\", \"after popToRoot\"]",
        ])
        // b is reached only by the push after a finish (never run), so it is unreachable.
        #expect(graph.nodes.first { $0.id == "s_b" }?.isUnreachable == true)
    }

    @Test("a screen shown only by steps after a finish is unreachable for validate as for graph; one shown in one branch of an if is reached")
    func unreachableAfterFinishAgrees() {
        // A step after `finish`, or after an `if` both of whose branches finish, never runs.
        let flow = Flow(id: "ends", start: "a", screens: [
            FeedbackConfiguration(
                id: "a", style: .success, title: "A",
                primaryAction: .button(ActionButton(title: "Done", action: FlowAction([Step(.finish("sent")), Step(.push("b"))]))),
                secondaryAction: .button(ActionButton(title: "Maybe", action: FlowAction([
                    Step(.branch(ConditionalSteps(condition: "true", then: [Step(.finish("x"))], otherwise: [Step(.push("c"))]))),
                    Step(.push("d")),
                ])))),
            FeedbackConfiguration(id: "b", style: .success, title: "B", primaryAction: .button(ActionButton(title: "Back", action: FlowAction([Step(.pop)])))),
            FeedbackConfiguration(id: "c", style: .success, title: "C", primaryAction: .button(ActionButton(title: "Back", action: FlowAction([Step(.pop)])))),
            FeedbackConfiguration(id: "d", style: .success, title: "D", primaryAction: .button(ActionButton(title: "Back", action: FlowAction([Step(.pop)])))),
        ])
        let graph = FlowGraph(flow: flow)
        #expect(graph.nodes.filter(\.isUnreachable).map(\.id) == ["s_b"])
        let warned = FlowValidator.validate(flow).filter { $0.code == "unreachable-screen" }.map(\.message)
        #expect(warned == ["screen 'b' is unreachable from the start screen 'a'"])
    }

    @Test("a theme colour with alpha is drawn with its alpha")
    func alphaColour() {
        var theme = Theme.standard
        theme.looks["success"]?.background = "#1E8E3E20"
        let flow = Flow(id: "alpha", start: "a", screens: [FeedbackConfiguration(id: "a", style: .success, title: "A", primaryAction: .none)])
        #expect(GraphFormat.dot.render(flow, theme: theme).contains("fillcolor=\"#1E8E3E20\""))
        #expect(GraphFormat.mermaid.render(flow, theme: theme).contains("classDef success fill:#1E8E3E20,"))
    }
}
