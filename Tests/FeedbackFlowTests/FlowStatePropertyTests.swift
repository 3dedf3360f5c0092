import Foundation
import FeedbackFlow
import FeedbackFlowCore
import Testing
import FeedbackFlowTestSupport

/// ``FlowState`` under many thousands of random sequences of changes — taps, field edits,
/// host navigation, the steps of running actions with handlers that succeed, fail, are
/// delayed (other changes come first) or never return, cancellations and endings — played
/// the way ``FlowNavigator`` sends them. After every change the state's invariants hold
/// (``FlowState/invariantViolations()``), a refused change changed nothing, no screen
/// instance that left the stacks is shown again, no event follows the end, and at the end
/// of each sequence the flow either goes on (a screen shown, or not started) or has ended
/// with an outcome.
///
/// The seed and the count are printed. A failure names the seed of its own sequence:
/// `FLOWSTATE_PROPERTY_SEED=<seed> FLOWSTATE_PROPERTY_COUNT=1 swift test --filter FlowStateProperty`
/// replays exactly that sequence.
@Suite("FlowState property")
struct FlowStatePropertyTests {
    /// The first thing a run found wrong.
    struct Failure: CustomStringConvertible {
        /// The seed that replays the failing sequence alone.
        var sequenceSeed: UInt64
        /// How many changes of that sequence had been tried when it failed (1-based).
        var change: Int
        var problem: String
        var description: String {
            "change \(change) of the sequence with seed \(sequenceSeed): \(problem) "
                + "(replay: FLOWSTATE_PROPERTY_SEED=\(sequenceSeed) FLOWSTATE_PROPERTY_COUNT=1)"
        }
    }

    /// What a run did.
    struct Summary {
        var sequences = 0
        var applied = 0
        var refused = 0
        var ended = 0
        /// Actions whose `onFailure` ran.
        var onFailureRuns = 0
        var failure: Failure?
    }

    /// An action the test is running for the state, as the navigator would.
    struct PendingAction {
        var instance: ScreenInstance
        var steps: [Step]
        var onFailure: [Step]
        var position = 0
        var isOnFailure = false
        /// A handler that never returns: the action stays busy until the host closes its screen.
        var isStuck = false
    }

    static let screenIDs = ["home", "form", "sheet", "thanks", "failed", "nope"]
    static let fieldIDs = ["stars", "email", "agree", "nope"]

    static func fixtureFlow() throws -> Flow {
        let path = try #require(Bundle.module.url(forResource: "Fixtures/property/many-steps", withExtension: "yaml")).path
        let compilation = FlowCompiler.compile(contentsOf: URL(filePath: path), options: CompileOptions(knownHandlers: ["reconnect", "sync"]))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        return try #require(compilation.flow)
    }

    /// Plays `count` sequences of up to `length` changes; the sequence numbered `i` uses
    /// the seed `seed &+ i`. `extraInvariant` is checked beside the state's own (it names
    /// what is wrong, or returns `nil`). Stops at the first failure.
    static func play(
        flow: Flow, seed: UInt64, count: Int, length: Int = 40, extraInvariant: (FlowState) -> String? = { _ in nil }
    ) -> Summary {
        var summary = Summary()
        for index in 0..<count {
            let sequenceSeed = seed &+ UInt64(index)
            summary.sequences += 1
            if let failure = playSequence(flow: flow, seed: sequenceSeed, length: length, extraInvariant: extraInvariant, summary: &summary) {
                summary.failure = failure
                return summary
            }
        }
        return summary
    }

    private static func playSequence(
        flow: Flow, seed: UInt64, length: Int, extraInvariant: (FlowState) -> String?, summary: inout Summary
    ) -> Failure? {
        var random = SplitMix64(state: seed)
        var state = FlowState(flow: flow)
        var pending: PendingAction?
        var everShown: Set<Int> = []
        var change = 0
        var sawEnd = false

        /// Applies one change and checks everything; returns the problem, if any.
        func attempt(_ flowChange: FlowChange) -> String? {
            change += 1
            let before = state
            let shownBefore = Set(before.navigation.stacks.joined().map(\.id.rawValue))
            do {
                let events = try state.apply(flowChange)
                summary.applied += 1
                if sawEnd, !events.isEmpty { return "\(flowChange) gave \(events) after the flow ended" }
                if events.contains(where: { if case .flowEnded = $0 { true } else { false } }) { sawEnd = true }
            } catch {
                summary.refused += 1
                if state != before { return "the refused \(flowChange) (\(error)) changed the state" }
            }
            let violations = state.invariantViolations() + [extraInvariant(state)].compactMap { $0 }
            if let violation = violations.first { return "after \(flowChange): \(violation)" }
            let shown = Set(state.navigation.stacks.joined().map(\.id.rawValue))
            let returning = shown.subtracting(shownBefore).intersection(everShown)
            if !returning.isEmpty { return "after \(flowChange): instances \(returning.sorted()) left the stacks and came back" }
            everShown.formUnion(shown)
            return nil
        }

        /// The running action failed: its `onFailure` runs, or it ends with the message.
        func fail(_ action: inout PendingAction, step: Step, message: String) -> String? {
            if let problem = attempt(.failStep(step.name, of: action.instance.id, message: message)) { return problem }
            if !action.isOnFailure, !action.onFailure.isEmpty {
                action.isOnFailure = true
                action.steps = action.onFailure
                action.position = 0
                pending = action
                summary.onFailureRuns += 1
                return nil
            }
            pending = nil
            return attempt(.endAction(of: action.instance.id, errorMessage: message))
        }

        /// Runs the next step of the pending action.
        func advance() -> String? {
            guard var action = pending, !action.isStuck else { return nil }
            guard action.position < action.steps.count else {
                pending = nil
                return attempt(.endAction(of: action.instance.id, errorMessage: nil))
            }
            let step = action.steps[action.position]
            action.position += 1
            pending = action
            if let problem = attempt(.runStep(step, of: action.instance.id, isOnFailure: action.isOnFailure)) { return problem }
            switch step.kind {
            case .navigate(let operation):
                let refusedBefore = summary.refused
                if let problem = attempt(.navigate(operation, by: .action)) { return problem }
                if summary.refused > refusedBefore {
                    return fail(&action, step: step, message: "the navigation was refused")
                }
            case .finish(let name):
                pending = nil
                return attempt(.conclude(FlowOutcome(name ?? "finished")))
            default:
                switch random.next() % 4 {
                case 0:
                    pending?.isStuck = true  // never returns
                case 1:
                    if let problem = attempt(.recordResult(step: step.name, of: action.instance, outcome: .failure("boom"))) {
                        return problem
                    }
                    return fail(&action, step: step, message: "boom")
                default:
                    return attempt(.recordResult(step: step.name, of: action.instance, outcome: .success))
                }
            }
            return nil
        }

        for _ in 0..<length {
            let problem: String?
            switch random.next() % 16 {
            case 0:
                problem = attempt(.start)
            case 1, 2, 3:
                let target = screenIDs[Int(random.next() % UInt64(screenIDs.count))]
                let operations: [NavigationOperation] = [
                    .pop, .popToRoot, .dismiss, .push(target), .present(target), .replace(target), .popTo(target),
                ]
                problem = attempt(.navigate(operations[Int(random.next() % UInt64(operations.count))], by: .host))
                if let action = pending, !state.isRunning(action.instance.id) { pending = nil }
            case 4, 5:
                let field = fieldIDs[Int(random.next() % UInt64(fieldIDs.count))]
                let values: [FieldValue] = [.rating(Int(random.next() % 7)), .text(""), .text("a@b.example"), .toggle(true)]
                problem = attempt(.setField(field, to: values[Int(random.next() % UInt64(values.count))]))
            case 6, 7, 8, 9:
                let stacks = Array(state.navigation.stacks.joined())
                guard let instance = random.next() % 4 == 0 ? stacks.randomElement(using: &random) : state.navigation.top
                else {
                    problem = attempt(.start)
                    break
                }
                let slot: ActionSlot = random.next() % 2 == 0 ? .primary : .secondary
                let button = state.button(slot, of: instance.screenID)
                problem = attempt(.beginAction(instance.id, slot))
                if problem == nil, state.isRunning(instance.id), pending == nil, let button {
                    pending = PendingAction(
                        instance: instance, steps: button.action.steps, onFailure: button.onFailure?.steps ?? [])
                }
            case 10, 11, 12, 13:
                problem = advance()
            case 14:
                pending = nil
                problem = attempt(.cancelAction)
            default:
                if random.next() % 8 == 0 {
                    pending = nil
                    problem = attempt(.conclude(FlowOutcome("ended-by-host")))
                } else {
                    problem = advance()
                }
            }
            if let problem { return Failure(sequenceSeed: seed, change: change, problem: problem) }
        }
        if state.hasEnded {
            summary.ended += 1
        } else if state.hasStarted, state.navigation.top == nil {
            return Failure(sequenceSeed: seed, change: change, problem: "started, not ended, and nothing is shown")
        }
        return nil
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["FLOWSTATE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x5EED_F10E
    }

    static var count: Int {
        ProcessInfo.processInfo.environment["FLOWSTATE_PROPERTY_COUNT"].flatMap { Int($0) } ?? 3_000
    }

    @Test("thousands of random sequences of changes keep every invariant, show nothing twice, and go on or end with an outcome")
    func randomSequences() throws {
        let flow = try Self.fixtureFlow()
        let summary = Self.play(flow: flow, seed: Self.seed, count: Self.count)
        print(
            "FlowState property: seed \(Self.seed), \(summary.sequences) sequences, \(summary.applied) changes applied, "
                + "\(summary.refused) refused, \(summary.onFailureRuns) onFailure runs, \(summary.ended) flows ended")
        if let failure = summary.failure { Issue.record("\(failure)") }
        #expect(summary.sequences == Self.count)
        // The sequences reach what they are meant to: many changes of both kinds, and endings.
        #expect(summary.applied > Self.count * 5)
        #expect(summary.refused > Self.count)
        #expect(summary.ended > Self.count / 10)
        #expect(summary.onFailureRuns > Self.count / 50)
    }

    @Test("a deliberately broken invariant (at most three screens shown) is caught, and its printed seed replays it")
    func brokenInvariantIsCaught() throws {
        let flow = try Self.fixtureFlow()
        let atMostThree: (FlowState) -> String? = { state in
            state.navigation.stacks.joined().count <= 3 ? nil : "more than three screens are shown"
        }
        let run = Self.play(flow: flow, seed: 1, count: 1_000, extraInvariant: atMostThree)
        let failure = try #require(run.failure)
        #expect(failure.problem.hasSuffix("more than three screens are shown"))
        let replay = Self.play(flow: flow, seed: failure.sequenceSeed, count: 1, extraInvariant: atMostThree)
        let replayed = try #require(replay.failure)
        #expect(replayed.change == failure.change)
        #expect(replayed.problem == failure.problem)
    }
}
