import FeedbackFlowTestSupport
import Foundation
import Testing

/// The navigation baseline: `graph --format baseline` writes it, `validate --baseline`
/// fails with what was removed and added when the flows changed and it was not updated.
@Suite("navigation baseline, end to end")
struct BaselineEndToEndTests {
    /// Written from flows/rating-branches.flow.yaml by hand: its four screens, its entry,
    /// the three pushes of the Submit button's second step, an `if` with an `else if`, and
    /// the four `finish` steps that end it.
    static let expected = "Tests/FeedbackFlowCLITests/Fixtures/baseline/rating-branches.baseline"

    @Test("graph --format baseline writes the sorted facts: entry, screens, edges with their button, step and conditions, the trigger")
    func graphBaseline() async throws {
        let result = try await BuiltTool.run(["graph", "--format", "baseline", "flows/rating-branches.flow.yaml"])
        #expect(result.status == 0)
        let expected = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(Self.expected), encoding: .utf8)
        #expect(result.standardOutput == expected)
        let trigger = try await BuiltTool.run(["graph", "--format", "baseline", "flows/call-quality-rating.flow.yaml"])
        #expect(trigger.standardOutput.contains(
            "flows/call-quality-rating.flow.yaml: trigger callEnded when call.maxParticipants > 1 validator isCallCreator limit 3 per 365d, 7d apart, until responded\n"))
    }

    @Test("validate --baseline passes on the same navigation and fails with - removed / + added lines when it changed")
    func validateAgainstBaseline() async throws {
        let same = try await BuiltTool.run(["validate", "--baseline", Self.expected, "flows/rating-branches.flow.yaml"])
        #expect(same.status == 0, "\(same.standardOutput)")
        let scratch = try ScratchFolder("baseline")
        let original = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("flows/rating-branches.flow.yaml"), encoding: .utf8)
        let flow = scratch.path("rating-branches.yaml")
        try original.write(toFile: flow, atomically: true, encoding: .utf8)
        let baseline = scratch.path("flows.baseline")
        let written = try await BuiltTool.run(["validate", "--write-baseline", baseline, flow])
        #expect(written.status == 0)
        // The Submit button renamed: three edges change.
        try original.replacingOccurrences(of: "        title: Submit\n", with: "        title: Send\n").write(toFile: flow, atomically: true, encoding: .utf8)
        let changed = try await BuiltTool.run(["validate", "--baseline", baseline, flow])
        #expect(changed.status == 1)
        let lines = changed.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(baseline):1:1: error: the flows' navigation differs from the baseline '\(baseline)': 3 removed, 3 added [navigation-changed]"))
        #expect(lines.contains("\(baseline):2:1: note: - \(flow): edge rate -> sorry push via primary 'Submit' step 2 if rating <= 2"))
        #expect(lines.contains("note: + \(flow): edge rate -> sorry push via primary 'Send' step 2 if rating <= 2"))
        // How the flow ends changed: a finish became a dismiss.
        try original.replacingOccurrences(of: "action: {finish: sorry}", with: "action: dismiss").write(toFile: flow, atomically: true, encoding: .utf8)
        let ending = try await BuiltTool.run(["validate", "--baseline", baseline, flow])
        #expect(ending.status == 1)
        #expect(ending.standardOutput.contains("1 removed, 1 added [navigation-changed]"), "\(ending.standardOutput)")
        #expect(ending.standardOutput.contains("note: - \(flow): exit sorry finish sorry via primary 'Done' step 1"))
        #expect(ending.standardOutput.contains("note: + \(flow): exit sorry dismiss via primary 'Done' step 1"))
        let missing = try await BuiltTool.run(["validate", "--baseline", scratch.path("none"), "flows"])
        #expect(missing.status == 2)
    }

    @Test("only the files checked are compared; a file of the baseline that no longer exists is removed; CRLF line ends are fine")
    func partialChecks() async throws {
        let scratch = try ScratchFolder("baseline-partial")
        let expected = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(Self.expected), encoding: .utf8)
        // Another flow's lines: not checked here, so not compared.
        try (expected + "flows/simple-success.flow.yaml: entry somewhere-else present\n").write(toFile: scratch.path("other.baseline"), atomically: true, encoding: .utf8)
        let other = try await BuiltTool.run(["validate", "--baseline", scratch.path("other.baseline"), "flows/rating-branches.flow.yaml"])
        #expect(other.status == 0, "\(other.standardOutput)")
        // A flow that is gone: its lines are removed.
        try (expected + "flows/deleted.yaml: entry start present\n").write(toFile: scratch.path("gone.baseline"), atomically: true, encoding: .utf8)
        let gone = try await BuiltTool.run(["validate", "--baseline", scratch.path("gone.baseline"), "flows/rating-branches.flow.yaml"])
        #expect(gone.status == 1)
        #expect(gone.standardOutput.contains("note: - flows/deleted.yaml: entry start present"))
        // Only the first shard says so.
        let second = try await BuiltTool.run(["validate", "--shard", "2/2", "--baseline", scratch.path("gone.baseline"), "flows/rating-branches.flow.yaml", "flows/simple-success.flow.yaml"])
        #expect(!second.standardOutput.contains("flows/deleted.yaml"))
        try expected.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: scratch.path("crlf.baseline"), atomically: true, encoding: .utf8)
        let crlf = try await BuiltTool.run(["validate", "--baseline", scratch.path("crlf.baseline"), "flows/rating-branches.flow.yaml"])
        #expect(crlf.status == 0, "\(crlf.standardOutput)")
    }
}
