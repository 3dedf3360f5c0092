import FeedbackFlowTestSupport
import FlowCodeGeneration
import Foundation
import Testing

/// How the library reaches apps: the CI workflow that builds it for Linux, macOS and iOS,
/// and the example app that uses it as an app would.
@Suite("Library delivery")
struct LibraryDeliveryTests {
    static let workflow = BuiltTool.repositoryRoot.appendingPathComponent(".github/workflows/ci.yml")

    /// Runs check-jsonschema (PyPI `check-jsonschema`, installed by `scripts/bootstrap
    /// --tests`) with GitHub's workflow schema, which the package carries (no network).
    static func checkWorkflow(_ path: String) async throws -> BuiltTool.Result {
        try await BuiltTool.runProgram(
            "/usr/bin/env", ["python3", "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", path])
    }

    @Test("the CI workflow is a valid GitHub Actions workflow, and the check refuses a broken one")
    func workflowIsValid() async throws {
        let valid = try await Self.checkWorkflow(Self.workflow.path)
        #expect(valid.status == 0, "\(valid.standardOutput)\(valid.standardError)")
        let broken = try await Self.checkWorkflow(BuiltTool.fixture("workflows/broken.yml").path)
        #expect(broken.status == 1)
        #expect(broken.standardOutput.contains("'runs-on' is a required property"))
    }

    @Test("the CI workflow runs the CI script on Linux, the library's tests on macOS, and builds every product for iOS apps for iOS")
    func workflowCoversThePlatforms() throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        #expect(text.contains("run: .ci/run"))
        #expect(text.contains("runs-on: macos-15"))
        #expect(text.contains("swift test --skip-build --filter 'FeedbackFlowTests|DocumentLoadingTests|FlowReportingTests'"))
        #expect(text.contains("-destination 'generic/platform=iOS'"))
        // The CI script runs the test script, which builds the example the tests run.
        let ciScript = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        let testScript = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("scripts/test"), encoding: .utf8)
        #expect(ciScript.contains("scripts/test"))
        #expect(testScript.contains("swift build --product CallFeedbackExample"))
        // Every library product is in the iOS job's matrix but two, which an iOS app
        // cannot link: the programs' (it spawns processes) and FeedbackFlow (the system's
        // libyaml, which iOS does not have).
        let manifest = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = manifest.split(separator: "\n").filter { $0.contains(".library(name:") }.compactMap { line in
            line.split(separator: "\"").dropFirst().first.map(String.init)
        }
        #expect(products.count >= 4)
        let notForIOS: Set = ["FeedbackFlowPrograms", "FeedbackFlow"]
        let matrix = try #require(text.split(separator: "\n").first { $0.contains("product: [") })
        let built = matrix.split(separator: "[").last?.split(separator: "]").first?
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        #expect(Set(built) == Set(products).subtracting(notForIOS))
    }

    @Test("the example app builds the call-feedback screens in code, submits from a closure, runs a flow file and draws with its own presenter")
    func exampleRuns() async throws {
        let binary = BuiltTool.executable.deletingLastPathComponent().appendingPathComponent("CallFeedbackExample")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "no example at \(binary.path); build it first (scripts/test runs 'swift build --product CallFeedbackExample')")
        let run = try await BuiltTool.runProgram(binary.path, ["flows/call-quality-rating.flow.yaml"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        // The values the example types into its screens, submitted by the Submit button's closure.
        #expect(lines.contains("feedback call-feedback/rate: rating 5, reason \"ada@example.com"))
        #expect(lines.contains("The call was great\", custom [callWasAwesome=bool(true)]"))
        #expect(lines.contains { $0.hasPrefix("show thanks ") })
        #expect(lines.contains { $0.hasPrefix("show feedback (error): No connection") })
        // The flow the build compiled from call-quality.flow.yaml, presented by its typed event.
        #expect(lines.contains("built-in flow: presented"))
        #expect(lines.contains("feedback call-quality-rating/rate-call: rating 4, reason \"grace@example.com"))
        #expect(lines.contains("on top: thanks"))
        // The flow file's start screen and the end the example gives it.
        #expect(lines.contains { $0.hasPrefix("show rate-call ") })
        #expect(lines.last == "ended: closed")
        let broken = try await BuiltTool.runProgram(binary.path, ["no/such/flow.yaml"])
        #expect(broken.status == 1)
        #expect(broken.standardOutput.contains("[io-error]"))
    }

    @Test("the example's code uses, of this package, the FeedbackFlow product's public API only")
    func exampleUsesThePublicAPI() async throws {
        let folder = BuiltTool.repositoryRoot.appendingPathComponent("Examples/CallFeedback")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) }
            #expect(Set(imports).isSubset(of: ["FeedbackFlow", "Foundation"]), "\(file): \(imports)")
        }
        // Type-checked as a file of another package would be: `package` declarations are
        // out of reach. With the Swift the build-time plugin generates for its flow files,
        // which it may use.
        let scratch = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let flows = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".flow.yaml") }
        #expect(!flows.isEmpty)
        var generated: [String] = []
        for flow in flows {
            let result = FlowCodeGenerator.generate(path: folder.appendingPathComponent(flow).path, workingDirectory: folder.path)
            let swift = try #require(result.swift, "\(flow): \(result.diagnostics)")
            let path = scratch.appendingPathComponent(flow + ".swift").path
            try swift.write(toFile: path, atomically: true, encoding: .utf8)
            generated.append(path)
        }
        let run = try await BuiltTool.typeCheck(files.map { folder.appendingPathComponent($0).path } + generated)
        #expect(run.status == 0, "\(run.standardError)")
    }
}
