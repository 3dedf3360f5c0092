/// Choices from a ``SplitMix64`` generator: the same seed gives the same flows and runs
/// on every platform.
public struct SeededChoices: ChoiceSource, Sendable {
    /// The generator; its state replays what follows.
    public var random: SplitMix64

    /// Choices from the generator seeded with `seed`.
    public init(seed: UInt64) {
        random = SplitMix64(state: seed)
    }

    public mutating func choose(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        return Int(random.next() % UInt64(count))
    }
}
