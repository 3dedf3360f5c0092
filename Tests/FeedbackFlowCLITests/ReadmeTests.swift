import Foundation
import Synchronization
import Testing
import FeedbackFlow
import FlowCompile
import FlowSource
@testable import FeedbackFlowCLI
@testable import FlowTerminal
@testable import FlowReporting

@Suite("README: commands, codes and the Swift example stay true")
struct ReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test("the README lists every diagnostic code of decoding and validation")
    func modelCodes() throws {
        let text = try Self.readme()
        for code in FlowDiagnosticCode.allCases {
            #expect(text.contains("| `\(code.rawValue)` | \(code.severity.rawValue) |"), "\(code.rawValue) missing")
        }
    }

    @Test("the README lists the loader's diagnostic codes")
    func loaderCodes() throws {
        let text = try Self.readme()
        // The codes FlowDocument reports (see DocumentLoader's documentation).
        for code in [
            "syntax-error", "duplicate-key", "multiple-documents", "empty-document", "invalid-utf8",
            "tab-indentation", "unknown-alias", "recursive-alias", "alias-expansion-limit", "nesting-depth-limit", "invalid-merge", "io-error",
        ] {
            #expect(text.contains("| `\(code)` |"), "\(code) missing")
        }
    }

    @Test("the README's two commands exist as executable scripts, and .ci/run runs the test one")
    func commands() throws {
        let text = try Self.readme()
        #expect(text.contains("scripts/feedbackflow run flows/call-quality-rating.yaml"))
        #expect(text.contains("\nscripts/test\n"))
        let manager = FileManager.default
        for script in ["scripts/feedbackflow", "scripts/test", "scripts/bootstrap", ".ci/run"] {
            #expect(manager.isExecutableFile(atPath: BuiltTool.repositoryRoot.appendingPathComponent(script).path), "\(script)")
        }
        #expect(manager.fileExists(atPath: BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.yaml").path))
        let ci = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("scripts/test"))
    }

    @Test("the README's line-mode grammar lists every command the runner's help lists")
    func lineModeGrammar() throws {
        let text = try Self.readme()
        let synopses = LineCommand.helpText.split(separator: "\n")
            .filter { $0.hasPrefix("  ") }
            .compactMap { $0.dropFirst(2).components(separatedBy: "  ").first }
        #expect(synopses.count >= 10)
        for synopsis in synopses {
            #expect(text.contains("\n\(synopsis) "), "'\(synopsis)' missing from the README")
        }
    }

    @Test("the README and validate's help state the size limit SourceFile.defaultByteLimit")
    func sizeLimit() throws {
        let text = try Self.readme()
        let limit = SourceFile.describe(byteCount: SourceFile.defaultByteLimit)
        #expect(text.contains("Files larger than \(limit) are not read"), "the README states another limit")
        #expect(ValidateCommand.configuration.discussion.contains("larger than \(limit)"))
    }

    @Test("the exit status table matches ExitCode")
    func exitStatuses() throws {
        let text = try Self.readme()
        for (status, word) in [(ExitCode.clean, "clean"), (.findings, "findings"), (.usageError, "usage error"), (.internalFailure, "internal failure")] {
            #expect(text.contains("| \(status.rawValue) | \(word)"))
        }
    }

    @Test("the README's Swift example runs: seed API, retry completion handler, flow from a file")
    func swiftExample() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = Mutex<[String]>([])
        struct RecordingURLHandler: URLHandler {
            let opened: @Sendable (String) -> Void
            func open(_ url: String) async throws { opened(url) }
        }
        let primaryRan = Mutex(false)

        // As in the README, with paths in a temporary folder.
        let registry = ActionHandlerRegistry(
            urlHandler: RecordingURLHandler(opened: { url in opened.withLock { $0.append(url) } }),
            feedbackSink: JSONLinesFeedbackSink(path: folder.appendingPathComponent("feedback.jsonl").path))
        let configuration = FeedbackConfiguration(
            style: .success,
            title: "Title",
            subtitle: "Subtitle",
            primaryAction: .button(title: "Primary Action", completion: { primaryRan.withLock { $0 = true } }),
            secondaryAction: .link(title: "Secondary Action", completion: {}))
        let navigator = FlowNavigator(registry: registry)
        let shown = try await navigator.presentFeedback(configuration: configuration)
        #expect(await navigator.tap(.primary, on: shown.id) == .ran)
        #expect(primaryRan.withLock { $0 })

        let offline = FeedbackConfiguration(
            style: .error,
            title: "No connection",
            primaryAction: .retryButton(title: "Try again", loadingTitle: "Retrying…") { completionHandler in
                Task { completionHandler() }
            })
        let retry = try await navigator.pushFeedback(configuration: offline)
        #expect(await navigator.tap(.primary, on: retry.id) == .ran)

        let compilation = FlowCompiler.compile(
            path: BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.yaml").path)
        let flow = try #require(compilation.flow)
        #expect(!compilation.hasErrors)
        let transcript = folder.appendingPathComponent("run.jsonl").path
        let run = FlowNavigator(flow: flow, registry: registry, presenters: [TranscriptRecorder(path: transcript)])
        try await run.start()
        #expect(await run.snapshot()?.instance.screenID == "rate-call")
        #expect(FileManager.default.fileExists(atPath: transcript))
    }
}
