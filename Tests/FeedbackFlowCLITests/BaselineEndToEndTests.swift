import Foundation
import Testing

/// The navigation baseline: `graph --format baseline` writes it, `validate --baseline`
/// fails with what was removed and added when the flows changed and it was not updated.
@Suite("navigation baseline, end to end")
struct BaselineEndToEndTests {
    /// Written from flows/rating-branches.yaml by hand: its four screens, its entry, and
    /// the three pushes of the Submit button's second step, an `if` with an `else if`.
    static let expected = "Tests/FeedbackFlowCLITests/Fixtures/baseline/rating-branches.baseline"

    @Test("graph --format baseline writes the sorted facts: entry, screens, edges with their button, step and conditions, the trigger")
    func graphBaseline() async throws {
        let result = try await BuiltTool.run(["graph", "--format", "baseline", "flows/rating-branches.yaml"])
        #expect(result.status == 0)
        let expected = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent(Self.expected), encoding: .utf8)
        #expect(result.standardOutput == expected)
        let trigger = try await BuiltTool.run(["graph", "--format", "baseline", "flows/call-quality-rating.yaml"])
        #expect(trigger.standardOutput.contains(
            "call-quality-rating trigger callEnded when call.maxParticipants > 1 validator isCallCreator limit 3 per 365d, 7d apart, until responded\n"))
    }

    @Test("validate --baseline passes on the same navigation and fails with - removed / + added lines when it changed")
    func validateAgainstBaseline() async throws {
        let same = try await BuiltTool.run(["validate", "--baseline", Self.expected, "flows/rating-branches.yaml"])
        #expect(same.status == 0, "\(same.standardOutput)")
        let scratch = try ScratchFolder("baseline")
        // The flow with its Submit button renamed: three edges change.
        let flow = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("flows/rating-branches.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "        title: Submit\n", with: "        title: Send\n")
        try flow.write(toFile: scratch.path("rating-branches.yaml"), atomically: true, encoding: .utf8)
        let changed = try await BuiltTool.run(["validate", "--baseline", Self.expected, scratch.path("rating-branches.yaml")])
        #expect(changed.status == 1)
        let lines = changed.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(Self.expected):1:1: error: the flows' navigation differs from the baseline '\(Self.expected)': 3 removed, 3 added [navigation-changed]"))
        #expect(lines.contains("\(Self.expected):2:1: note: - rating-branches edge rate -> sorry push via primary 'Submit' step 2 if rating <= 2"))
        #expect(lines.contains("note: + rating-branches edge rate -> sorry push via primary 'Send' step 2 if rating <= 2"))
        // --write-baseline writes what --baseline then accepts.
        let written = try await BuiltTool.run(["validate", "--write-baseline", scratch.path("new.baseline"), scratch.path("rating-branches.yaml")])
        #expect(written.status == 0)
        let again = try await BuiltTool.run(["validate", "--baseline", scratch.path("new.baseline"), scratch.path("rating-branches.yaml")])
        #expect(again.status == 0)
        let missing = try await BuiltTool.run(["validate", "--baseline", scratch.path("none"), "flows"])
        #expect(missing.status == 2)
    }
}
