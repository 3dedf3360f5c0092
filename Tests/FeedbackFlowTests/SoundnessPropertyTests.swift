import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation
import Testing

/// The soundness of validation: a flow that `validate` accepts with no error and no
/// warning never fails a step by its own doing when it runs (docs/navigation.md §13). A
/// step the flow makes fail is a `collectUserFeedback` whose rating is not a whole number
/// from 1 to 5, an `openURL` that is not a URL or has a scheme the runtime refuses, a
/// navigation that fails (a `popTo` whose screen is not in the top stack, a missing
/// target), an `if` condition or a `set` value that cannot be evaluated.
/// Failures the host causes (``SoundnessHost``: handlers, the sink, the URL handler) and
/// integer overflows of values without bounds are outside the property.
///
/// **Seeded run.** ``SoundnessFlowGenerator`` writes flows from fixed seeds, the
/// checker compiles each, and plays every clean one several times on a fresh navigator
/// with runs of ``SoundnessRunGenerator`` (taps and field edits, at most 40 actions). A
/// failure lists the counts, the causes, and the smallest counterexample (flow, run and
/// message) of each way a step failed. Environment, for exploring:
/// - `SOUNDNESS_SEEDS=1,2,3` and `SOUNDNESS_FLOWS=N`: other seeds, and flows per seed;
/// - `SOUNDNESS_REPORT=1`: prints the counts when the run passes too;
/// - `SOUNDNESS_COUNTEREXAMPLES=DIR`: minimizes the smallest counterexample of each cause
///   (``SoundnessMinimizer``) and writes it into DIR as `cause-N.yaml` and `cause-N.run`,
///   ready to become fixtures.
///
/// **Fixtures.** `Fixtures/soundness/NAME.yaml` is a flow and `NAME.run` a run of it,
/// one action per line (``SoundnessAction/line``):
///
/// ```
/// # comment
/// tap primary            # a tap on the primary action of the screen on top
/// tap secondary
/// set r0 7               # a rating field (an integer, negative too)
/// set g0 true            # a toggle (true or false)
/// set t0 "a@b.co"        # a text: double-quoted, with \" \\ \n \t escapes
/// ```
///
/// Each fixture is a flow and a run that once broke the property: either `validate`
/// refuses the flow (an error or a warning), or the run plays with no flow-caused failure.
@Suite("Soundness: a flow validate accepts clean fails no step by its own doing")
struct SoundnessPropertyTests {
    static let seeds: [UInt64] = [0x50D_0001, 0x50D_0002, 0x50D_0003, 0x50D_0004, 0x50D_0005, 0x50D_0006]
    static let flowsPerSeed = 250

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The seeds of the run: `SOUNDNESS_SEEDS`, else ``seeds``.
    static var chosenSeeds: [UInt64] {
        let given = environment["SOUNDNESS_SEEDS"]?.split(separator: ",").compactMap { UInt64($0) } ?? []
        return given.isEmpty ? seeds : given
    }

    @Test("flows that validate with no error and no warning run without a step failing by their own doing")
    func seededFlows() async throws {
        let checker = SoundnessChecker()
        let flows = Self.environment["SOUNDNESS_FLOWS"].flatMap { Int($0) } ?? Self.flowsPerSeed
        var result = SoundnessResult()
        for seed in Self.chosenSeeds { result.add(await checker.check(flows: flows, seed: seed)) }
        if let folder = Self.environment["SOUNDNESS_COUNTEREXAMPLES"] {
            try await Self.writeMinimized(result.counterexamples, into: folder)
        }
        // The generator must keep reaching the runner, or the property would hold by
        // refusing everything: a tenth of the flows are clean, and taps run actions.
        #expect(result.flowsClean * 10 >= result.flowsGenerated, "\(result)")
        #expect(result.tapsThatRan > result.flowsClean, "\(result)")
        if !result.counterexamples.isEmpty { Issue.record(Comment(rawValue: Self.report(result))) }
        // The figures of a long run, on request.
        if Self.environment["SOUNDNESS_REPORT"] != nil { print(result) }
    }

    /// The counts, then the smallest counterexample of each way a step failed.
    static func report(_ result: SoundnessResult) -> String {
        let shown = smallest(result.counterexamples, by: \.failure.key).map(\.description).joined(separator: "\n")
        return "\(result)\nseeds: \(chosenSeeds.map(String.init).joined(separator: ","))\n\(shown)"
    }

    /// One counterexample per `group`, the one with the shortest flow text, by group.
    static func smallest(
        _ counterexamples: [SoundnessCounterexample], by group: (SoundnessCounterexample) -> String
    ) -> [SoundnessCounterexample] {
        var smallest: [String: SoundnessCounterexample] = [:]
        for counterexample in counterexamples {
            let key = group(counterexample)
            if let kept = smallest[key], kept.flowText.count <= counterexample.flowText.count { continue }
            smallest[key] = counterexample
        }
        return smallest.keys.sorted().compactMap { smallest[$0] }
    }

    /// Minimizes the smallest counterexample of each cause, then keeps one per cause of
    /// the minimized ones, and writes each as `cause-N.yaml` and `cause-N.run` into `folder`.
    static func writeMinimized(_ counterexamples: [SoundnessCounterexample], into folder: String) async throws {
        let minimizer = SoundnessMinimizer()
        var minimized: [SoundnessCounterexample] = []
        for counterexample in smallest(counterexamples, by: \.cause) {
            minimized.append(await minimizer.minimize(counterexample))
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, counterexample) in smallest(minimized, by: \.cause).enumerated() {
            let base = URL(fileURLWithPath: folder).appendingPathComponent("cause-\(index + 1)")
            try counterexample.flowText.write(to: base.appendingPathExtension("yaml"), atomically: true, encoding: .utf8)
            let run = "# \(counterexample.cause)\n# \(counterexample.failure)\n" + counterexample.run.text
            try run.write(to: base.appendingPathExtension("run"), atomically: true, encoding: .utf8)
        }
    }

    // MARK: Fixtures

    static var fixtureFolder: URL? {
        Bundle.module.resourceURL?.appendingPathComponent("Fixtures/soundness")
    }

    /// The names of the fixtures (`NAME` of `NAME.yaml`), sorted.
    static var fixtureNames: [String] {
        guard let folder = fixtureFolder,
            let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test("every soundness fixture is a flow and a run: NAME.yaml with NAME.run")
    func fixturesArePairs() throws {
        let folder = try #require(Self.fixtureFolder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let flows = Set(files.filter { $0.hasSuffix(".yaml") }.map { $0.dropLast(5) })
        let runs = Set(files.filter { $0.hasSuffix(".run") }.map { $0.dropLast(4) })
        #expect(!flows.isEmpty)
        #expect(flows == runs)
        #expect(files.allSatisfy { $0.hasSuffix(".yaml") || $0.hasSuffix(".run") }, "\(files.sorted())")
    }

    @Test("a soundness fixture is refused by validate, or its run fails no step by the flow's doing", arguments: fixtureNames)
    func fixture(_ name: String) async throws {
        let folder = try #require(Self.fixtureFolder)
        let text = try String(contentsOf: folder.appendingPathComponent("\(name).yaml"), encoding: .utf8)
        let run = try SoundnessRun(text: String(contentsOf: folder.appendingPathComponent("\(name).run"), encoding: .utf8))
        #expect(!run.actions.isEmpty)
        guard case .clean(let flow) = SoundnessChecker.verdict(text) else { return }
        let playback = await SoundnessChecker.play(flow, run)
        let failures = playback.failures.filter { $0.kind == .flowCaused }
        #expect(failures.isEmpty, "\(name): validate accepts the flow clean, and its run fails: \(failures.map(\.description))")
    }

    // MARK: The checker itself

    @Test("the checker tells a failure the flow causes from one the host causes and from an overflow")
    func classification() async throws {
        // Not clean (popTo of a screen that is never in the stack is a warning), so played directly.
        let text = """
            version: 1
            start: home
            variables: {v: integer}
            handlers: {broken: {}}
            screens:
              home:
                style: informative
                title: Home
                primaryAction:
                  button:
                    title: Go
                    action: [{set: {v: "v * 1000000 + 1000000"}}, {popTo: other}]
                    onFailure: [broken]
                secondaryAction:
                  link:
                    title: More
                    action:
                      - openURL: "https://down.example/help"
                    onFailure:
                      - collectUserFeedback: {rating: 3, custom: {host: refuse}}
              other:
                style: success
                title: Other
                primaryAction: {button: {title: Done, action: finish}}
            """
        let compilation = FlowCompiler.compile(text: text, options: SoundnessChecker.options)
        let flow = try #require(compilation.flow)
        let run = try SoundnessRun(text: "tap primary\ntap primary\ntap primary\ntap primary\ntap secondary\n")
        let playback = await SoundnessChecker.play(flow, run)
        let kinds = playback.failures.map { "\($0.step) \($0.kind.rawValue)" }
        #expect(
            kinds == [
                "popTo flow-caused", "broken host-caused", "popTo flow-caused", "broken host-caused", "popTo flow-caused",
                "broken host-caused", "set overflow", "broken host-caused", "openURL host-caused",
                "collectUserFeedback host-caused",
            ], "\(playback.failures)")
    }

    @Test("a run's lines read back as the same actions, texts with quotes, escapes and spaces included")
    func runFormat() throws {
        let run = SoundnessRun([
            .tap(.primary), .tap(.secondary), .set("r0", .rating(-3)), .set("g0", .toggle(true)),
            .set("t0", .text(" a \"b\" \\ c\nd ")), .set("t1", .text("")),
        ])
        #expect(try SoundnessRun(text: "# a comment\n\n" + run.text) == run)
        #expect(throws: TestFailure.self) { try SoundnessRun(text: "tap middle\n") }
        #expect(throws: TestFailure.self) { try SoundnessRun(text: "set t0 \"open\n") }
    }

    @Test("the generators are functions of their choices: a seed, or fuzz bytes, replay the same flow")
    func replayable() {
        let generator = SoundnessFlowGenerator()
        var first = SeededChoices(seed: 42), second = SeededChoices(seed: 42)
        #expect(generator.flow(&first).text == generator.flow(&second).text)
        let bytes: [UInt8] = Array(0..<200)
        var fromBytes = ByteChoices(bytes), again = ByteChoices(bytes)
        #expect(generator.flow(&fromBytes).text == generator.flow(&again).text)
        // No bytes at all is the smallest flow, and still one of the format.
        var none = ByteChoices([])
        let smallest = generator.flow(&none).text
        #expect(FlowCompiler.compile(text: smallest, options: SoundnessChecker.options).flow != nil, "\(smallest)")
    }
}
