/// What a soundness check did, in counts, and the counterexamples it found.
public struct SoundnessResult: Sendable, Hashable, CustomStringConvertible {
    /// Flow texts checked.
    public var flowsGenerated = 0
    /// Of those, flows `validate` accepts with no error and no warning: the ones played.
    public var flowsClean = 0
    /// Flows with an error (not run), and flows with warnings but no error (not run).
    public var flowsWithErrors = 0
    public var flowsWithWarningsOnly = 0
    /// Runs played, actions played, taps, and taps that ran an action.
    public var runs = 0
    public var actions = 0
    public var taps = 0
    public var tapsThatRan = 0
    /// Step failures of each kind.
    public var flowCausedFailures = 0
    public var hostCausedFailures = 0
    public var overflowFailures = 0
    /// The first flow-caused failure of each flow that had one.
    public var counterexamples: [SoundnessCounterexample] = []

    public init() {}

    /// How many counterexamples each cause has (``SoundnessCounterexample/cause``).
    public var counterexamplesByCause: [String: Int] {
        counterexamples.reduce(into: [:]) { counts, counterexample in counts[counterexample.cause, default: 0] += 1 }
    }

    /// How many counterexamples fail each way (``SoundnessFailure/key``: the step and its
    /// message without the values).
    public var counterexamplesByFailure: [String: Int] {
        counterexamples.reduce(into: [:]) { counts, counterexample in counts[counterexample.failure.key, default: 0] += 1 }
    }

    /// Adds a run's counts.
    mutating func add(_ playback: SoundnessPlayback) {
        runs += 1
        actions += playback.run.actions.count
        taps += playback.taps
        tapsThatRan += playback.tapsThatRan
        for failure in playback.failures {
            switch failure.kind {
            case .flowCaused: flowCausedFailures += 1
            case .hostCaused: hostCausedFailures += 1
            case .overflow: overflowFailures += 1
            }
        }
    }

    /// Adds the counts and counterexamples of `other`.
    public mutating func add(_ other: SoundnessResult) {
        flowsGenerated += other.flowsGenerated
        flowsClean += other.flowsClean
        flowsWithErrors += other.flowsWithErrors
        flowsWithWarningsOnly += other.flowsWithWarningsOnly
        runs += other.runs
        actions += other.actions
        taps += other.taps
        tapsThatRan += other.tapsThatRan
        flowCausedFailures += other.flowCausedFailures
        hostCausedFailures += other.hostCausedFailures
        overflowFailures += other.overflowFailures
        counterexamples += other.counterexamples
    }

    /// The counts on a few lines, then the number of counterexamples of each failure,
    /// then of the 15 most frequent causes.
    public var description: String {
        var lines = [
            "flows: \(flowsGenerated) generated, \(flowsClean) clean, \(flowsWithErrors) with errors, "
                + "\(flowsWithWarningsOnly) with warnings only",
            "runs: \(runs), actions: \(actions), taps: \(taps) (\(tapsThatRan) ran an action)",
            "step failures: \(flowCausedFailures) flow-caused, \(hostCausedFailures) host-caused, "
                + "\(overflowFailures) integer overflow",
            "counterexamples: \(counterexamples.count) (flows with a flow-caused failure)",
        ]
        func mostFrequentFirst(_ counts: [String: Int]) -> [(key: String, value: Int)] {
            counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        }
        for (failure, count) in mostFrequentFirst(counterexamplesByFailure) { lines.append("  \(count) × \(failure)") }
        let causes = mostFrequentFirst(counterexamplesByCause)
        if !causes.isEmpty { lines.append("causes (the \(min(15, causes.count)) most frequent of \(causes.count)):") }
        for (cause, count) in causes.prefix(15) { lines.append("  \(count) × \(cause)") }
        return lines.joined(separator: "\n")
    }
}
