import FeedbackFlow
import FlowSource
import Testing

/// A compilation that lets the node tree go before validation reports exactly what one
/// that keeps it reports, inline suppressions (which read the tree) included.
@Suite("Compiling without keeping the tree")
struct CompileTreeKeepingTests {
    static let text = """
        version: 1
        id: t
        start: a
        screens:
          a:
            style: informative
            title: A
            subtitle: |
              # feedbackflow: disable-next-line unreachable-screen
              text
            primaryAction: {button: {title: Done, action: dismiss}}
          # feedbackflow: disable-next-line unreachable-screen
          b:
            style: informative
            title: B
            primaryAction: {button: {title: Done, action: dismiss}}
          c:
            style: informative
            title: C
            primaryAction: {button: {title: Done, action: dismiss}}
        """

    @Test("the same diagnostics and flow; only the kept one still has its root")
    func sameResult() {
        let load = { DocumentLoader.load(SourceFile(path: "flow.yaml", text: Self.text), format: .yaml) }
        let kept = FlowCompiler.compile(load())
        let dropped = FlowCompiler.compile(load(), keepingTree: false)
        #expect(kept.document.root != nil)
        #expect(dropped.document.root == nil)
        #expect(dropped.diagnostics == kept.diagnostics)
        #expect(dropped.flow == kept.flow)
        // The suppression before `b` drops its warning; the one inside the block scalar is text.
        #expect(kept.diagnostics.map(\.code) == ["unreachable-screen"])
        #expect(kept.diagnostics.first?.span?.start.line == 17)
        #expect(FlowCompiler.compile(text: Self.text).diagnostics == kept.diagnostics)
    }
}
