import FeedbackFlow
import FlowSource
import Testing

/// Looking screens up by id: ``Flow/screen(_:)``, ``Flow/screenIndex()`` and the
/// validator rules built on them, including repeated ids (possible in code-built flows).
@Suite("Screen lookup by id")
struct ScreenLookupTests {
    static func span(_ line: Int) -> SourceSpan {
        SourceSpan(file: "code.yaml", start: SourcePosition(line: line, column: 3), end: SourcePosition(line: line, column: 4))
    }

    static func screen(_ id: String, title: TemplateString = "Title", steps: [Step] = [], line: Int? = nil) -> FeedbackConfiguration {
        FeedbackConfiguration(
            id: id, style: .success, title: title, subtitle: nil,
            primaryAction: steps.isEmpty ? .none : .button(ActionButton(title: "Go", action: FlowAction(steps))),
            secondaryAction: .none, extraContent: [], span: line.map(span))
    }

    @Test("screen(_:) and screenIndex() find the first screen of a repeated id, nil/absent for others")
    func firstOfDuplicates() {
        let flow = Flow(id: "f", start: "a", screens: [
            Self.screen("a", title: "first a"), Self.screen("b"), Self.screen("a", title: "second a"),
        ])
        #expect(flow.screen("a")?.title.raw == "first a")
        #expect(flow.screen("b")?.id == "b")
        #expect(flow.screen("c") == nil)
        #expect(flow.screenIndex() == ["a": 0, "b": 1])
    }

    @Test("each repeated screen id is a duplicate-screen-id error noting the first definition")
    func duplicateScreenIDs() {
        let flow = Flow(id: "f", start: "a", screens: [
            Self.screen("a", line: 2), Self.screen("b", steps: [Step(.push("a"))], line: 4),
            Self.screen("a", line: 6), Self.screen("a", line: 8),
        ])
        let duplicates = FlowValidator.validate(flow).filter { $0.code == "duplicate-screen-id" }
        #expect(duplicates.map(\.span) == [Self.span(6), Self.span(8)])
        #expect(duplicates.map(\.message) == ["duplicate screen id 'a'", "duplicate screen id 'a'"])
        #expect(duplicates.map { $0.notes.map(\.span) } == [[Self.span(2)], [Self.span(2)]])
    }

    @Test("a push chain of 3,000 screens is all reachable: no warning, and a broken link is found")
    func longChain() {
        let count = 3_000
        var screens = (0..<count).map { Self.screen("s\($0)", steps: $0 + 1 < count ? [Step(.push("s\($0 + 1)"))] : []) }
        #expect(FlowValidator.validate(Flow(id: "f", start: "s0", screens: screens)).isEmpty)
        // Cut the chain in the middle: the second half is unreachable.
        screens[1_499] = Self.screen("s1499")
        let unreachable = FlowValidator.validate(Flow(id: "f", start: "s0", screens: screens))
            .filter { $0.code == "unreachable-screen" }
        #expect(unreachable.count == 1_500)
    }
}
