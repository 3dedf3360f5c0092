import FeedbackFlow
import FeedbackFlowTestSupport
import FlowCompile
import FlowScenarios
import FlowSource
import FlowWorkspace
import Foundation
import Testing

/// Flow tests run against the navigator: what passes, each way a scenario fails (at the
/// place a person fixes, saying what happened instead), and what the reader refuses. The
/// fixtures are `Fixtures/support.flow.yaml` and the flow tests beside it; the places and
/// messages below are read off those files by hand.
@Suite("flow test scenarios")
struct ScenarioRunnerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The result of the fixture test file `name`.
    static func run(_ name: String) async throws -> FlowTestFileResult {
        let settings = try CompileSettings(configurationPath: nil, workingDirectory: fixtures.path)
        return await FlowTestFrontend(settings: settings).run(fixtures.appendingPathComponent(name).path)
    }

    @Test("stubs answer in order (a failure, then success), a failed step's error shows on its retry button's screen, and the trigger's decisions are checked")
    func passingScenariosPass() async throws {
        let result = try await Self.run("passing.flowtest.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        #expect(result.scenarios.count == 3)
        for scenario in result.scenarios {
            #expect(scenario.passed, "\(scenario.name): \(scenario.failure?.description ?? "")")
        }
    }

    @Test("each failing scenario fails at its step or expectation, saying what happened instead")
    func failuresArePlacedAndSaid() async throws {
        let result = try await Self.run("failing.flowtest.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        // (scenario, line, column, what the message says)
        let expected: [(String, Int, Int, String)] = [
            ("wrong screen", 9, 50, "expected screen 'thanks' on top, found 'sent' (\"Sent\")"),
            ("unexpected submission", 16, 14, "feedback was submitted from 'ask' (rating 3, reason \"\", custom screenshots) and no 'submitted:' expected it before tapping 'Done'"),
            ("unexpected refusal", 24, 14, "the trigger did not present the flow (not presented: condition false"),
            ("missing stub", 29, 14, "the custom step 'uploadLogs' ran with no stub"),
            ("disabled button", 33, 14, "tapping 'Send' on 'ask' did nothing: it is disabled"),
            ("button of another screen", 37, 14, "'ask' has no button 'Done'; its buttons: 'Send', 'Not now'"),
            ("field value", 42, 34, "expected 'email' valid, found it not valid"),
            ("reason", 50, 28, "expected the reason 'condition false', found 'validator 'hasConsent' answered false'"),
            ("outcome", 55, 27, "expected the flow to end with 'dismissed', found 'declined'"),
            ("submission values", 62, 29, "the submission differs: rating 4, not 5"),
            ("no reason", 69, 29, "the submission differs: reason \"ada@example.com\", not none"),
        ]
        #expect(result.scenarios.map(\.name) == expected.map(\.0))
        for (scenario, (name, line, column, message)) in zip(result.scenarios, expected) {
            let failure = try #require(scenario.failure, "\(name) passed")
            #expect(failure.code == "scenario-failed")
            #expect(failure.span?.start.line == line && failure.span?.start.column == column, "\(name): at \(failure.span.map { "\($0.start.line):\($0.start.column)" } ?? "nowhere")")
            #expect(failure.message.hasPrefix(message), "\(name): \(failure.message)")
        }
    }

    @Test("the reader reports every misspelt name at its place with 'did you mean', and no scenario runs")
    func typosAreReportedBeforeRunning() async throws {
        let result = try await Self.run("typos.flowtest.yaml")
        #expect(result.scenarios.isEmpty)
        let found = result.diagnostics.map { ($0.span?.start.line ?? 0, $0.span?.start.column ?? 0, $0.code, $0.hint ?? "") }
        let expected: [(Int, Int, String, String)] = [
            (4, 16, "unknown-reference", "did you mean 'uploadLogs'?"),
            (6, 14, "unknown-event", "did you mean 'crashed'?"),
            (7, 20, "invalid-value", "did you mean 'hasConsent'?"),
            (8, 12, "invalid-value", "write 'day 3' or an ISO 8601 time such as 2026-12-01T10:00:00Z"),
            (10, 15, "unknown-reference", "did you mean 'stars'?"),
            (11, 22, "type-mismatch", ""),
            (12, 14, "unknown-reference", "did you mean 'Send'?"),
            (13, 26, "unknown-screen", "did you mean 'sent'?"),
            (13, 31, "unknown-key", "did you mean 'title'?"),
            (14, 9, "invalid-value", "write each as its own item"),
            (16, 11, "invalid-value", "a scenario's name is its test case's name: give each its own"),
            (17, 12, "invalid-value", "write '- tap: TITLE' and '- expect: {screen: ID}' items"),
        ]
        #expect(found.count == expected.count, "\(found)")
        for (got, want) in zip(found, expected) {
            #expect(got.0 == want.0 && got.1 == want.1 && got.2 == want.2 && got.3 == want.3, "\(got) is not \(want)")
        }
    }

    @Test("a flow that does not compile runs none of its scenarios: flow-not-testable at 'flow:', its first error a note")
    func brokenFlowIsNotTested() async throws {
        let scratch = try ScratchFolder("flowtest-broken")
        try "version: 1\nstart: a\nscreens:\n  a: {style: sucess, title: A}\n".write(toFile: scratch.path("broken.flow.yaml"), atomically: true, encoding: .utf8)
        try "flow: broken.flow.yaml\nscenarios:\n  - name: never runs\n    steps: [{tap: A}]\n".write(toFile: scratch.path("broken.flowtest.yaml"), atomically: true, encoding: .utf8)
        let settings = try CompileSettings(configurationPath: nil, workingDirectory: scratch.url.path)
        let result = await FlowTestFrontend(settings: settings).run(scratch.path("broken.flowtest.yaml"))
        #expect(result.scenarios.isEmpty)
        let diagnostic = try #require(result.diagnostics.first { $0.code == "flow-not-testable" })
        #expect(diagnostic.span?.start.line == 1 && diagnostic.span?.start.column == 7)
        #expect(diagnostic.notes.first?.span?.start.line == 4)
    }

    @Test("coverage counts the flow's screens, buttons, both branches of each if, leaving steps and graph routes, and marks what the scenarios took")
    func coverageOfTheSupportFlow() async throws {
        let result = try await Self.run("passing.flowtest.yaml")
        let flow = try #require(result.flow)
        var coverage = FlowCoverage(flow: flow, path: "support.flow.yaml")
        // By hand from support.flow.yaml: 3 screens; Send, Not now and two Dones; one if;
        // push thanks, push sent, finish declined and two dismisses; the graph's 7 edges
        // (entry, Send to its choice, then, else, Not now, and each Done to the dismiss exit).
        #expect(FlowCoverage.Kind.allCases.map { coverage.counts(of: $0).total } == [3, 4, 2, 5, 7])
        for scenario in result.scenarios { coverage.mark(scenario.trace) }
        // Never taken: Not now and its finish, the thanks screen's Done and its dismiss.
        let untaken = coverage.items.filter { !$0.isTaken }.map(\.name)
        #expect(untaken == [
            "ask: Not now", "thanks: Done", "finish: declined on ask", "dismiss on thanks", "s_ask->x_finish_declined exit secondary Not now",
            "s_thanks->x_dismiss exit primary Done",
        ])
        #expect(coverage.counts.taken == 15 && coverage.counts.total == 21)
    }

    @Test("an action whose step failed did not take the route that stays; an if written once for two screens (a YAML alias) is two items, taken per screen; back pops")
    func failedStaysAndAliasesAreCountedApart() async throws {
        let result = try await Self.run("staying.flowtest.yaml")
        let failures = result.scenarios.compactMap(\.failure).map(\.description)
        #expect(failures.isEmpty, "\(failures)")
        var coverage = FlowCoverage(flow: try #require(result.flow), path: "staying.flow.yaml")
        for scenario in result.scenarios { coverage.mark(scenario.trace) }
        let taken = Dictionary(coverage.items.map { ($0.name, $0.isTaken) }, uniquingKeysWith: { $0 || $1 })
        // The only Reconnect failed: it stayed with its error, not along the route that stays.
        #expect(taken["connect: Reconnect"] == true)
        #expect(taken["s_connect->s_connect stay primary Reconnect / reconnect"] == false)
        // The alias's if: taken on connect (then), never on help.
        #expect(taken["if urgent on connect (then)"] == true)
        #expect(taken["if urgent on connect (else)"] == false)
        #expect(taken["if urgent on help (then)"] == false && taken["if urgent on help (else)"] == false)
        #expect(taken["c_connect_1->s_help push secondary then"] == true)
        #expect(taken["c_help_1->s_help push primary then"] == false)
        #expect(coverage.counts.taken == 9 && coverage.counts.total == 25)
    }

    @Test("each URL opened must be expected, once and in order: one not expected fails at the next tap, one expected again finds none")
    func openedURLsAreStrict() async throws {
        let result = try await Self.run("opening.flowtest.yaml")
        let url = "mailto:support@example.com?subject=Call%20rated%201"
        let failures = result.scenarios.map { ($0.failure?.span?.start.line, $0.failure?.span?.start.column, $0.failure?.message) }
        #expect(failures.count == 2)
        #expect(failures.first?.0 == 8 && failures.first?.1 == 14)
        #expect(failures.first?.2 == "'\(url)' was opened and no 'opened:' expected it before tapping 'Contact support'")
        #expect(failures.last?.0 == 15 && failures.last?.1 == 26)
        #expect(failures.last?.2 == "expected '\(url)' to be opened, but no URL was opened")
    }

    @Test("a title is tapped as it shows ($$ as $), a stub's values are read as the flow declares them, and one the handler does not declare, or of another type, is refused")
    func declaredValuesAndShownTitles() async throws {
        let passing = try await Self.run("declared.flowtest.yaml")
        #expect(passing.diagnostics.isEmpty, "\(passing.diagnostics.map(\.description))")
        #expect(passing.scenarios.count == 2 && passing.scenarios.allSatisfy { $0.failure == nil })
        let refused = try await Self.run("strict-names.flowtest.yaml")
        #expect(refused.scenarios.isEmpty)
        let found = refused.diagnostics.map { ($0.span?.start.line ?? 0, $0.span?.start.column ?? 0, $0.code, $0.hint ?? "") }
        #expect(found.count == 3, "\(found)")
        #expect(found.first.map { $0.0 == 4 && $0.1 == 35 && $0.2 == "unknown-reference" && $0.3 == "did you mean 'ticket'?" } == true, "\(found)")
        #expect(found.dropFirst().first.map { $0.0 == 4 && $0.1 == 53 && $0.2 == "type-mismatch" } == true, "\(found)")
        #expect(found.last.map { $0.0 == 5 && $0.1 == 15 && $0.2 == "unknown-reference" } == true, "\(found)")
        let validator = try await Self.run("strict-validator.flowtest.yaml")
        let asked = try #require(validator.diagnostics.first)
        #expect(asked.span?.start.line == 7 && asked.span?.start.column == 20)
        #expect(asked.message.hasSuffix("asks the validator 'hasConsent', not 'bogus'"))
    }

    @Test("a person sets only the fields the top screen shows: one its visibleWhen hides fails the scenario")
    func hiddenFieldsCannotBeSet() async throws {
        let result = try await Self.run("hidden.flowtest.yaml")
        let failure = try #require(result.scenarios.first?.failure)
        #expect(failure.span?.start.line == 5 && failure.span?.start.column == 24)
        #expect(failure.message == "'problem' is not shown on 'rate' now (its visibleWhen is false): a person cannot set it")
    }

    @Test("docs/testing.md's key tables are the format's key tables")
    func documentedKeysAreTheTable() throws {
        let page = try String(
            contentsOf: Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("docs/testing.md"), encoding: .utf8)
        #expect(page.contains(ScenarioKey.markdownTables), "regenerate the Keys section of docs/testing.md from ScenarioKey.markdownTables")
    }
}
