import FeedbackFlowTestSupport
import Foundation
import Testing

/// `feedbackflow test` as a CI job runs it: exit statuses, the reports (JUnit checked by
/// xmllint against Ant's and Jenkins' schemas, SARIF and GitHub annotations at the
/// scenario's line), coverage and its minimum, untested flows, recording a scenario, and
/// the pictures of what is untested. Fixtures: `Fixtures/flowtest/`, whose tests run
/// `flows/rating-branches.flow.yaml`; the places and items below are read off those files
/// by hand.
@Suite("feedbackflow test")
struct FlowTestCommandTests {
    static let fixtures = "Tests/FeedbackFlowCLITests/Fixtures/flowtest"
    static let rating = fixtures + "/rating.flowtest.yaml"
    static let partial = fixtures + "/partial/three.flowtest.yaml"

    /// The JSON report of a run.
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the example flows' tests pass with every item of every flow taken: exit 0, coverage 100")
    func exampleFlowsPass() async throws {
        let run = try await BuiltTool.run(["test", "flows", "--coverage-min", "100", "--format", "json"])
        #expect(run.status == 0, "\(run.standardOutput)")
        let summary = try #require(try Self.json(run.standardOutput)["summary"] as? [String: Any])
        #expect(summary["failed"] as? Int == 0)
        #expect((summary["passed"] as? Int ?? 0) >= 15)
        #expect(summary["coverage"] as? Double == 100)
    }

    @Test("a failing scenario exits 1 and is reported at its expectation's line and column, with what was found instead")
    func failureExitsOne() async throws {
        let run = try await BuiltTool.run(["test", Self.rating, "--color", "never"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("PASS \(Self.rating): three stars thank the user"))
        #expect(run.standardOutput.contains("FAIL \(Self.rating): five stars are thanked too"))
        #expect(run.standardOutput.contains(
            "\(Self.rating):14:50: error: expected screen 'thanks' on top, found 'review' (\"Glad you liked it!\") [scenario-failed]"))
        #expect(run.standardOutput.contains("2 scenarios: 1 passed, 1 failed"))
    }

    @Test("usage errors exit 2: no test in the paths, a path that is not there, a format test does not write, a percentage over 100, a filter that runs nothing")
    func usageErrorsExitTwo() async throws {
        for arguments in [
            ["test", "Tests/FeedbackFlowCLITests/Fixtures/flow-checks"], ["test", "no-such-folder"], ["test", "--format", "checkstyle", Self.rating],
            ["test", "--coverage-min", "101", Self.rating], ["test", "--name", "x", Self.rating],
            ["test", "--filter", "no scenario is named so", Self.rating],
        ] {
            let run = try await BuiltTool.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.standardError)")
        }
    }

    @Test("validate given a flow test says to run it with test: a usage error, not every key of it unknown")
    func validateSendsFlowTestsToTest() async throws {
        let run = try await BuiltTool.run(["validate", Self.rating])
        #expect(run.status == 2)
        #expect(run.standardError.contains("'\(Self.rating)' is a flow test, not a flow"))
        #expect(run.standardError.contains("feedbackflow test \(Self.rating)"))
    }

    @Test("JUnit passes the Ant JUnit schema and Jenkins' junit-10 schema (xmllint), with one test case per scenario")
    func junitAgainstSchemas() async throws {
        let scratch = try ScratchFolder("flowtest-junit")
        let report = scratch.path("report.xml")
        let run = try await BuiltTool.run(["test", Self.rating, "--format", "junit=" + report])
        #expect(run.status == 1)
        #expect(run.standardError.contains("1 passed, 1 failed; written to '\(report)'"))
        let folder = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/Fixtures/junit").path
        for schema in ["ant-junit.xsd", "jenkins-junit-10.xsd"] {
            let check = try await BuiltTool.runProgram("/usr/bin/xmllint", ["--noout", "--schema", folder + "/" + schema, report])
            #expect(check.status == 0, "\(schema): \(check.standardError)")
        }
        let xml = try scratch.read("report.xml")
        #expect(xml.contains("tests=\"2\" failures=\"1\" errors=\"0\""))
        #expect(xml.contains("<testcase classname=\"\(Self.rating)\" name=\"three stars thank the user\""))
        #expect(xml.contains("<failure type=\"scenario-failed\" message=\"14:50: expected screen &apos;thanks&apos; on top"))
    }

    @Test("SARIF and GitHub annotations point at the scenario file's line and column")
    func machineFormatsPointAtTheScenario() async throws {
        let github = try await BuiltTool.run(["test", Self.rating, "--format", "github"])
        #expect(github.status == 1)
        #expect(github.standardOutput.contains("::error file=\(Self.rating),line=14,col=50,"))
        let sarif = try await BuiltTool.run(["test", Self.rating, "--format", "sarif"])
        let log = try Self.json(sarif.standardOutput)
        let runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let location = try #require((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == Self.rating)
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 14)
        #expect(results.first?["ruleId"] as? String == "scenario-failed")
    }

    @Test("coverage: what one scenario took of rating-branches, the untaken items at their lines, and --coverage-min failing under it")
    func coverageAndItsMinimum() async throws {
        let run = try await BuiltTool.run(["test", Self.partial, "--format", "json", "--coverage-min", "50"])
        #expect(run.status == 1)
        let report = try Self.json(run.standardOutput)
        let coverage = try #require(report["coverage"] as? [String: Any])
        // By hand: rate and thanks; Submit and thanks' Done; the else of `rating <= 2` and
        // the then of `rating == 3`; push thanks and finish thanks; the entry, Submit to
        // the first if, its else to the second, its then to thanks, Done to its finish.
        #expect(coverage["taken"] as? Int == 13)
        #expect(coverage["total"] as? Int == 32)
        #expect(coverage["percent"] as? Double == 40.6)
        let flow = try #require((coverage["flows"] as? [[String: Any]])?.first)
        let untaken = try #require(flow["untaken"] as? [[String: Any]])
        let places = untaken.filter { $0["kind"] as? String != "route" }.map { "\($0["kind"] ?? "") \($0["line"] ?? "") \($0["name"] ?? "")" }
        #expect(places.contains("screen 40 sorry"))
        #expect(places.contains("branch 26 if rating <= 2 on rate (then)"))
        #expect(places.contains("exit 28 push: sorry on rate"))
        #expect(untaken.count(where: { $0["kind"] as? String == "route" }) == 6)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["code"] as? String == "coverage-below-minimum" })
        let enough = try await BuiltTool.run(["test", Self.partial, "--coverage-min", "40"])
        #expect(enough.status == 0)
    }

    @Test("a flow found with no test is an untested-flow warning and counts with nothing taken")
    func untestedFlowIsSaid() async throws {
        let run = try await BuiltTool.run(["test", Self.fixtures + "/untested", "--format", "json"])
        #expect(run.status == 0)
        let report = try Self.json(run.standardOutput)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["untested-flow"])
        #expect(diagnostics.first?["file"] as? String == Self.fixtures + "/untested/alone.flow.yaml")
        #expect((report["coverage"] as? [String: Any])?["percent"] as? Double == 50)
    }

    @Test("--record plays the flow from standard input and writes the scenario that reproduces it, which then passes; a second is added to the file")
    func recordWritesAPassingScenario() async throws {
        let scratch = try ScratchFolder("flowtest-record")
        let flow = scratch.path("rating.flow.yaml")
        try FileManager.default.copyItem(atPath: BuiltTool.repositoryRoot.appendingPathComponent("flows/rating-branches.flow.yaml").path, toPath: flow)
        // Two stars with a reason, Submit, then Done on the apology.
        let first = try await BuiltTool.run(["test", "--record", flow, "--name", "low"], input: "set rating 2\nset problem Too slow\n1\n1\n")
        #expect(first.status == 0, "\(first.standardError)")
        let written = try scratch.read("rating.flowtest.yaml")
        #expect(written.contains("flow: rating.flow.yaml\nscenarios:\n  - name: low\n"))
        #expect(written.contains("- set: {rating: 2, problem: Too slow}"))
        #expect(written.contains("- expect: {screen: sorry, submitted: {rating: 2, reason: Too slow}}"))
        #expect(written.contains("- expect: {outcome: sorry}"))
        let second = try await BuiltTool.run(["test", "--record", flow], input: "1\n2\n")
        #expect(second.status == 0, "\(second.standardError)")
        #expect(try scratch.read("rating.flowtest.yaml").contains("  - name: recorded 2\n"))
        let run = try await BuiltTool.run(["test", scratch.path("rating.flowtest.yaml")])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("2 scenarios: 2 passed, 0 failed"))
    }

    @Test("--record --from-transcript writes the taps and screens of a run's transcript, saying its field values are not there")
    func recordFromTranscript() async throws {
        let scratch = try ScratchFolder("flowtest-transcript")
        let flow = scratch.path("rating.flow.yaml")
        try FileManager.default.copyItem(atPath: BuiltTool.repositoryRoot.appendingPathComponent("flows/rating-branches.flow.yaml").path, toPath: flow)
        let played = try await BuiltTool.run(
            ["run", flow, "--transcript", scratch.path("t.jsonl"), "--feedback-out", scratch.path("f.jsonl")], input: "1\n1\n")
        #expect(played.status == 0)
        let recorded = try await BuiltTool.run(["test", "--record", flow, "--from-transcript", scratch.path("t.jsonl"), "--output", scratch.path("t.flowtest.yaml")])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let text = try scratch.read("t.flowtest.yaml")
        #expect(text.contains("# Recorded from a transcript, which holds no field values"))
        #expect(text.contains("- tap: Submit\n      - expect: {screen: thanks, submitted: {}}\n      - tap: Done\n      - expect: {outcome: thanks}"))
        // Three stars is the rating's first value: the scenario passes as it is.
        let run = try await BuiltTool.run(["test", scratch.path("t.flowtest.yaml")])
        #expect(run.status == 0, "\(run.standardOutput)")
    }

    @Test("a custom step no scenario stubs runs as the --handler program given; without one the scenario fails saying so")
    func handlerProgramsAnswerUnstubbedSteps() async throws {
        let scratch = try ScratchFolder("flowtest-handler")
        try FileManager.default.copyItem(
            atPath: BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/Fixtures/handlers/work.yaml").path,
            toPath: scratch.path("work.flow.yaml"))
        try "flow: work.flow.yaml\nscenarios:\n  - name: work, then done\n    steps:\n      - tap: Work\n      - expect: {outcome: done}\n"
            .write(toFile: scratch.path("work.flowtest.yaml"), atomically: true, encoding: .utf8)
        let test = scratch.path("work.flowtest.yaml")
        let unstubbed = try await BuiltTool.run(["test", test])
        #expect(unstubbed.status == 1)
        #expect(unstubbed.standardOutput.contains("the custom step 'work' ran with no stub"))
        let succeeding = try await BuiltTool.run(["test", test, "--handler", "work=/bin/sh -c 'cat > /dev/null'"])
        #expect(succeeding.status == 0, "\(succeeding.standardOutput)\(succeeding.standardError)")
        let failing = try await BuiltTool.run(["test", test, "--handler", "work=/bin/sh -c 'cat > /dev/null; exit 3'"])
        #expect(failing.status == 1)
        #expect(failing.standardOutput.contains("expected the flow to end with 'done', but it has not ended"))
    }

    @Test("graph --coverage draws the six routes the scenario never took in the untested look, and says so in the legend")
    func graphMarksUntestedRoutes() async throws {
        let scratch = try ScratchFolder("flowtest-graph")
        let report = scratch.path("report.json")
        _ = try await BuiltTool.run(["test", Self.partial, "--format", "json=" + report])
        let dot = try await BuiltTool.run(["graph", "flows/rating-branches.flow.yaml", "--coverage", report])
        #expect(dot.status == 0, "\(dot.standardError)")
        let untested = dot.standardOutput.split(separator: "\n").filter { $0.contains("->") && $0.contains("penwidth=3") }
        #expect(untested.count == 6)
        #expect(untested.contains { $0.contains("c_rate_1 -> s_sorry") })
        #expect(untested.contains { $0.contains("c_rate_2 -> s_review") })
        #expect(!untested.contains { $0.contains("c_rate_2 -> s_thanks") })
        #expect(dot.standardOutput.contains("</FONT> untested</TD>"))
        let mermaid = try await BuiltTool.run(["graph", "flows/rating-branches.flow.yaml", "--coverage", report, "--format", "mermaid"])
        #expect(mermaid.standardOutput.components(separatedBy: "stroke-width:3px").count - 1 == 7)  // six routes and the legend
        let plain = try await BuiltTool.run(["graph", "flows/rating-branches.flow.yaml"])
        #expect(!plain.standardOutput.contains("untested"))
        let baseline = try await BuiltTool.run(["graph", "flows/rating-branches.flow.yaml", "--coverage", report, "--format", "baseline"])
        #expect(baseline.status == 2)
    }
}
