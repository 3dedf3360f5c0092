import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation
import FlowSource
import Testing

/// What an app developer writes: screens built in Swift with the short constructors,
/// flows compiled from text, a registry with no arguments, the main-actor front.
@Suite("Host API")
struct HostAPITests {
    static func fixtureText(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/host/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The flow of `rate-and-thank.yaml`, built in Swift with the short constructors.
    static let inSwift = Flow(id: "rate-and-thank", start: "rate", screens: [
        FeedbackConfiguration(
            id: "rate", style: .informative, title: "Rate the call",
            primaryAction: .button(ActionButton(
                title: "Send", action: [.collectUserFeedback(rating: "${rating}"), .push("thanks")])),
            extraContent: [ContentBlock(.field(.rating(id: "rating", label: "Rate Quality")))]),
        FeedbackConfiguration(
            id: "thanks", style: .success, title: "Thank you!",
            primaryAction: .button(ActionButton(title: "Done", action: [.dismiss]))),
    ])

    @Test("a flow compiled from YAML text, its JSON form, and the same flow built in Swift are equal")
    func compileFromText() throws {
        let yaml = FlowCompiler.compile(text: try Self.fixtureText("rate-and-thank.yaml"))
        #expect(yaml.diagnostics.isEmpty)
        #expect(yaml.flow == Self.inSwift)
        let json = """
            {"version": 1, "id": "rate-and-thank", "start": "rate", "screens": {
              "rate": {"style": "informative", "title": "Rate the call",
                "extraContent": [{"rating": {"id": "rating", "label": "Rate Quality"}}],
                "primaryAction": {"button": {"title": "Send",
                  "action": [{"collectUserFeedback": {"rating": "${rating}"}}, {"push": "thanks"}]}}},
              "thanks": {"style": "success", "title": "Thank you!",
                "primaryAction": {"button": {"title": "Done", "action": "dismiss"}}}}}
            """
        let fromJSON = FlowCompiler.compile(text: json, format: .json, name: "rate-and-thank.json")
        #expect(fromJSON.diagnostics.isEmpty)
        #expect(fromJSON.flow == Self.inSwift)
        // The same JSON through the loader of the C-free module.
        let core = FlowCompiler.compileJSON(text: json, name: "rate-and-thank.json")
        #expect(core.diagnostics.isEmpty)
        #expect(core.flow == Self.inSwift)
        // Diagnostics of text name the given file.
        let broken = FlowCompiler.compile(text: "version: 1\nstyle: success\n", name: "inline.yaml")
        #expect(broken.diagnostics.first?.span?.file == "inline.yaml")
        #expect(broken.hasErrors)
    }

    @Test("a registry with no arguments runs screens built in code: openURL and collectUserFeedback succeed and do nothing")
    func registryWithNoArguments() async throws {
        let navigator = FlowNavigator(registry: ActionHandlerRegistry())
        let ran = LockedBox(0)
        let screen = FeedbackConfiguration(
            style: .informative, title: "Hi",
            primaryAction: .button(ActionButton(
                title: "Go", action: [.openURL("https://example.com"), .collectUserFeedback(rating: "4")])),
            secondaryAction: .link(title: "Count", completion: { ran.withLock { $0 += 1 } }))
        let shown = try await navigator.presentFeedback(configuration: screen)
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        #expect(await navigator.snapshot(of: shown.id)?.errorMessage == nil)
        #expect(await navigator.tap(.secondary, on: shown.id) == .ran)
        #expect(ran.withLock { $0 } == 1)
    }

    @Test("events describe themselves in one readable line")
    func eventDescriptions() async throws {
        let presenter = RecordingPresenter()
        let navigator = FlowNavigator(flow: Self.inSwift, presenters: [presenter])
        try await navigator.start()
        try await navigator.navigate(.push("thanks"))
        #expect(presenter.events.map(\.description) == [
            "stackChanged present: rate [1]", "screenShown rate", "stackChanged push: thanks [2]", "screenShown thanks",
        ])
    }
}
