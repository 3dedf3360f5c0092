import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation
import Testing

/// Edges of decisions found by using them: wide rating ranges, flat chains, optional
/// values never given, a history file without its last line break, records from the future.
@Suite("Decisions at their edges")
struct DecisionEdgeTests {
    static func compile(_ text: String) -> FlowCompilation {
        FlowCompiler.compile(text: text, format: .yaml, name: "edge.yaml")
    }

    @Test("a rating whose range is wider than 64 bits is validated, not a crash")
    func wideRating() {
        let compilation = Self.compile("""
            version: 1
            style: feedback
            image: l
            title: T
            extraContent:
              - rating: {id: r, min: -1, max: 9223372036854775807}
              - text: hi
                visibleWhen: "r > 0"
            primaryAction: {button: {title: Go, action: dismiss}}
            """)
        #expect(!compilation.hasErrors)
    }

    @Test("places inside an expression count Unicode scalars, also after non-ASCII text in a string literal")
    func rangesCountScalars() throws {
        // Counted by hand: ' ñ 🎉 ' are scalars 0...3 (🎉 is four UTF-8 bytes, ñ two), `==` is 5...6, `x` 8, `&` 10.
        let literal = try FlowExpression("'ñ🎉' == x").parsed.get()
        #expect(literal.nodes.map(\.range) == [0..<4, 8..<9, 0..<9])
        guard case .failure(let badOperator) = FlowExpression("'ñ🎉' == x & y").parsed else {
            Issue.record("'&' must not parse")
            return
        }
        #expect(badOperator.range == 10..<11)
        // The bad escape covers the backslash (2) and the character after it (ñ, 3).
        guard case .failure(let badEscape) = FlowExpression(#"'a\ñ'"#).parsed else {
            Issue.record("'\\ñ' must not parse")
            return
        }
        #expect(badEscape.range == 2..<4)
        guard case .failure(let unexpected) = FlowExpression("x == 'é' § 1").parsed else {
            Issue.record("'§' must not parse")
            return
        }
        #expect(unexpected.range == 9..<10)
        #expect(unexpected.message.contains("§"))
    }

    @Test("a duration is a whole number from 1 with one unit, s, m, h or d, at most 36500 days",
          arguments: [("30s", 30), ("15m", 900), ("12h", 43_200), ("7d", 604_800), ("007d", 604_800),
                      ("36500d", 3_153_600_000), ("999999999s", 999_999_999),
                      ("36501d", nil), ("1000000000s", nil), ("", nil), ("d", nil), ("0d", nil), ("7", nil),
                      ("7w", nil), ("-7d", nil), ("+7d", nil), ("7.5d", nil), ("7 d", nil), ("７d", nil), ("7D", nil)]
            as [(String, Int?)])
    func durations(text: String, seconds: Int?) {
        // 36500 days = 100 years of 365 days = 3,153,600,000 seconds.
        let limit = FlowCompiler.compile(
            text: "version: 1\nstyle: success\ntitle: T\nprimaryAction: none\nevents: {e: {}}\n"
                + "trigger: {event: e, limit: {maxPresentations: 1, per: '\(text)'}}\n",
            format: .yaml, name: "d.yaml")
        let found = limit.flow?.trigger?.limit.periodSeconds
        #expect(found == seconds)
        #expect(limit.diagnostics.contains { $0.message.hasPrefix("invalid duration") } == (seconds == nil))
    }

    @Test("flat chains nest nothing: 300 operands joined by && and 300 by + are accepted")
    func flatChains() {
        let conjunction = (0..<300).map { _ in "flag" }.joined(separator: " && ")
        let sum = "1" + String(repeating: " + 1", count: 299)
        #expect(!FlowExpression(conjunction).parsed.isFailure)
        #expect(FlowExpression(sum).evaluate { _ in nil } == .value(.integer(300)))
        let why = FlowExpression(conjunction).whyNotTrue { $0 == "flag" ? .boolean(false) : nil }
        #expect(why?.description == "flag: flag is false")
    }

    @Test("work is linear in the expression: 200,000 terms are parsed, checked, evaluated and explained (a quadratic pass would hang here)")
    func longExpressions() {
        let terms = 200_000
        let sum = FlowExpression("rating" + String(repeating: " + 1", count: terms - 1))
        let tree = try? sum.parsed.get()
        #expect(tree?.nodes.count == 2 * terms - 1)
        var environment = ExpressionEnvironment()
        environment.declare("rating", ValueType(.integer))
        environment.declareValues((1...5).map { .integer($0) }, of: "rating")
        if let tree {
            let (types, problems) = ExpressionChecker.check(tree, text: sum.text, in: environment)
            #expect(problems.isEmpty)
            #expect(types.last == .value(ValueType(.integer)))
        }
        #expect(sum.evaluate { $0 == "rating" ? .integer(1) : nil } == .value(.integer(terms)))
        let chain = FlowExpression(Array(repeating: "rating > 0", count: terms / 2).joined(separator: " && ") + " && rating > 9")
        #expect(chain.whyNotTrue { $0 == "rating" ? .integer(3) : nil }?.description == "rating > 9: 3 > 9 is false")
    }

    @Test("a declared optional context value that is not given is null on the screen, as for the trigger")
    func optionalContextIsNull() async throws {
        let flow = try #require(Self.compile("""
            version: 1
            context: {opt: integer?}
            style: feedback
            image: logo
            title: "isnull=${opt == null}"
            primaryAction: {button: {title: Go, action: dismiss}}
            """).flow)
        let navigator = FlowNavigator(flow: flow)
        try await navigator.start()
        #expect(await navigator.snapshot()?.title == "isnull=true")
    }

    @Test("a record appended to a history file whose last line has no line break starts a line of its own")
    func historyWithoutFinalNewline() async throws {
        let path = temporaryPath("history.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"at":"2026-04-01T00:00:00Z","flow":"f1","kind":"presented"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let history = JSONFilePresentationHistory(file: URL(filePath: path))
        try await history.record(PresentationRecord(flowID: "f1", kind: .presented, date: Date(timeIntervalSince1970: 1_777_593_600)))
        #expect(try await history.records().count == 2)
    }

    @Test("a history record dated after the clock counts as now: a clock set back does not forget presentations")
    func futureRecords() {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let future = PresentationRecord(flowID: "f", kind: .presented, date: now.addingTimeInterval(86_400))
        let limit = PresentationLimit(minimumSpacing: .seconds(7 * 86_400))
        let reached = TriggerEvaluation.limitReached(limit, flowID: "f", history: [future], now: now, quietPeriod: nil)
        #expect(reached?.kind == .minInterval)
        #expect(reached?.freesUpAt == now.addingTimeInterval(7 * 86_400))
    }

    @Test("a limit of no presentations at all, possible from Swift, never presents and does not crash")
    func zeroMaximum() {
        let reached = TriggerEvaluation.limitReached(
            PresentationLimit(maxPresentations: 0, per: .seconds(86_400)), flowID: "f", history: [], now: Date(), quietPeriod: nil)
        #expect(reached?.kind == .maxPresentations)
        #expect(reached?.freesUpAt == nil)
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { true } else { false }
    }
}
