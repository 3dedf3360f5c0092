import FeedbackFlow
import FlowSource
import Testing

/// The entry point: format choice, file reading, and a realistic flow file.
@Suite("Document loader")
struct DocumentLoaderTests {
    @Test("an unreadable path gives no root and one io-error")
    func unreadable() {
        let document = DocumentLoader.load(path: "/nonexistent/flow.yaml")
        #expect(document.root == nil)
        #expect(document.codes == ["io-error@1:1"])
    }

    @Test("the format follows the extension unless given")
    func formatChoice() {
        #expect(Fixtures.load("json/values.json").format == .json)
        #expect(Fixtures.load("values.yaml").format == .yaml)
        let forced = DocumentLoader.load(SourceFile(path: "x.json", text: "a: 1\n"), format: .yaml)
        #expect(forced.format == .yaml)
        #expect(forced.root?["a"]?.integer == 1)
    }

    @Test("the example flow loads cleanly, comments ignored, escapes decoded, positions exact")
    func exampleFlow() throws {
        let document = DocumentLoader.load(path: Fixtures.url("example-flow.yaml").path)
        #expect(document.diagnostics.isEmpty)
        let root = try #require(document.root)
        #expect(root["start"]?.string == "rate-call")
        #expect(root["start"]?.at == "4:8")
        let screen = try #require(root["screens"]?["rate-call"])
        #expect(screen["title"]?.string == "How is your call going?")
        let rating = try #require(screen["extraContent"]?.sequence?[2]["rating"])
        #expect(rating["max"]?.integer == 5)
        #expect(rating["max"]?.at == "15:64")
        let submit = try #require(screen["primaryAction"]?["button"]?["action"]?.sequence?.first)
        #expect(submit["collectUserFeedback"]?["reason"]?.string == "${email}\n${comment}")
        #expect(root["screens"]?["thanks"]?["primaryAction"]?["button"]?["action"]?.string == "dismiss")
        #expect(root.span.file.hasSuffix("example-flow.yaml"))
    }
}
