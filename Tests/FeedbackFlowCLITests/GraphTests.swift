import FeedbackFlowTestSupport
import Foundation
import Testing

/// The graphs of the flows in flows/, drawn by Graphviz and read back from its SVG
/// (graph_svg.py): what a person sees, compared with what the flow files say. The
/// expected nodes and edges are written by hand from the files and the rules of
/// `graph` (docs/command-line.md): a screen shows its id, title and style; each button's
/// steps are edges labelled with its title and what the steps do on the way; an `if`
/// goes through a choice node, one edge per branch; exits are nodes of their own.
@Suite("graph, end to end through the built binary and Graphviz")
struct GraphTests {
    /// What Graphviz drew: nodes by name with their text lines, and edges (from, to,
    /// lines, line style), the legend left out.
    struct Drawing: Equatable {
        var nodes: [String: [String]]
        var edges: [Edge]

        struct Edge: Equatable, CustomStringConvertible {
            var from: String
            var to: String
            var lines: [String]
            var style: String
            var description: String { "\(from) -> \(to) \(lines) \(style)" }
        }
    }

    static func sorted(_ edges: [Drawing.Edge]) -> [Drawing.Edge] { edges.sorted { $0.description < $1.description } }

    static let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/graph_svg.py").path

    /// The DOT of `file`, drawn by Graphviz; fails the test when Graphviz warns.
    static func drawing(of file: String) async throws -> Drawing {
        let graph = try await BuiltTool.run(["graph", file])
        #expect(graph.status == 0, "\(graph.standardError)")
        return try await drawing(dot: graph.standardOutput)
    }

    static func drawing(dot: String) async throws -> Drawing {
        let run = try await BuiltTool.runProgram("/usr/bin/env", ["python3", script], input: dot)
        #expect(run.status == 0 && run.standardError.isEmpty, "Graphviz: \(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let nodes = try #require(object["nodes"] as? [String: [String]]).filter { !$0.key.hasPrefix("legend_") }
        let edges = try #require(object["edges"] as? [[Any]]).compactMap { edge -> Drawing.Edge? in
            guard let from = edge[0] as? String, !from.hasPrefix("legend_"), let to = edge[1] as? String,
                let lines = edge[2] as? [String], let style = edge[3] as? String
            else { return nil }
            return Drawing.Edge(from: from, to: to, lines: lines, style: style)
        }
        // Graphviz writes edges in an order of its own: compared in a fixed one.
        return Drawing(nodes: nodes, edges: edges.sorted { $0.description < $1.description })
    }

    @Test("call-quality-rating: the trigger as the entry, each screen with its title and style, each button's edge with its title and steps, dismiss as an exit")
    func callQuality() async throws {
        let drawing = try await Self.drawing(of: "flows/call-quality-rating.flow.yaml")
        #expect(drawing.nodes == [
            "entry": ["start"],
            "s_rate_call": ["rate-call", "How is your call going?", "feedback"],
            "s_thanks": ["thanks", "Thank you!", "success"],
            "x_dismiss": ["dismiss"],
        ])
        #expect(drawing.edges == GraphTests.sorted([
            .init(from: "entry", to: "s_rate_call", lines: ["present", "on callEnded", "when call.maxParticipants > 1", "if isCallCreator agrees"], style: "bold"),
            .init(from: "s_rate_call", to: "s_thanks", lines: ["Submit", "collectUserFeedback"], style: "solid"),
            .init(from: "s_rate_call", to: "s_rate_call", lines: ["Contact Us", "openURL https://getstream.io/video/#contact"], style: "dotted"),
            .init(from: "s_thanks", to: "x_dismiss", lines: ["Done"], style: "solid"),
        ]))
    }

    @Test("rating-branches: each if through a choice node with an edge per branch, each finish to its outcome")
    func branches() async throws {
        let drawing = try await Self.drawing(of: "flows/rating-branches.flow.yaml")
        #expect(drawing.nodes == [
            "entry": ["start"],
            "s_rate": ["rate", "How was your call?", "feedback"],
            "s_sorry": ["sorry", "We're sorry", "error"],
            "s_thanks": ["thanks", "Thank you!", "success"],
            "s_review": ["review", "Glad you liked it!", "success"],
            "c_rate_1": ["rating <= 2"], "c_rate_2": ["rating == 3"],
            "x_finish_sorry": ["finish: sorry"], "x_finish_thanks": ["finish: thanks"],
            "x_finish_reviewed": ["finish: reviewed"], "x_finish_declined": ["finish: declined"],
        ])
        #expect(drawing.edges == GraphTests.sorted([
            .init(from: "entry", to: "s_rate", lines: ["present"], style: "bold"),
            .init(from: "s_rate", to: "c_rate_1", lines: ["Submit", "collectUserFeedback"], style: "solid"),
            .init(from: "c_rate_1", to: "s_sorry", lines: ["then"], style: "solid"),
            .init(from: "c_rate_1", to: "c_rate_2", lines: ["else"], style: "solid"),
            .init(from: "c_rate_2", to: "s_thanks", lines: ["then"], style: "solid"),
            .init(from: "c_rate_2", to: "s_review", lines: ["else"], style: "solid"),
            .init(from: "s_rate", to: "s_rate", lines: ["Contact support", "openURL mailto:support@example.com?subject=Call%20rated%20${rating}"], style: "dotted"),
            .init(from: "s_sorry", to: "x_finish_sorry", lines: ["Done"], style: "solid"),
            .init(from: "s_thanks", to: "x_finish_thanks", lines: ["Done"], style: "solid"),
            .init(from: "s_review", to: "x_finish_reviewed", lines: ["Rate on the App Store", "openURL https://apps.apple.com/app/id000000000?action=write-review"], style: "solid"),
            .init(from: "s_review", to: "x_finish_declined", lines: ["Not now"], style: "solid"),
        ]))
    }

    @Test("DOT writes the edges in the order of the screens, their buttons and their steps, so the diff of two graphs follows the file")
    func stableOrder() async throws {
        let graph = try await BuiltTool.run(["graph", "flows/rating-branches.flow.yaml"])
        let pairs = graph.standardOutput.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("    "), let arrow = line.range(of: " -> ") else { return nil }
            let from = line[line.index(line.startIndex, offsetBy: 2)..<arrow.lowerBound]
            return "\(from)>\(line[arrow.upperBound...].prefix { $0 != " " })"
        }
        #expect(pairs == [
            "entry>s_rate", "s_rate>c_rate_1", "c_rate_1>s_sorry", "c_rate_1>c_rate_2", "c_rate_2>s_thanks", "c_rate_2>s_review",
            "s_rate>s_rate", "s_sorry>x_finish_sorry", "s_thanks>x_finish_thanks", "s_review>x_finish_reviewed",
            "s_review>x_finish_declined",
        ])
        #expect(try await BuiltTool.run(["graph", "flows/rating-branches.flow.yaml"]).standardOutput == graph.standardOutput)
    }

    @Test("network-error: replace and finish from a retry button and a cancel button")
    func networkError() async throws {
        let drawing = try await Self.drawing(of: "flows/network-error.flow.yaml")
        #expect(drawing.edges == GraphTests.sorted([
            .init(from: "entry", to: "s_offline", lines: ["present"], style: "bold"),
            .init(from: "s_offline", to: "s_connected", lines: ["Try again"], style: "solid"),
            .init(from: "s_offline", to: "x_finish_cancelled", lines: ["Cancel"], style: "solid"),
            .init(from: "s_connected", to: "x_dismiss", lines: ["Continue"], style: "solid"),
        ]))
        #expect(drawing.nodes["x_finish_cancelled"] == ["finish: cancelled"] && drawing.nodes["x_dismiss"] == ["dismiss"])
    }

    @Test("every flow in flows/ draws with Graphviz without a warning, legend included")
    func everyFlowDraws() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: BuiltTool.repositoryRoot.appendingPathComponent("flows").path)
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && !$0.contains(".flowtest.") }.sorted()
        #expect(files.count >= 5)
        for file in files {
            let drawing = try await Self.drawing(of: "flows/" + file)
            #expect(drawing.nodes["entry"] == ["start"], "\(file)")
        }
    }

    @Test("the legend is Graphviz's label of the drawing: below every node, and two rows high whatever the flow")
    func legendIsCompactAndBelow() async throws {
        let scratch = try ScratchFolder("graph-legend")
        for flow in ["flows/rating-branches.flow.yaml", "flows/style-gallery.flow.yaml", "flows/simple-success.flow.yaml"] {
            let dot = try await BuiltTool.run(["graph", flow])
            #expect(dot.status == 0)
            try dot.standardOutput.write(toFile: scratch.path("graph.dot"), atomically: true, encoding: .utf8)
            let laid = try await BuiltTool.runProgram("/usr/bin/env", ["dot", "-Tjson", scratch.path("graph.dot")])
            #expect(laid.status == 0, "\(laid.standardError)")
            let graph = try #require(try JSONSerialization.jsonObject(with: Data(laid.standardOutput.utf8)) as? [String: Any])
            // Graphviz's units: points (1/72 inch), y growing upwards; heights in inches.
            #expect(graph["labelloc"] as? String == "b", "\(flow)")
            let labelHeight = try #require(Double(graph["lheight"] as? String ?? "")) * 72
            let labelY = try #require((graph["lp"] as? String)?.split(separator: ",").last.flatMap { Double($0) })
            // Two rows of 10-point text in boxes: well under 1.5 inches.
            #expect(labelHeight < 108, "\(flow): the legend is \(labelHeight) points high")
            for object in graph["objects"] as? [[String: Any]] ?? [] {
                guard let position = (object["pos"] as? String)?.split(separator: ",").last.flatMap({ Double($0) }),
                    let height = Double(object["height"] as? String ?? "")
                else { continue }
                #expect(position - height * 36 >= labelY + labelHeight / 2 - 0.5, "\(flow): node \(object["name"] ?? "") overlaps the legend")
            }
            #expect((graph["objects"] as? [[String: Any]] ?? []).allSatisfy { ($0["name"] as? String)?.hasPrefix("legend") != true })
        }
    }

    @Test("docs/graphs holds the drawing of every YAML flow in flows/, showing what its graph is now (regenerate: scripts/graphs)")
    func committedDrawings() async throws {
        let root = BuiltTool.repositoryRoot
        let flows = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("flows").path)
            .filter { $0.hasSuffix(".flow.yaml") }.sorted()
        #expect(flows.count >= 5)
        for flow in flows {
            let svg = root.appendingPathComponent("docs/graphs/\(flow.dropLast(".flow.yaml".count)).svg").path
            let committed = try await BuiltTool.runProgram("/usr/bin/env", ["python3", Self.script, "--read", svg])
            #expect(committed.status == 0, "\(svg): \(committed.standardError)")
            let now = try await Self.drawing(of: "flows/" + flow)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(committed.standardOutput.utf8)) as? [String: Any])
            let nodes = try #require(object["nodes"] as? [String: [String]]).filter { !$0.key.hasPrefix("legend_") }
            #expect(nodes == now.nodes, "\(svg) is out of date: run scripts/graphs")
            let edges = (object["edges"] as? [[Any]] ?? []).compactMap { edge -> Drawing.Edge? in
                guard let from = edge[0] as? String, !from.hasPrefix("legend_"), let to = edge[1] as? String,
                    let lines = edge[2] as? [String], let style = edge[3] as? String
                else { return nil }
                return Drawing.Edge(from: from, to: to, lines: lines, style: style)
            }
            #expect(Self.sorted(edges) == now.edges, "\(svg) is out of date: run scripts/graphs")
        }
    }

    @Test("--format svg is Graphviz's drawing; without dot on PATH it is a usage error naming the package")
    func svg() async throws {
        let drawn = try await BuiltTool.run(["graph", "--format", "svg", "flows/simple-success.flow.yaml"])
        #expect(drawn.status == 0)
        #expect(drawn.standardOutput.contains("<svg") && drawn.standardOutput.contains("</svg>"))
        let missing = try await BuiltTool.run(
            ["graph", "--format", "svg", "flows/simple-success.flow.yaml"], environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("--format svg needs Graphviz's 'dot', which is not installed"))
        #expect(missing.standardError.contains("graphviz"))
    }

    @Test("a dot that fails is named with its exit status and what it said, on one line; one that warns passes the warning on")
    func failingDot() async throws {
        let scratch = try ScratchFolder("fake-dot")
        let dot = scratch.path("dot")
        for (script, status, said) in [
            ("echo line2 >&2; echo line3 >&2; exit 7", 3, "Graphviz's dot could not draw the graph: it exited with status 7 (line2; line3)"),
            ("/bin/cat >/dev/null; exit 0", 3, "Graphviz's dot could not draw the graph: it wrote nothing"),
            ("/bin/cat >/dev/null; echo '<svg/>'; echo 'Warning: odd' >&2; exit 0", 0, "feedbackflow graph: dot: Warning: odd"),
        ] {
            try "#!/bin/sh\n\(script)\n".write(toFile: dot, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dot)
            let run = try await BuiltTool.run(["graph", "--format", "svg", "flows/simple-success.flow.yaml"], environment: ["PATH": scratch.url.path])
            #expect(run.status == Int32(status), "\(script): \(run.standardError)")
            #expect(run.standardError.contains(said), "\(run.standardError)")
        }
    }

    @Test("Mermaid: the same nodes and edges, a present edge thick, every label quoted")
    func mermaid() async throws {
        let result = try await BuiltTool.run(["graph", "--format=mermaid", "flows/network-error.flow.yaml"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "flowchart LR")
        #expect(lines.contains("  s_offline[\"offline<br/>No connection<br/>error\"]:::error"))
        #expect(lines.contains("  s_offline -->|\"Try again\"| s_connected"))
        #expect(lines.contains("  s_offline -->|\"Cancel\"| x_finish_cancelled"))
        #expect(lines.contains("  x_finish_cancelled([\"finish: cancelled\"]):::exit"))
        #expect(lines.contains("  entry ==>|\"present\"| s_offline"))
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

    @Test("a folder, a missing file or an unknown format is a usage error")
    func usage() async throws {
        #expect(try await BuiltTool.run(["graph", "flows"]).status == 2)
        #expect(try await BuiltTool.run(["graph", "missing.yaml"]).status == 2)
        #expect(try await BuiltTool.run(["graph", "--format", "png", "flows/simple-success.flow.yaml"]).status == 2)
    }
}
