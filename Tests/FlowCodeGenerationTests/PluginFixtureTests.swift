import FeedbackFlowTestSupport
import Foundation
import Testing

/// FeedbackFlow's build-time plugin used by a package of its own, `Tests/PluginFixture`,
/// as an app's package uses it: built once for the whole suite (its build folder under
/// the repository's `.build/plugin-fixture`, so a second run builds only what changed),
/// then each test reads what its builds printed.
@Suite("The build-time plugin in a package that uses it")
struct PluginFixtureTests {
    /// How one `swift build` ended and what it printed (standard output and error).
    struct Build: Sendable {
        var status: Int32
        var output: String
    }

    /// The fixture's three builds: the app, the target whose flow has an error, and the
    /// target whose Swift reads an argument as another type.
    struct Builds: Sendable {
        var app: Build
        var brokenFlow: Build
        var wrongHandlerType: Build
    }

    static let package = BuiltTool.repositoryRoot.appendingPathComponent("Tests/PluginFixture")
    static let scratch = BuiltTool.repositoryRoot.appendingPathComponent(".build/plugin-fixture")

    /// The builds, run once whichever test asks first; the others wait for them.
    static let builds = Task<Builds, any Error> {
        // What the last run's builds left in their temporary folder goes.
        try? FileManager.default.removeItem(at: scratch.appendingPathComponent("tmp"))
        return Builds(
            app: try await build(["--product", "FixtureApp"]), brokenFlow: try await build(["--target", "BrokenFlow"]),
            wrongHandlerType: try await build(["--target", "WrongHandlerType"]))
    }

    /// `swift build` of the fixture with `arguments`. Its temporary files (the compiler's,
    /// SwiftPM's locks) go under the build folder too, not into the system's.
    static func build(_ arguments: [String]) async throws -> Build {
        let temporary = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let run = try await BuiltTool.runProgram(
            "/usr/bin/env", ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path] + arguments,
            environment: ["TMPDIR": temporary.path])
        return Build(status: run.status, output: run.standardOutput + run.standardError)
    }

    @Test("the app builds without a warning and runs its flow, the declared handler registered with its typed closure")
    func appRuns() async throws {
        let build = try await Self.builds.value.app
        try #require(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("warning:"), "\(build.output)")
        let run = try await BuiltTool.runProgram(Self.scratch.appendingPathComponent("debug/FixtureApp").path, [])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.split(separator: "\n").map(String.init) == [
                #"manifest {"uploadLogs":{"arguments":{"contact":"string?","includeCrashes":"boolean?","maxSizeKB":"integer","ticket":"string"},"description":"Uploads the app's logs for a support ticket.","returns":{"reference":"string"}}}"#,
                "screens describe-problem done",
                "screen describe-problem: What went wrong?",
                "uploadLogs ticket=T-7 maxSizeKB=512 includeCrashes=true contact=ada@example.com",
                "tap ran",
                "screen done: Sent as R-512",
                "support starts at describeProblem",
            ])
    }

    @Test("a flow with an error fails the build, reported at the flow's path, line and column")
    func brokenFlowFails() async throws {
        let build = try await Self.builds.value.brokenFlow
        #expect(build.status != 0)
        let flow = Self.package.appendingPathComponent("Sources/BrokenFlow/broken.flow.yaml").path
        #expect(build.output.contains("\(flow):8:58: error: unknown screen 'thankz' [unknown-screen]\n"), "\(build.output)")
        #expect(build.output.contains("\(flow):8:58: note: 'push' target: did you mean 'thanks'?\n"), "\(build.output)")
    }

    @Test("Swift that reads a declared argument as another type fails the build with a Swift error at that line")
    func wrongHandlerTypeFails() async throws {
        let build = try await Self.builds.value.wrongHandlerType
        #expect(build.status != 0)
        let swift = Self.package.appendingPathComponent("Sources/WrongHandlerType/Registration.swift").path
        #expect(
            build.output.contains("\(swift):7:") && build.output.contains("error: cannot convert value of type 'Int' to specified type 'String'"),
            "\(build.output)")
    }
}
