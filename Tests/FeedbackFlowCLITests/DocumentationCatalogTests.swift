import FeedbackFlowTestSupport
import FlowCodeGeneration
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
            "decidewhentopresent", "checkflowsatbuildtime", "flownavigator", "runningaction", "flowcompiler", "diagnostic",
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
        "DecideWhenToPresent", "CheckFlowsAtBuildTime",
    ].map { "Sources/FeedbackFlow/FeedbackFlow.docc/\($0).md" }

    /// The flow files a page shows: its YAML code blocks whose first line names one
    /// (`# Sources/App/support.flow.yaml`), as (file name, text).
    static func flowBlocks(of page: URL) throws -> [(name: String, text: String)] {
        let text = try String(contentsOf: page, encoding: .utf8)
        return text.components(separatedBy: "```yaml\n").dropFirst().compactMap { block in
            guard let body = block.components(separatedBy: "```").first, let first = body.split(separator: "\n").first,
                first.hasPrefix("# "), first.hasSuffix(".flow.yaml"), let name = first.split(separator: "/").last
            else { return nil }
            return (String(name.drop { $0 == "#" || $0 == " " }), body)
        }
    }

    /// Type-checks `blocks` (a page's examples, in order, in one function body after the
    /// prelude) against the modules the tests were built with, with the Swift files
    /// `adding` (what the build-time plugin generates for the page's flows).
    static func typeCheck(_ blocks: [String], in folder: URL, adding files: [String] = []) async throws -> BuiltTool.Result {
        let prelude = try String(contentsOf: BuiltTool.fixture("docs/prelude.swift"), encoding: .utf8)
        // `import` lines stay at file scope; everything else runs in the function.
        let body = blocks.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        let file = folder.appendingPathComponent("example.swift")
        // An app's code runs on the main actor, where its views and the front live.
        try (prelude + "\n@MainActor func example() async throws {\n" + body + "\n}\n").write(to: file, atomically: true, encoding: .utf8)
        // SwiftUI and UIKit, which Linux has not, as the shapes the articles' views use.
        return try await BuiltTool.typeCheck([file.path, BuiltTool.fixture("docs/apple-ui-stubs.swift").path] + files)
    }

    /// Writes each of `flows` into `folder` and generates its Swift as the build-time
    /// plugin would; returns the Swift files' paths.
    static func generatedSwift(of flows: [(name: String, text: String)], in folder: URL) throws -> [String] {
        try flows.map { flow in
            let path = folder.appendingPathComponent(flow.name).path
            try flow.text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = FlowCodeGenerator.generate(path: path, workingDirectory: folder.path)
            let swift = try #require(result.swift, "\(flow.name): \(result.diagnostics)")
            try swift.write(toFile: path + ".swift", atomically: true, encoding: .utf8)
            return path + ".swift"
        }
    }

    @Test("every Swift example of the README and the catalog's articles type-checks against the library", arguments: Self.pages)
    func examplesTypeCheck(_ page: String) async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = BuiltTool.repositoryRoot.appendingPathComponent(page)
        let blocks = try Self.swiftBlocks(of: url)
        #expect(!blocks.isEmpty)
        // A package manifest is checked as one: SwiftPM reads it.
        let manifests = blocks.filter { $0.contains("import PackageDescription") }
        for manifest in manifests {
            let package = folder.appendingPathComponent("manifest")
            try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
            try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            let run = try await BuiltTool.runProgram(
                "/usr/bin/env", ["swift", "package", "--package-path", package.path, "dump-package"], environment: ["TMPDIR": folder.path])
            #expect(run.status == 0, "\(page):\n\(run.standardError)")
        }
        let generated = try Self.generatedSwift(of: Self.flowBlocks(of: url), in: folder)
        let run = try await Self.typeCheck(blocks.filter { !manifests.contains($0) }, in: folder, adding: generated)
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
