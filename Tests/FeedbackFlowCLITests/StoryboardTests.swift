import FeedbackFlowTestSupport
import Foundation
import Testing

/// `feedbackflow storyboard`, end to end, read back by Python's own HTML parser
/// (storyboard_facts.py): the page's policy against hashes hashlib computes, the author's
/// strings as the parser decodes them, and each scene's badges and routes against what
/// the flow files say.
@Suite("storyboard, end to end through the built binary and Python's HTML parser")
struct StoryboardTests {
    static let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/storyboard_facts.py").path
    static let web = "Tests/FeedbackFlowCLITests/Fixtures/web"

    struct Scene: Equatable, CustomStringConvertible {
        var screen: String
        var badges: [String]
        var links: [String]
        var description: String { "\(screen) \(badges) \(links)" }
    }

    /// What the parser read from the storyboard of `flows`.
    static func facts(_ flows: [String], extra: [String] = [], scratch: ScratchFolder) async throws -> [String: Any] {
        let page = scratch.path("board.html")
        let run = try await BuiltTool.run(["storyboard"] + flows + extra + ["-o", page])
        #expect(run.status == 0, "\(run.standardError)")
        let read = try await BuiltTool.runProgram("/usr/bin/env", ["python3", script, page])
        #expect(read.status == 0, "\(read.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(read.standardOutput.utf8)) as? [String: Any])
    }

    static func scenes(_ facts: [String: Any]) -> [Scene] {
        ((facts["scenes"] as? [[String: Any]]) ?? []).map {
            Scene(screen: $0["screen"] as? String ?? "", badges: $0["badges"] as? [String] ?? [], links: $0["links"] as? [String] ?? [])
        }
    }

    @Test("the policy allows exactly the page's own style and script, by the hashes hashlib computes, and nothing else loads or runs")
    func policyMatchesContent() async throws {
        let scratch = try ScratchFolder("storyboard")
        let facts = try await Self.facts(["flows/call-quality-rating.flow.yaml", "flows/rating-branches.flow.yaml"], scratch: scratch)
        let style = try #require((facts["styleHashes"] as? [String])?.first)
        let script = try #require((facts["scriptHashes"] as? [String])?.first)
        #expect((facts["styleHashes"] as? [String])?.count == 1 && (facts["scriptHashes"] as? [String])?.count == 1)
        #expect(
            facts["policy"] as? String
                == "default-src 'none'; style-src \(style); script-src \(script); img-src data:; base-uri 'none'; form-action 'none'")
        #expect(facts["handlers"] as? [String] == [])
        for source in try #require(facts["sources"] as? [String]) {
            #expect(source.hasPrefix("#") || source.hasPrefix("data:"), "\(source) loads something")
        }
    }

    @Test("titles, labels and conditions holding markup come back from the parser exactly as the author wrote them")
    func authorStringsAreText() async throws {
        let scratch = try ScratchFolder("storyboard")
        let facts = try await Self.facts(["\(Self.web)/hostile.flow.yaml"], scratch: scratch)
        let scenes = try #require(facts["scenes"] as? [[String: Any]])
        #expect(scenes.first?["titles"] as? [String] == Array(repeating: "<script>window.ran = true; alert(1)</script>", count: 2))
        #expect(scenes.first?["buttons"] as? [String] == Array(repeating: "Go </button><script>window.ran=true</script>", count: 2))
        #expect(scenes.last?["titles"] as? [String] == Array(repeating: "Done \u{2028} 'quoted' \"double\"", count: 2))
        #expect(facts["handlers"] as? [String] == [])
        #expect((facts["scriptHashes"] as? [String])?.count == 1)
    }

    @Test("scenes are laid out by steps from the start, each badged with its style, start, unreachable or dead end, its buttons linking their screens")
    func scenesAndRoutes() async throws {
        let scratch = try ScratchFolder("storyboard")
        // rating-branches: rate branches to sorry, thanks and review (written in that
        // order), each of which only finishes.
        let branches = Self.scenes(try await Self.facts(["flows/rating-branches.flow.yaml"], scratch: scratch))
        #expect(branches == [
            Scene(screen: "rate", badges: ["feedback", "start"], links: ["#f1-s_sorry", "#f1-s_thanks", "#f1-s_review"]),
            Scene(screen: "sorry", badges: ["error"], links: []),
            Scene(screen: "thanks", badges: ["success"], links: []),
            Scene(screen: "review", badges: ["success"], links: []),
        ])
        let marked = Self.scenes(try await Self.facts(["\(Self.web)/unreachable.flow.yaml"], scratch: scratch))
        #expect(marked == [
            Scene(screen: "first", badges: ["informative", "start"], links: ["#f1-s_stuck"]),
            Scene(screen: "stuck", badges: ["error", "dead end"], links: []),
            Scene(screen: "lonely", badges: ["success", "unreachable"], links: []),
        ])
    }

    @Test("40 ifs in a row (2^40 routes) list the first 64 and count the rest; a rating from Int.min to Int.max is a number field")
    func manyRoutesAndWideRating() async throws {
        let scratch = try ScratchFolder("storyboard")
        let run = try await BuiltTool.run(["storyboard", "\(Self.web)/forty-ifs.flow.yaml", "-o", scratch.path("board.html")])
        #expect(run.status == 0, "\(run.standardError)")
        let html = try scratch.read("board.html")
        let listed = html.components(separatedBy: "</ul>").first?.components(separatedBy: "<li>").count ?? 0
        // 64 routes and the line counting the rest.
        #expect(listed - 1 == 64 + 1)
        #expect(html.contains("<li>… and \((1 << 40) - 64) more</li>"))
        #expect(html.contains("<input type=\"number\" data-field=\"wide\" min=\"\(Int.min)\" max=\"\(Int.max)\" value=\"\(Int.min)\">"))
    }

    @Test("conditions read at one time rule each other out, and a step that waits between them separates them: each arrow says its route run by run")
    func conditionsAreReadRunByRun() async throws {
        let scratch = try ScratchFolder("storyboard")
        let run = try await BuiltTool.run(["storyboard", "\(Self.web)/waiting.flow.yaml", "-o", scratch.path("board.html")])
        #expect(run.status == 0, "\(run.standardError)")
        let html = try scratch.read("board.html")
        // waiting.flow.yaml: `agree`, then after openURL `agree` again → agreed, or `!agree` →
        // changed; `!agree` with nothing waiting, so its inner `agree` can never hold →
        // declined only, and nothing leads to `never`.
        let labels = html.matches(of: #/<text [^>]*>((?:<tspan[^>]*>[^<]*</tspan>)+)/#).map { match in
            match.1.matches(of: #/<tspan[^>]*>([^<]*)</tspan>/#).map { String($0.1) }.joined(separator: " / ")
        }
        #expect(labels == ["Go / if agree, then agree", "Go / if agree, then !agree", "Go / if !agree"])
        // Under the card, each route's steps and conditions in the order they run.
        #expect(html.contains(
            "<li><span class=\"when\">if <code>agree</code></span> <span class=\"does\">openURL https://example.com/terms</span> "
                + "<span class=\"when\">if <code>agree</code></span> push → <a href=\"#f1-s_agreed\""))
        let scenes = Self.scenes(try await Self.facts(["\(Self.web)/waiting.flow.yaml"], scratch: scratch))
        #expect(scenes.first?.links == ["#f1-s_agreed", "#f1-s_changed", "#f1-s_declined"])
    }

    @Test("templates show the --context values given, and a placeholder naming each value the host fills in that none was given for")
    func hostValuesShowAsPlaceholders() async throws {
        let scratch = try ScratchFolder("storyboard")
        let flow = "\(Self.web)/host-values.flow.yaml"
        // `user.plan` is no declared value: without --context it is an unknown reference.
        let undeclared = try await BuiltTool.run(["storyboard", flow, "-o", scratch.path("board.html")])
        #expect(undeclared.status == 1)
        #expect(undeclared.standardError.contains("'storyboard --context NAME=VALUE'"), "\(undeclared.standardError)")

        let declared = try await BuiltTool.run(["storyboard", flow, "--context", "user.plan", "-o", scratch.path("board.html")])
        #expect(declared.status == 0, "\(declared.standardError)")
        let placeholders = try scratch.read("board.html")
        #expect(placeholders.contains(">Hi ‹user.name›</h3>"))
        #expect(placeholders.contains(">‹call.participants› people, team ‹lookUpTeam.team›, plan ‹user.plan›</p>"))

        let given = try await BuiltTool.run([
            "storyboard", flow, "--context", "user.plan=Pro", "--context", "user.name=Ada", "--context", "call.participants=3",
            "-o", scratch.path("board.html"),
        ])
        #expect(given.status == 0, "\(given.standardError)")
        let values = try scratch.read("board.html")
        #expect(values.contains(">Hi Ada</h3>"))
        #expect(values.contains(">3 people, team ‹lookUpTeam.team›, plan Pro</p>"))
        // A declared value is typed as declared, as `run` reads it.
        let mistyped = try await BuiltTool.run(["storyboard", flow, "--context", "user.plan", "--context", "call.participants=many"])
        #expect(mistyped.status == 2)
        #expect(mistyped.standardError.contains("'call.participants' is declared"), "\(mistyped.standardError)")
    }

    @Test("a theme's asset is inlined as a data: URI; an image the assets folder lacks shows a placeholder naming it")
    func assetsInlined() async throws {
        let scratch = try ScratchFolder("storyboard")
        let page = scratch.path("board.html")
        let run = try await BuiltTool.run([
            "storyboard", "flows/call-quality-rating.flow.yaml", "\(Self.web)/unreachable.flow.yaml", "--theme", "\(Self.web)/brand.theme.yaml",
            "-o", page,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let html = try scratch.read("board.html")
        let logo = try Data(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("\(Self.web)/assets/feedbackLogo.svg"))
        #expect(html.contains("src=\"data:image/svg+xml;base64,\(logo.base64EncodedString())\" alt=\"feedbackLogo\""))
        #expect(html.contains("aria-label=\"missing image banner\">missing image<br>banner</span>"))
        #expect(html.contains(".look-feedback{--bg:#F3E8FD;") && html.contains(".look-feedback.dark{--bg:#241438;"))
    }

    @Test("the same flows give the same bytes, and docs/storyboards holds the current storyboard (with the example theme, every image found) and a screenshot of every flow in flows/ (regenerate: scripts/storyboards)")
    func deterministicAndCommitted() async throws {
        let scratch = try ScratchFolder("storyboard")
        let root = BuiltTool.repositoryRoot
        let flows = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("flows").path)
            .filter { $0.hasSuffix(".flow.yaml") }.sorted()
        #expect(flows.count >= 5)
        for flow in flows {
            let name = String(flow.dropLast(".flow.yaml".count))
            let theme = ["--theme", "themes/example.theme.yaml"]
            let first = try await BuiltTool.run(["storyboard", "flows/\(flow)", "-o", scratch.path("1.html")] + theme)
            let second = try await BuiltTool.run(["storyboard", "flows/\(flow)", "-o", scratch.path("2.html")] + theme)
            #expect(first.status == 0 && second.status == 0)
            #expect(try scratch.read("1.html") == scratch.read("2.html"), "\(flow): two runs differ")
            let committed = try String(contentsOf: root.appendingPathComponent("docs/storyboards/\(name).html"), encoding: .utf8)
            #expect(committed == (try scratch.read("1.html")), "docs/storyboards/\(name).html is out of date: run scripts/storyboards")
            #expect(!committed.contains("missing image"), "docs/storyboards/\(name).html draws an image the example theme's assets lack")
            let png = try Data(contentsOf: root.appendingPathComponent("docs/storyboards/\(name).png"))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "docs/storyboards/\(name).png is no PNG")
        }
    }

    @Test("a flow with errors is not drawn: its diagnostics, status 1, and an earlier page left as it was; the page cannot be written over a flow")
    func errorsAndCollisions() async throws {
        let scratch = try ScratchFolder("storyboard")
        try "earlier page".write(toFile: scratch.path("board.html"), atomically: true, encoding: .utf8)
        try "version: 1\nstart: a\nscreens:\n  a: {style: plain, title: A}\n".write(toFile: scratch.path("bad.flow.yaml"), atomically: true, encoding: .utf8)
        let bad = try await BuiltTool.run(["storyboard", "flows/simple-success.flow.yaml", scratch.path("bad.flow.yaml"), "-o", scratch.path("board.html")])
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("bad.flow.yaml:4:14: error:"), "\(bad.standardError)")
        #expect(try scratch.read("board.html") == "earlier page")
        let flow = scratch.path("simple.flow.yaml")
        try FileManager.default.copyItem(atPath: BuiltTool.repositoryRoot.appendingPathComponent("flows/simple-success.flow.yaml").path, toPath: flow)
        let over = try await BuiltTool.run(["storyboard", flow, "-o", flow])
        #expect(over.status == 2, "\(over.standardError)")
        #expect(try scratch.read("simple.flow.yaml").hasPrefix("#"))
    }
}
