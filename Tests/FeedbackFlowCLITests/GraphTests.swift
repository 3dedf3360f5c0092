import Foundation
import Testing

/// Expected graphs are written by hand from flows/call-quality-rating.flow.yaml (screens
/// rate-call → thanks by push, presented at start by its trigger) and flows/network-error.flow.yaml.
@Suite("graph, end to end through the built binary")
struct GraphTests {
    @Test("DOT: one node per screen, the start edge, and edges labelled by step kind")
    func dot() async throws {
        let result = try await BuiltTool.run(["graph", "flows/call-quality-rating.flow.yaml"])
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            digraph "call-quality-rating" {
              rankdir=LR;
              node [shape=box, style=rounded];
              start [shape=point, label=""];
              s0 [label="rate-call\\n(feedback)"];
              s1 [label="thanks\\n(success)"];
              start -> s0 [label="present on callEnded when call.maxParticipants > 1 if isCallCreator agrees"];
              s0 -> s1 [label="push"];
            }

            """)
    }

    @Test("if branches are edges labelled with the branch they are on")
    func branches() async throws {
        // flows/rating-branches.flow.yaml: `if rating <= 2` pushes sorry, its else holds
        // `if rating == 3` pushing thanks, whose else pushes review.
        let result = try await BuiltTool.run(["graph", "flows/rating-branches.flow.yaml"])
        #expect(result.status == 0)
        let edges = result.standardOutput.split(separator: "\n").filter { $0.contains("->") && !$0.contains("start") }
        #expect(edges == [
            "  s0 -> s1 [label=\"push if rating <= 2\"];",
            "  s0 -> s2 [label=\"push unless rating <= 2 and if rating == 3\"];",
            "  s0 -> s3 [label=\"push unless rating <= 2 and unless rating == 3\"];",
        ])
    }

    @Test("Mermaid: the same graph as a flowchart")
    func mermaid() async throws {
        let result = try await BuiltTool.run(["graph", "--format=mermaid", "flows/network-error.flow.yaml"])
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            flowchart LR
              start((start))
              s0["offline<br/>(error)"]
              s1["connected<br/>(success)"]
              start -->|present| s0
              s0 -->|replace| s1

            """)
    }

    @Test("the JSON copy of the call-quality flow has the same graph and plays the same as the YAML one")
    func jsonCopy() async throws {
        let yaml = try await BuiltTool.run(["graph", "--format", "mermaid", "flows/call-quality-rating.flow.yaml"])
        let json = try await BuiltTool.run(["graph", "--format", "mermaid", "flows/call-quality-rating.flow.json"])
        #expect(yaml.status == 0 && json.status == 0)
        #expect(yaml.standardOutput == json.standardOutput)
        let script = "set email a@example.com\nset comment hi\nrate 2\n2\n1\n1\n"
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yamlRun = try await BuiltTool.run(
            ["run", "--feedback-out", folder.appendingPathComponent("y.jsonl").path, "flows/call-quality-rating.flow.yaml"], input: script)
        let jsonRun = try await BuiltTool.run(
            ["run", "--feedback-out", folder.appendingPathComponent("j.jsonl").path, "flows/call-quality-rating.flow.json"], input: script)
        #expect(yamlRun.status == 0)
        #expect(yamlRun.standardOutput == jsonRun.standardOutput)
    }

    @Test("a flow with errors is not drawn: diagnostics on standard error, exit 1")
    func brokenFlow() async throws {
        let result = try await BuiltTool.run(["graph", "Tests/FeedbackFlowCLITests/Fixtures/bad/five-problems.yaml"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("five-problems.yaml:14:24: error: unknown screen 'thanks-screen'"))
    }

    @Test("a folder or a missing file is a usage error")
    func usage() async throws {
        #expect(try await BuiltTool.run(["graph", "flows"]).status == 2)
        #expect(try await BuiltTool.run(["graph", "missing.yaml"]).status == 2)
        #expect(try await BuiltTool.run(["graph", "--format", "svg", "flows/simple-success.flow.yaml"]).status == 2)
    }
}
