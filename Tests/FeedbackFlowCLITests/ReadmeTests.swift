import FeedbackFlowTestSupport
import Foundation
import Testing
import FeedbackFlow
import FlowCompile
import FeedbackFlowHTTP
import FeedbackFlowCore
import FlowSource
@testable import FeedbackFlowCLI
@testable import FlowTerminal
@testable import FlowReporting

@Suite("README and reference pages: commands, codes and the Swift example stay true")
struct ReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The README and the reference pages it links, where each fact is written once.
    static func documentation() throws -> String {
        try (["README.md"] + ["format-tour", "command-line", "diagnostic-codes", "swift-api"].map { "docs/\($0).md" })
            .map { try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }

    /// The rows of the first table after the line starting with `heading` in the README's
    /// "Diagnostic codes" section, each row as its cells (code without backticks first).
    static func codeTable(after heading: String) throws -> [[String]] {
        let text = try documentation()
        let section = try #require(text.range(of: "# Diagnostic codes\n"), "no 'Diagnostic codes' page")
        let lines = text[section.upperBound...].components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix(heading) }, "no '\(heading)' table")
        let table = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        // The header row and the |---| row are not codes.
        return table.dropFirst(2).map { row in
            var cells = row.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            cells[0] = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            return cells
        }
    }

    @Test("the documentation's loading table lists exactly the codes of LoadDiagnosticCode, each with its summary")
    func loadingCodes() throws {
        try Self.expectTable(
            after: "Loading (YAML and JSON", lists: LoadDiagnosticCode.allCases.map { [$0.rawValue, $0.summary] })
    }

    @Test("the documentation's decoding and validation table lists exactly FlowDiagnosticCode, each with its severity and summary")
    func modelCodes() throws {
        try Self.expectTable(
            after: "Decoding and validation:",
            lists: FlowDiagnosticCode.allCases.map { [$0.rawValue, $0.severity.rawValue, $0.summary] })
    }

    @Test("the documentation's command-line table lists exactly CommandDiagnosticCode, each with its severity and summary")
    func commandCodes() throws {
        try Self.expectTable(
            after: "The command line:",
            lists: CommandDiagnosticCode.allCases.map { [$0.rawValue, $0.severity.rawValue, $0.summary] })
    }

    /// Expects the code table after `heading` to list exactly the codes of `rows` (their
    /// first cells), in order, each row with the same cells (severity, meaning).
    static func expectTable(after heading: String, lists rows: [[String]]) throws {
        let table = try codeTable(after: heading)
        #expect(table.map(\.[0]) == rows.map(\.[0]))
        for row in rows {
            #expect(table.contains(row), "\(row[0]): the README's severity or meaning differs from the enum")
        }
    }

    @Test("no diagnostic code belongs to two stages")
    func codesAreDistinct() {
        let all = LoadDiagnosticCode.allCases.map(\.rawValue) + FlowDiagnosticCode.allCases.map(\.rawValue)
            + CommandDiagnosticCode.allCases.map(\.rawValue)
        #expect(Set(all).count == all.count)
    }

    @Test("the README's two commands exist as executable scripts, and .ci/run runs the test one")
    func commands() throws {
        let text = try Self.readme()
        #expect(text.contains("scripts/feedbackflow run flows/call-quality-rating.flow.yaml"))
        #expect(text.contains("\nscripts/test\n"))
        let manager = FileManager.default
        for script in ["scripts/feedbackflow", "scripts/test", "scripts/bootstrap", ".ci/run"] {
            #expect(manager.isExecutableFile(atPath: BuiltTool.repositoryRoot.appendingPathComponent(script).path), "\(script)")
        }
        #expect(manager.fileExists(atPath: BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.flow.yaml").path))
        let ci = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("scripts/test"))
    }

    @Test("the documentation's line-mode grammar lists every command the runner's help lists")
    func lineModeGrammar() throws {
        let text = try Self.documentation()
        let synopses = LineCommand.helpText.split(separator: "\n")
            .filter { $0.hasPrefix("  ") }
            .compactMap { $0.dropFirst(2).components(separatedBy: "  ").first }
        #expect(synopses.count >= 10)
        for synopsis in synopses {
            #expect(text.contains("\n\(synopsis) "), "'\(synopsis)' missing from the README")
        }
    }

    @Test("the documentation and validate's help state the size limit SourceFile.defaultByteLimit")
    func sizeLimit() throws {
        let text = try Self.documentation()
        let limit = SourceFile.describe(byteCount: SourceFile.defaultByteLimit)
        #expect(text.contains("Files larger than \(limit) are not read"), "the README states another limit")
        #expect(ValidateCommand.configuration.discussion.contains("larger than \(limit)"))
    }

    @Test("the documentation's loading-limit table lists exactly LoadingLimits.settings, each with its default")
    func loadingLimits() throws {
        let text = try Self.documentation()
        let rows = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("| `") && $0.contains("` | ") && $0.hasSuffix("` |") && $0.split(separator: "|").count == 4 }
        let named = rows.compactMap { row -> (String, String)? in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, cells[0].hasPrefix("`") else { return nil }
            return (cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[2])
        }
        let defaults = LoadingLimits()
        #expect(named.map(\.0) == LoadingLimits.settings.map(\.name))
        for (name, value) in named {
            guard let setting = LoadingLimits.settings.first(where: { $0.name == name }) else { continue }
            #expect(value.hasPrefix("\(defaults[keyPath: setting.keyPath])"), "\(name): the README says \(value)")
        }
    }

    @Test("beside the depth limit, the README and --limit's help warn that YAML nesting costs time growing with its square")
    func depthCost() throws {
        let text = try Self.documentation().replacingOccurrences(of: "\n  ", with: " ")
        #expect(text.contains("Raise `depth` for YAML only as far as a file needs: libyaml's scanner spends time that grows with the square of the nesting"))
        #expect(LoadingLimitOption.option.spec.help.contains("YAML nesting costs time that grows with the square of the depth"))
    }

    @Test("the documentation and validate's help state the diagnostic limit CompileOptions.defaultMaxDiagnostics")
    func diagnosticLimit() throws {
        let text = try Self.documentation()
        let limit = CompileOptions.defaultMaxDiagnostics
        #expect(text.contains("`--max-diagnostics N` (default \(limit); `0` for no limit)"), "the README states another limit")
        #expect(ValidateCommand.configuration.discussion.contains("At most \(limit) diagnostics are shown per file"))
        #expect(ValidateCommand.configuration.options.contains { $0.name == "max-diagnostics" && $0.help.contains("\(limit) by default") })
    }

    @Test("the exit status table matches ExitCode")
    func exitStatuses() throws {
        let text = try Self.documentation()
        for (status, word) in [(ExitCode.clean, "clean"), (.findings, "findings"), (.usageError, "usage error"), (.internalFailure, "internal failure")] {
            #expect(text.contains("| \(status.rawValue) | \(word)"))
        }
    }

    @Test("the documentation's Swift example runs: the screens-in-code API, retry completion handler, flow from a file")
    func swiftExample() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = LockedBox<[String]>([])
        struct RecordingURLHandler: URLHandler {
            let opened: @Sendable (String) -> Void
            func open(_ url: String) async throws { opened(url) }
        }
        let primaryRan = LockedBox(false)

        // As in the catalog's articles (Sources/FeedbackFlow/FeedbackFlow.docc), with paths in a temporary folder.
        let registry = ActionHandlerRegistry(
            urlHandler: RecordingURLHandler(opened: { url in opened.withLock { $0.append(url) } }),
            feedbackSink: JSONLinesFeedbackSink(file: folder.appendingPathComponent("feedback.jsonl")))
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
            contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.flow.yaml"))
        let flow = try #require(compilation.flow)
        #expect(!compilation.hasErrors)
        let transcript = folder.appendingPathComponent("run.jsonl").path
        let run = FlowNavigator(flow: flow, registry: registry, presenters: [TranscriptRecorder(file: URL(filePath: transcript))])
        try await run.start()
        #expect(await run.snapshot()?.instance.screenID == "rate-call")
        #expect(FileManager.default.fileExists(atPath: transcript))

        // The trigger example of the article "Decide when to present": the validator is the host's, the decision explains itself.
        struct CallCreatorCheck: TriggerValidator {
            func allowsPresentation(_ request: TriggerRequest) async throws -> Bool {
                request.context["call.createdBy"] == request.context["user.id"]
            }
        }
        var hostRegistryWithValidator = registry
        hostRegistryWithValidator.registerValidator("isCallCreator", CallCreatorCheck())
        let history = folder.appendingPathComponent("presentations.jsonl").path
        let onEvent = FlowNavigator(flow: flow, registry: hostRegistryWithValidator, history: JSONFilePresentationHistory(file: URL(filePath: history)))
        let decision = await onEvent.handle(
            event: "callEnded", context: ["call.maxParticipants": 1, "call.createdBy": "u-1", "user.id": "u-1"])
        #expect(decision.description == "not presented: condition false: call.maxParticipants > 1: 1 > 1 is false")
        let second = FlowNavigator(flow: flow, registry: hostRegistryWithValidator, history: JSONFilePresentationHistory(file: URL(filePath: history)))
        #expect(await second.handle(
            event: "callEnded", context: ["call.maxParticipants": 2, "call.createdBy": "u-1", "user.id": "u-1"]) == .present)

        // The CompileOptions example of the article "Run a flow from a file": one value for compiling and for the registry.
        let options = CompileOptions(additionalVariables: ["user.name"], knownHandlers: ["syncProfile"])
        let checked = FlowCompiler.compile(
            contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.flow.yaml"), options: options)
        #expect(!checked.hasErrors)
        let hostRegistry = ActionHandlerRegistry(
            urlHandler: RecordingURLHandler(opened: { _ in }),
            feedbackSink: JSONLinesFeedbackSink(file: folder.appendingPathComponent("feedback.jsonl")), options: options)
        #expect(hostRegistry.allowedURLSchemes == options.allowedURLSchemes)

        // The main-actor front, as in the article "Show a feedback screen".
        let front = try await Self.showThanks(registry: registry, configuration: configuration)
        #expect(await front.top?.title == "Thank you!")
    }

    @Test("the documentation's outbox example keeps what its endpoint cannot take, and flush reports it kept")
    func outboxExample() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // As in the article "Deliver feedback without losing it", with a port where nothing listens instead of a real endpoint.
        let gone = try FeedbackServer()
        let endpoint = try #require(URL(string: gone.url))
        gone.stop()
        let outbox = OutboxFeedbackSink(
            file: URL(filePath: folder.path + "/feedback-outbox.jsonl"), delivery: HTTPFeedbackSink(url: endpoint, timeLimit: .seconds(5)))
        let keepingRegistry = ActionHandlerRegistry(feedbackSink: outbox)
        try await keepingRegistry.feedbackSink.submit(FeedbackSubmission(
            rating: 4, reason: nil, custom: [:], flowID: "call-quality-rating", screenID: "rate-call", submittedAt: Date()))
        let result = try await outbox.flush()
        #expect(result.delivered.isEmpty && result.kept.count == 1 && result.kept.filter(\.isDead).isEmpty)
        #expect(try await outbox.nextAttemptDate() != nil)
    }

    @MainActor
    static func showThanks(registry: ActionHandlerRegistry, configuration: FeedbackConfiguration) async throws -> FeedbackNavigator {
        let feedbackNavigator = FeedbackNavigator(registry: registry)
        try await feedbackNavigator.presentFeedback(configuration: configuration)
        try await feedbackNavigator.pushFeedback(configuration: FeedbackConfiguration(
            style: .success, title: "Thank you!",
            primaryAction: .button(ActionButton(title: "Done", action: [.dismiss]))))
        return feedbackNavigator
    }
}
