import FeedbackFlowTestSupport
import Foundation
import Testing

/// The library's DocC catalog, built with the toolchain's `docc` as `scripts/docs` builds it.
@Suite("Documentation catalog")
struct DocumentationCatalogTests {
    @Test("docc builds the FeedbackFlow catalog with no warnings: every symbol link resolves, every article is in it")
    func catalogBuilds() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedbackflow-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("FeedbackFlow.doccarchive")
        let binPath = BuiltTool.executable.deletingLastPathComponent().path
        let run = try await BuiltTool.runProgram(
            BuiltTool.repositoryRoot.appendingPathComponent("scripts/docs").path, ["--bin-path", binPath, archive.path])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let pages = archive.appendingPathComponent("data/documentation/feedbackflow")
        // The articles the catalog promises, and symbols of each module the product re-exports.
        for page in [
            "showafeedbackscreen", "runaflowfromafile", "writeapresenter", "deliverfeedbackwithoutlosingit",
            "decidewhentopresent", "flownavigator", "runningaction", "flowcompiler", "diagnostic",
        ] {
            #expect(FileManager.default.fileExists(atPath: pages.appendingPathComponent(page + ".json").path), "\(page)")
        }
        // The article shows the closure that submits feedback.
        let article = try String(contentsOf: pages.appendingPathComponent("showafeedbackscreen.json"), encoding: .utf8)
        #expect(article.contains("collectUserFeedback("))
    }

    @Test("a broken symbol link fails the documentation build")
    func brokenLinkFails() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedbackflow-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("FeedbackFlow.docc")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try "# ``FeedbackFlow``\n\nShown by ``FlowNavigator``, not by ``NoSuchNavigator``.\n".write(
            to: catalog.appendingPathComponent("FeedbackFlow.md"), atomically: true, encoding: .utf8)
        let run = try await BuiltTool.runProgram(
            BuiltTool.repositoryRoot.appendingPathComponent("scripts/docs").path,
            ["--bin-path", BuiltTool.executable.deletingLastPathComponent().path, "--catalog", catalog.path,
             folder.appendingPathComponent("out").path])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("'NoSuchNavigator' doesn't exist"))
        #expect(!run.standardOutput.contains("'FlowNavigator' doesn't exist"))
    }

    /// The Swift code blocks of a Markdown page, in order.
    static func swiftBlocks(of page: URL) throws -> [String] {
        let text = try String(contentsOf: page, encoding: .utf8)
        return text.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    static let pages: [String] = ["README.md"] + [
        "ShowAFeedbackScreen", "RunAFlowFromAFile", "WriteAPresenter", "DeliverFeedbackWithoutLosingIt",
        "DecideWhenToPresent",
    ].map { "Sources/FeedbackFlow/FeedbackFlow.docc/\($0).md" }

    /// Type-checks `blocks` (a page's examples, in order, in one function body after the
    /// prelude) against the modules the tests were built with.
    static func typeCheck(_ blocks: [String], in folder: URL) async throws -> BuiltTool.Result {
        let prelude = try String(contentsOf: BuiltTool.fixture("docs/prelude.swift"), encoding: .utf8)
        // `import` lines stay at file scope; everything else runs in the function.
        let body = blocks.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        let file = folder.appendingPathComponent("example.swift")
        // An app's code runs on the main actor, where its views and the front live.
        try (prelude + "\n@MainActor func example() async throws {\n" + body + "\n}\n").write(to: file, atomically: true, encoding: .utf8)
        // SwiftUI and UIKit, which Linux has not, as the shapes the articles' views use.
        return try await BuiltTool.typeCheck([file.path, BuiltTool.fixture("docs/apple-ui-stubs.swift").path])
    }

    @Test("every Swift example of the README and the catalog's articles type-checks against the library", arguments: Self.pages)
    func examplesTypeCheck(_ page: String) async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocks = try Self.swiftBlocks(of: BuiltTool.repositoryRoot.appendingPathComponent(page))
        #expect(!blocks.isEmpty)
        let run = try await Self.typeCheck(blocks, in: folder)
        #expect(run.status == 0, "\(page):\n\(run.standardError)")
    }

    @Test("an example that calls what the library does not have fails the type check")
    func brokenExampleFails() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await Self.typeCheck(["let navigator = FlowNavigator(id: \"x\")\nawait navigator.presentScreen()"], in: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("has no member 'presentScreen'"))
    }
}
