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
        #expect(drawing.nodes["s1"] == ["odd", Self.odd, "second line", "informative", "dead end"])
        #expect(drawing.nodes["c0"] == [Self.condition])
        #expect(drawing.edges.contains(.init(from: "s0", to: "c0", lines: [Self.odd], style: "solid")))
        #expect(drawing.edges.contains(.init(from: "s0", to: "s1", lines: [Self.odd], style: "solid")))
        #expect(drawing.edges.contains(.init(from: "s0", to: "s0", lines: [Self.odd + ": onFailure"], style: "dashed")))
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
        #expect(lines.contains("  s0 -.->|\"\(MermaidGraphWriter.escaped(Self.odd + ": onFailure"))\"| s0"))
    }

    @Test("an unreachable screen is dashed and says so; a screen with no way out is a dead end")
    func marks() async throws {
        let flow = Flow(id: "marks", start: "a", screens: [
            FeedbackConfiguration(id: "a", style: .success, title: "A", primaryAction: .button(ActionButton(title: "Next", action: FlowAction([Step(.push("b"))])))),
            FeedbackConfiguration(id: "b", style: .success, title: "B", primaryAction: .button(ActionButton(title: "Done", action: FlowAction([Step(.dismiss)])))),
            FeedbackConfiguration(id: "c", style: .error, title: "C", primaryAction: .none),
        ])
        let drawing = try await GraphTests.drawing(dot: GraphFormat.dot.render(flow))
        #expect(drawing.nodes["s0"] == ["a", "A", "success"])
        #expect(drawing.nodes["s1"] == ["b", "B", "success"])
        #expect(drawing.nodes["s2"] == ["c", "C", "error", "unreachable", "dead end"])
    }
}
