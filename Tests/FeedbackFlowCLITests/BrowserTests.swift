import FeedbackFlowTestSupport
import Foundation
import Testing

/// The storyboard and the preview in a real browser: headless Chromium driven by Selenium
/// (browser_check.py, which finds controls by their accessible names and reports what it
/// saw). The expected values come from the flow files: their titles, their rules (an
/// email field that must be valid, a rating that branches), and from what a page must
/// never do (load anything, run an author's script).
@Suite("storyboard and preview in headless Chromium", .serialized)
struct BrowserTests {
    static let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/browser_check.py").path

    /// What browser_check.py saw, as JSON.
    static func browser(_ arguments: [String], scratch: ScratchFolder) async throws -> [String: Any] {
        // Chromium's profile goes into a folder of its own, removed afterwards; its path is
        // short, as Chromium's singleton socket path must fit in a sockaddr_un (108 bytes).
        let profiles = FileManager.default.temporaryDirectory.appendingPathComponent("ffb-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profiles) }
        let run = try await BuiltTool.runProgram(
            "/usr/bin/env", ["python3", script] + arguments, environment: ["TMPDIR": profiles.path])
        #expect(run.status == 0, "browser_check.py \(arguments.first ?? ""): \(run.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }

    /// The storyboard of `flows` written into `scratch`; its path.
    static func storyboard(_ flows: [String], scratch: ScratchFolder) async throws -> String {
        let page = scratch.path("board.html")
        let run = try await BuiltTool.run(["storyboard"] + flows + ["-o", page])
        #expect(run.status == 0, "\(run.standardError)")
        return page
    }

    /// A preview of a copy of `flow` in `scratch`, started and its address read from its
    /// first line.
    static func preview(_ flow: String, scratch: ScratchFolder, options: [String] = []) async throws -> (RunningTool, url: String, file: String) {
        let file = scratch.path(URL(fileURLWithPath: flow).lastPathComponent)
        try FileManager.default.copyItem(atPath: BuiltTool.repositoryRoot.appendingPathComponent(flow).path, toPath: file)
        let tool = try RunningTool(
            ["preview", file, "--feedback-out", scratch.path("feedback.jsonl")] + options, input: "", folder: scratch.url, name: "preview")
        for _ in 0..<200 {
            let output = (try? String(contentsOfFile: tool.outputPath, encoding: .utf8)) ?? ""
            // The address carries the preview's secret (`?token=…`): the page turns it into a cookie.
            if let match = output.firstMatch(of: #/at (http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{64}) /#) { return (tool, String(match.1), file) }
            try await Task.sleep(for: .milliseconds(50))
        }
        tool.sendKill()
        Issue.record("the preview printed no address: \((try? String(contentsOfFile: tool.errorPath, encoding: .utf8)) ?? "")")
        throw CancellationError()
    }

    /// Stops the preview as Ctrl-C does: it exits 130.
    static func stop(_ tool: RunningTool) async {
        tool.send(SIGINT)
        _ = await tool.wait(upTo: 10)
        #expect(tool.status == 130)
    }

    @Test("the four styles' cards are drawn, not blank, and each looks different from the others")
    func stylesAreDistinct() async throws {
        let scratch = try ScratchFolder("browser")
        let report = try await Self.browser(["storyboard-styles", try await Self.storyboard(["flows/style-gallery.flow.yaml"], scratch: scratch)], scratch: scratch)
        let cards = try #require(report["cards"] as? [String: [String: Any]])
        #expect(Set(cards.keys) == ["success", "informative", "error", "feedback"])
        for (style, card) in cards {
            // More than a background: text, icon and buttons cover part of the card.
            #expect((card["share_not_background"] as? Double ?? 0) > 0.03, "\(style) looks blank")
        }
        let differences = try #require(report["differences"] as? [String: Double])
        #expect(differences.count == 6)
        for (pair, difference) in differences { #expect(difference > 5, "\(pair) look alike: \(difference)") }
    }

    @Test("the storyboard is a document: its cards start still in a browser that allows motion, and in print, so a screenshot captures them whole")
    func storyboardStartsStill() async throws {
        let scratch = try ScratchFolder("browser")
        let page = try await Self.storyboard(["flows/call-quality-rating.flow.yaml", "flows/style-gallery.flow.yaml"], scratch: scratch)
        let report = try await Self.browser(["storyboard-still", page], scratch: scratch)
        #expect((report["cards"] as? Int ?? 0) > 4)
        #expect(report["shown"] as? [String] == ["none"], "\(report)")
        #expect(report["printed"] as? [String] == ["none"], "\(report)")
    }

    @Test("a storyboard drawn with --coverage shows the routes no scenario took: their arrows orange and thick, their list items marked, the legend saying so")
    func storyboardShowsUntestedRoutes() async throws {
        let scratch = try ScratchFolder("browser-coverage")
        let report = scratch.path("report.json")
        // Only three stars: the thanks is reached; the apology and the review are not.
        _ = try await BuiltTool.run(["test", FlowTestCommandTests.partial, "--format", "json=" + report])
        let page = scratch.path("board.html")
        let run = try await BuiltTool.run(["storyboard", "flows/rating-branches.flow.yaml", "--coverage", report, "-o", page])
        #expect(run.status == 0, "\(run.standardError)")
        let seen = try await Self.browser(["storyboard-coverage", page], scratch: scratch)
        let arrows = try #require(seen["arrows"] as? [[String: Any]])
        func arrow(to target: String) -> [String: Any]? {
            arrows.first { ($0["title"] as? String ?? "").hasPrefix("Submit") && ($0["label"] as? String ?? "").contains(target) }
        }
        // The theme's untested orange, #e8590c, as the browser computes it.
        let orange = "rgb(232, 89, 12)"
        for target in ["rating ≤ 2", "rating ≥ 4"] {
            let drawn = try #require(arrow(to: target), "no Submit arrow labelled \(target): \(arrows)")
            #expect(drawn["untested"] as? Bool == true && drawn["stroke"] as? String == orange, "\(drawn)")
        }
        let thanks = try #require(arrow(to: "rating = 3"), "\(arrows)")
        #expect(thanks["untested"] as? Bool == false && thanks["stroke"] as? String != orange, "\(thanks)")
        let listed = try #require(seen["listed"] as? [[String: Any]])
        #expect(!listed.isEmpty && listed.allSatisfy { $0["badge"] as? Bool == true && $0["color"] as? String == orange }, "\(listed)")
        #expect((seen["legend"] as? String ?? "").contains("routes no scenario of the flow's tests took are orange, thick and marked untested"))
        #expect((seen["coverage"] as? String ?? "").hasPrefix("Tests: 40.6% of 32 items taken (13)"))
    }

    @Test("each storyboard arrow is labelled with its whole route, said shortly; a route no score takes is not drawn; labels never overlap, no arrow crosses its own, nothing leaves its map")
    func storyboardArrowsTellTheRoute() async throws {
        let scratch = try ScratchFolder("browser")
        let page = try await Self.storyboard(
            ["\(StoryboardTests.web)/routes.flow.yaml", "flows/rating-branches.flow.yaml", "flows/network-error.flow.yaml"], scratch: scratch)
        let report = try await Self.browser(["storyboard-arrows", page], scratch: scratch)
        let labels = report["labels"] as? [String] ?? []
        // routes.flow.yaml on a 1–5 score: `score <= 2` → sorry; else `score == 5` → review;
        // else (3 or 4) `score == 1` can never hold, so only thanks is drawn. rate's arrows
        // fan out by their targets' rows: sorry, thanks (twice), review.
        #expect(Array(labels.prefix(7)) == [
            "Send / if score ≤ 2", "Send / if score 3–4", "Skip the rating for now", "Send / if score = 5", "Try again",
            "Review us too", "Back to thanks",
        ])
        // rating-branches.flow.yaml: 1–2 sorry, 3 thanks, 4–5 review (its header comment).
        #expect(Array(labels.dropFirst(7).prefix(3)) == ["Submit / if rating ≤ 2", "Submit / if rating = 3", "Submit / if rating ≥ 4"])
        #expect(report["crossings"] as? [String] == [], "\(report)")
        #expect(report["overlaps"] as? [String] == [], "\(report)")
        #expect(report["outside"] as? [String] == [], "\(report)")
    }

    @Test("in the storyboard, Submit on the call-quality screen leads to the thank-you card")
    func storyboardFollowsSubmit() async throws {
        let scratch = try ScratchFolder("browser")
        let page = try await Self.storyboard(["flows/call-quality-rating.flow.yaml"], scratch: scratch)
        let report = try await Self.browser(["storyboard-follow", page, "rate-call", "Submit"], scratch: scratch)
        #expect(report["focused"] as? String == "thanks")
        #expect(report["targetTitles"] as? [String] == ["Thank you!", "Thank you!"])
        #expect(report["requests"] as? [String] == [])
    }

    @Test("the storyboard loads nothing, and a <script> title shows as text while nothing of the author's runs")
    func storyboardIsInert() async throws {
        let scratch = try ScratchFolder("browser")
        let page = try await Self.storyboard(
            ["Tests/FeedbackFlowCLITests/Fixtures/web/hostile.flow.yaml", "flows/call-quality-rating.flow.yaml"], scratch: scratch)
        let report = try await Self.browser(["storyboard-inert", page], scratch: scratch)
        #expect(report["requests"] as? [String] == [])
        #expect(report["alert"] as? Bool == false)
        #expect(report["ran"] as? Bool == false)
        #expect(report["scripts"] as? Int == 1)
        #expect(report["cspErrors"] as? [String] == [])
        let titles = try #require(report["titles"] as? [String])
        #expect(titles.contains("<script>window.ran = true; alert(1)</script>"))
    }

    @Test("the preview prints a flow's warnings on standard error when it starts, as run does")
    func previewPrintsWarnings() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, _, file) = try await Self.preview("\(StoryboardTests.web)/routes.flow.yaml", scratch: scratch)
        await Self.stop(tool)
        let errors = try String(contentsOfFile: tool.errorPath, encoding: .utf8)
        // routes.flow.yaml: the `- if:` asking `score == 1` on line 25, column 25, after `score > 2`.
        #expect(errors.contains("\(file):25:25: warning:"), "\(errors)")
        #expect(errors.contains("[unreachable-branch]"))
    }

    @Test("the preview shows the flow in the --locale of its --strings catalog")
    func previewInALocale() async throws {
        let scratch = try ScratchFolder("browser")
        let catalog = BuiltTool.fixture("strings/xcode.xcstrings").path
        let (tool, url, _) = try await Self.preview(
            "Tests/FeedbackFlowCLITests/Fixtures/strings/feedback.flow.yaml", scratch: scratch, options: ["--strings", catalog, "--locale", "de-AT"])
        let report = try await Self.browser(["preview-title", url], scratch: scratch)
        await Self.stop(tool)
        // The catalog's German title (the fixture's de translation of feedback.ask.title).
        #expect(report["title"] as? String == "Wie war es?")
    }

    @Test("the preview reloads when the String Catalog, the theme or a theme image it shows is saved, the flow file untouched")
    func previewWatchesEveryFileItRead() async throws {
        let scratch = try ScratchFolder("browser")
        let catalog = scratch.path("feedback.xcstrings"), theme = scratch.path("look.theme.yaml"), image = scratch.path("assets/logo.svg")
        try FileManager.default.copyItem(atPath: BuiltTool.fixture("strings/xcode.xcstrings").path, toPath: catalog)
        try FileManager.default.createDirectory(atPath: scratch.path("assets"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuiltTool.fixture("web/assets/feedbackLogo.svg").path, toPath: image)
        try "assets: assets\nstyles:\n  feedback: {background: \"#F3E8FD\"}\n".write(toFile: theme, atomically: true, encoding: .utf8)
        let (tool, url, file) = try await Self.preview(
            "Tests/FeedbackFlowCLITests/Fixtures/strings/feedback.flow.yaml", scratch: scratch,
            options: ["--strings", catalog, "--locale", "de", "--theme", theme])
        let flowBefore = try Data(contentsOf: URL(fileURLWithPath: file))
        let report = try await Self.browser(["preview-watch", url, catalog, theme, image], scratch: scratch)
        await Self.stop(tool)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == flowBefore)
        let first = try #require(report["first"] as? [String: Any])
        // The fixture's German title; the theme's feedback background #F3E8FD is rgb(243, 232, 253).
        #expect(first["title"] as? String == "Wie war es?")
        #expect(first["background"] as? String == "rgb(243, 232, 253)")
        let logo = try Data(contentsOf: BuiltTool.fixture("web/assets/feedbackLogo.svg"))
        #expect(first["image"] as? String == "data:image/svg+xml;base64," + logo.base64EncodedString())
        // The catalog's new translation, in the same page.
        #expect((report["afterCatalog"] as? [String: Any])?["title"] as? String == "Wie war der Anruf?")
        #expect(report["samePage"] as? Bool == true)
        // The theme's new background, #D2E3FC: the page loaded again in the new look.
        let afterTheme = try #require(report["afterTheme"] as? [String: Any])
        #expect(afterTheme["background"] as? String == "rgb(210, 227, 252)", "\(report)")
        #expect(afterTheme["look"] as? String != first["look"] as? String)
        #expect(afterTheme["title"] as? String == "Wie war der Anruf?")
        // The image as saved.
        let saved = try Data(contentsOf: URL(fileURLWithPath: image))
        #expect((report["afterImage"] as? [String: Any])?["image"] as? String == "data:image/svg+xml;base64," + saved.base64EncodedString())
    }

    @Test("in the preview, a presented screen is a sheet over the dimmed, inert screen it was presented over; a pushed one is not")
    func previewDrawsPresentedAsSheet() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, url, _) = try await Self.preview("flows/style-gallery.flow.yaml", scratch: scratch)
        let report = try await Self.browser(["preview-sheet", url], scratch: scratch)
        await Self.stop(tool)
        // style-gallery: pushes from screen to screen up to `feedback`, which presents `no-primary`.
        #expect((report["pushedUnder"] as? [Int])?.allSatisfy { $0 == 0 } == true, "\(report)")
        #expect(report["sheet"] as? Bool == true)
        #expect(report["underScreen"] as? String == "feedback")
        #expect(report["inert"] as? Bool == true)
        #expect((report["offset"] as? Double ?? 0) >= 20, "\(report)")
        #expect((report["underFilter"] as? String ?? "").contains("brightness"))
        // Closing the sheet (its link dismisses its stack) shows `feedback` again, alone.
        #expect(report["afterClose"] as? String == "feedback")
        #expect(report["underAfterClose"] as? Int == 0)
    }

    @Test("in the preview, an email's format problem shows once the field is left or a button pressed, not while typing; every tab continues the one run and says so")
    func previewShowsProblemsOnLeaving() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, url, _) = try await Self.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        let report = try await Self.browser(["preview-problem", url], scratch: scratch)
        await Self.stop(tool)
        // The runtime's message for an email that does not fit name@example.com.
        let message = "not a valid email address (expected name@example.com)"
        #expect(report["exists"] as? [String] == [message])
        #expect(report["whileTyping"] as? [String] == [])
        #expect(report["afterLeaving"] as? [String] == [message])
        #expect(report["freshPage"] as? [String] == [])
        #expect(report["typedKept"] as? String == "ada@")
        #expect((report["shared"] as? String ?? "").contains("a new tab or a reload continues it"))
        #expect(report["submitEnabled"] as? Bool == false)
        #expect(report["afterSubmit"] as? [String] == [message])
    }

    @Test("the preview's toolbar buttons are styled, and the event panel sits close beside the phone")
    func previewLayout() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, url, _) = try await Self.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        let report = try await Self.browser(["preview-layout", url], scratch: scratch)
        await Self.stop(tool)
        let gap = report["gap"] as? Double ?? 1000
        #expect(gap > 0 && gap <= 48, "\(report)")
        let buttons = report["buttons"] as? [[String: Any]] ?? []
        #expect(buttons.count == 3)
        for button in buttons {
            #expect((button["radius"] as? Double ?? 0) >= 4 && button["border"] as? String == "solid" && (button["padding"] as? Double ?? 0) >= 8, "\(button)")
        }
    }

    @Test("in the preview, Submit stays disabled until a valid email address is typed")
    func previewWaitsForEmail() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, url, _) = try await Self.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        let report = try await Self.browser(["preview-email", url], scratch: scratch)
        await Self.stop(tool)
        #expect(report["disabledAtStart"] as? Bool == true)
        #expect(report["disabledWithPartialEmail"] as? Bool == true)
        #expect(report["enabledWithEmail"] as? Bool == true)
        #expect(report["typed"] as? String == "ada@example.com")
    }

    @Test("in the preview, rating 2 in rating-branches reaches the 'sorry' screen, and the submission is delivered")
    func previewBranches() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, url, _) = try await Self.preview("flows/rating-branches.flow.yaml", scratch: scratch)
        let report = try await Self.browser(["preview-branch", url, "2"], scratch: scratch)
        await Self.stop(tool)
        #expect(report["screen"] as? String == "sorry")
        #expect(report["title"] as? String == "We're sorry")
        let delivered = try scratch.read("feedback.jsonl")
        #expect(delivered.contains("\"rating\":2") && delivered.contains("\"reason\":\"It dropped twice\""), "\(delivered)")
    }

    @Test("saving the flow shows the new title in the open page, with no reload; a broken save shows its diagnostic at its line and column over the last good screen")
    func previewReloads() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, url, file) = try await Self.preview("flows/rating-branches.flow.yaml", scratch: scratch)
        let reload = try await Self.browser(["preview-reload", url, file], scratch: scratch)
        #expect(reload["before"] as? String == "How was your call?")
        #expect(reload["after"] as? String == "Rated in the preview")
        #expect(reload["samePage"] as? Bool == true)
        let broken = try await Self.browser(["preview-broken", url, file], scratch: scratch)
        await Self.stop(tool)
        #expect(broken["shown"] as? Bool == true)
        // `screens: [` opens a flow sequence on line 11, column 10; libyaml finds the error
        // at the next key, line 13 column 10.
        let problems = try #require(broken["problems"] as? String)
        #expect(problems.contains("\(file):13:10: error:"), "\(problems)")
        #expect(problems.contains(" 11 | screens: ["), "\(problems)")
        #expect(broken["titleStill"] as? String == "Rated in the preview")
    }

    @Test("a save while the form is filled keeps what was typed and chosen: the new title shows over the same values")
    func previewKeepsValues() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, url, file) = try await Self.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        let report = try await Self.browser(["preview-keep", url, file], scratch: scratch)
        await Self.stop(tool)
        #expect(report["title"] as? String == "Saved while filling")
        #expect(report["email"] as? String == "ada@example.com")
        #expect(report["stars"] as? [String] == ["4 of 5"])
        #expect(report["submitEnabled"] as? Bool == true)
    }

    @Test("the trigger panel fires the event with the values typed: the decision and its reason show, and a presented flow starts")
    func previewTriggerPanel() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, url, _) = try await Self.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        // The trigger: `when: call.maxParticipants > 1`, then the validator isCallCreator.
        let alone = try await Self.browser(["preview-trigger", url, "1", "true"], scratch: scratch)
        let refused = try await Self.browser(["preview-trigger", url, "3", "false"], scratch: scratch)
        let shown = try await Self.browser(["preview-trigger", url, "3", "true"], scratch: scratch)
        await Self.stop(tool)
        let aloneSays = try #require(alone["decision"] as? String)
        #expect(aloneSays.hasPrefix("callEnded: not presented") && aloneSays.contains("1 > 1 is false"), "\(aloneSays)")
        #expect(alone["screen"] is NSNull)
        let refusedSays = try #require(refused["decision"] as? String)
        #expect(refusedSays.hasPrefix("callEnded: not presented") && refusedSays.contains("'isCallCreator'"), "\(refusedSays)")
        #expect(shown["decision"] as? String == "callEnded: presented")
        #expect(shown["screen"] as? String == "rate-call")
    }

    @Test("in the preview, a <script> title shows as text, nothing of the author's runs, and the page asks only its own server")
    func previewIsInert() async throws {
        let scratch = try ScratchFolder("browser")
        let (tool, url, _) = try await Self.preview("Tests/FeedbackFlowCLITests/Fixtures/web/hostile.flow.yaml", scratch: scratch)
        let report = try await Self.browser(["preview-inert", url], scratch: scratch)
        await Self.stop(tool)
        #expect(report["title"] as? String == "<script>window.ran = true; alert(1)</script>")
        #expect(report["alert"] as? Bool == false)
        #expect(report["ran"] as? Bool == false)
        #expect(report["requests"] as? [String] == [String(url.prefix { $0 != "?" }) + "state"])
    }
}
