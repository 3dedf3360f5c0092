/// What one run of a flow did: the actions played, the taps, and the steps that failed.
public struct SoundnessPlayback: Sendable, Hashable {
    /// The actions played, in order (a run stops early when the flow ends).
    public var run = SoundnessRun([])
    /// Taps played, and those that ran an action (the others were ignored: disabled,
    /// no action, busy).
    public var taps = 0
    public var tapsThatRan = 0
    /// Every `stepFailed` of the run, in order; a start that failed (the navigator's
    /// `start()` threw) is one too, of the step `start`.
    public var failures: [SoundnessFailure] = []

    public init() {}

    /// The first failure the flow caused.
    public var firstFlowCausedFailure: SoundnessFailure? {
        failures.first { $0.kind == .flowCaused }
    }
}
