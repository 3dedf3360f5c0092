import FeedbackFlow
import FeedbackFlowCore
import FlowCompile
import FlowSource
import Foundation

/// Checks the soundness property: a flow that `validate` accepts with no error and no
/// warning never fails a step by its own doing when it runs. Failures the host causes
/// (``SoundnessHost``) and integer overflows of values without bounds are outside the
/// property, counted apart (``SoundnessFailure/Kind``).
///
/// For each flow: compile its text as `validate` does (``options``); a flow with any
/// error or warning is counted and left there. A clean flow is played ``runsPerFlow``
/// times, each time on a fresh ``FlowNavigator`` in a fresh host, with actions chosen by
/// the ``SoundnessRunGenerator`` from the screen on top; every `stepFailed` the
/// navigator's events carry is classified. The first flow-caused failure of a flow makes
/// it a counterexample.
public struct SoundnessChecker: Sendable {
    /// What compilation is told about the host: nothing (no host variables, no manifest),
    /// the default URL schemes; the flow declares its own handlers and context.
    public static let options = CompileOptions()

    /// The clock of submissions.
    static let clock = Date(timeIntervalSince1970: 1_714_564_800)

    /// Runs played on each clean flow.
    public var runsPerFlow: Int
    public var flowGenerator = SoundnessFlowGenerator()
    public var runGenerator: SoundnessRunGenerator

    public init(runsPerFlow: Int = 4, maximumActions: Int = 40) {
        self.runsPerFlow = runsPerFlow
        runGenerator = SoundnessRunGenerator(maximumActions: maximumActions)
    }

    /// What compiling a flow text gave.
    public enum Verdict: Sendable {
        /// No error and no warning: the flow is inside the property.
        case clean(Flow)
        /// Errors, or warnings: the flow is outside the property.
        case refused(errors: [Diagnostic], warnings: [Diagnostic])
    }

    /// Compiles `text` with ``options``.
    public static func verdict(_ text: String) -> Verdict {
        let compilation = FlowCompiler.compile(text: text, options: options)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        let warnings = compilation.diagnostics.filter { $0.severity == .warning }
        guard let flow = compilation.flow, errors.isEmpty, warnings.isEmpty, compilation.omitted.errors == 0,
            compilation.omitted.warnings == 0
        else {
            return .refused(errors: errors, warnings: warnings)
        }
        return .clean(flow)
    }

    /// Generates `count` flows from `seed` and checks each. Each flow has a seed of its
    /// own (the next number of ``SplitMix64`` seeded with `seed`), which chooses the flow,
    /// and then its runs from a second generator: the flows checked are the same whatever
    /// the verdicts, so a validator that refuses more flows is checked on the same ones,
    /// and a flow clean under both gets the same runs.
    public func check(flows count: Int, seed: UInt64) async -> SoundnessResult {
        var seeds = SplitMix64(state: seed)
        var result = SoundnessResult()
        for _ in 0..<count {
            let flowSeed = seeds.next()
            var flowChoices = SeededChoices(seed: flowSeed)
            let tree = flowGenerator.flow(&flowChoices)
            var runChoices = SeededChoices(seed: ~flowSeed)
            await check(tree, &runChoices, into: &result)
        }
        return result
    }

    /// Checks one generated flow, its runs chosen from `choices`.
    public func check<Source: ChoiceSource>(_ tree: YAMLTree, _ choices: inout Source, into result: inout SoundnessResult) async {
        result.flowsGenerated += 1
        let text = tree.text
        let flow: Flow
        switch Self.verdict(text) {
        case .refused(let errors, _) where !errors.isEmpty:
            result.flowsWithErrors += 1
            return
        case .refused:
            result.flowsWithWarningsOnly += 1
            return
        case .clean(let clean):
            flow = clean
        }
        result.flowsClean += 1
        var found = false
        for _ in 0..<runsPerFlow {
            var source = GeneratedActions(generator: runGenerator, remaining: runGenerator.length(&choices), choices: choices)
            let playback = await Self.play(flow, &source)
            choices = source.choices
            result.add(playback)
            if !found, let failure = playback.firstFlowCausedFailure {
                result.counterexamples.append(
                    SoundnessCounterexample(tree: tree, flowText: text, run: playback.run, failure: failure, flow: flow))
                found = true
            }
        }
    }

    /// Plays `run` on a fresh navigator of `flow`.
    public static func play(_ flow: Flow, _ run: SoundnessRun) async -> SoundnessPlayback {
        var source = RecordedActions(actions: run.actions[...])
        return await play(flow, &source)
    }

    /// Where a run's actions come from while it is played.
    protocol ActionSource {
        /// The next action on a screen showing `fields`; `nil` ends the run.
        mutating func next(fields: [FormField]) -> SoundnessAction?
    }

    /// The actions of a recorded run.
    struct RecordedActions: ActionSource {
        var actions: ArraySlice<SoundnessAction>
        mutating func next(fields: [FormField]) -> SoundnessAction? { actions.popFirst() }
    }

    /// Actions chosen as the run goes, `remaining` of them.
    struct GeneratedActions<Source: ChoiceSource>: ActionSource {
        var generator: SoundnessRunGenerator
        var remaining: Int
        var choices: Source
        mutating func next(fields: [FormField]) -> SoundnessAction? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            return generator.next(fields: fields, &choices)
        }
    }

    /// Starts `flow` on a fresh navigator in a fresh host, then plays actions from
    /// `source` until it has none or the flow ends; records each step failure with the
    /// action it happened during.
    static func play<Source: ActionSource>(_ flow: Flow, _ source: inout Source) async -> SoundnessPlayback {
        var playback = SoundnessPlayback()
        let presenter = RecordingPresenter()
        let navigator = FlowNavigator(
            flow: flow, registry: SoundnessHost.registry(for: flow), presenters: [presenter],
            context: SoundnessHost.context(for: flow), now: { clock })
        do {
            try await navigator.start()
        } catch {
            playback.failures.append(SoundnessFailure(step: "start", screenID: flow.start, message: "\(error)", actionIndex: 0))
            return playback
        }
        var seen = presenter.events.count
        var actions: [SoundnessAction] = []
        while !(await navigator.hasEnded), let top = await navigator.stacks.last?.last {
            let fields = flow.screens.first { $0.id == top.screenID }?.fields.compactMap(\.field) ?? []
            guard let action = source.next(fields: fields) else { break }
            actions.append(action)
            switch action {
            case .tap(let slot):
                playback.taps += 1
                if await navigator.tap(slot, on: top.id) == .ran { playback.tapsThatRan += 1 }
            case .set(let id, let value):
                // A refused value changes nothing: a person's typing, not a step.
                try? await navigator.setField(FieldID(id), to: value)
            }
            let events = presenter.events
            for event in events[seen...] {
                guard case .stepFailed(let failed) = event else { continue }
                playback.failures.append(
                    SoundnessFailure(
                        step: failed.step, screenID: failed.instance.screenID, message: failed.message,
                        actionIndex: actions.count - 1))
            }
            seen = events.count
        }
        playback.run = SoundnessRun(actions)
        return playback
    }
}
