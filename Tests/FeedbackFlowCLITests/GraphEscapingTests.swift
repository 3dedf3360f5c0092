import Testing
import FeedbackFlow
@testable import FeedbackFlowCLI

@Suite("graph: user text never becomes graph syntax")
struct GraphEscapingTests {
    static func flow() -> Flow {
        let odd = FeedbackConfiguration(
            id: "say \"hi\" <b>#1|x\\", style: .informative, title: "Odd",
            primaryAction: .none)
        let first = FeedbackConfiguration(
            id: "first", style: .success, title: "First",
            primaryAction: .button(ActionButton(
                title: "Go", action: FlowAction([Step(.push(odd.id)), Step(.push(odd.id))]),
                onFailure: FlowAction([Step(.present("first"))]))))
        return Flow(id: "a \"b\"", start: "first", screens: [first, odd])
    }

    @Test("DOT quotes ids with escaped quotes and backslashes; repeated edges appear once")
    func dot() {
        let text = GraphFormat.dot.render(Self.flow())
        #expect(text.contains("digraph \"a \\\"b\\\"\" {"))
        #expect(text.contains("s1 [label=\"say \\\"hi\\\" <b>#1|x\\\\\\n(informative)\"];"))
        #expect(text.components(separatedBy: "s0 -> s1 [label=\"push\"];").count == 2)
        #expect(text.contains("s0 -> s0 [label=\"present\"];"))
    }

    @Test("Mermaid writes quotes, markup, # and | in labels as entity codes")
    func mermaid() {
        let text = GraphFormat.mermaid.render(Self.flow())
        #expect(text.contains("  s1[\"say #quot;hi#quot; #lt;b#gt;#35;1#124;x\\<br/>(informative)\"]\n"))
    }
}
