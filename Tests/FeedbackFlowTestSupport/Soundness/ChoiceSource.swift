/// Where the soundness generators take their decisions from: a seeded generator
/// (``SeededChoices``) for the property test, or the bytes of a fuzz input
/// (``ByteChoices``), so that libFuzzer's mutations of the bytes are mutations of the
/// flow and of its runs.
///
/// Every decision is one ``choose(_:)`` among a small count, so a generator never loops
/// on a source: its loops are bounded by counts it chose.
public protocol ChoiceSource {
    /// A number in `0..<count`; `count` is at least 1.
    mutating func choose(_ count: Int) -> Int
}

extension ChoiceSource {
    /// `true` with about `percent` chances in 100; `false` for the choice 0, so a source
    /// that gives 0 (``ByteChoices`` past its bytes) takes no chance.
    public mutating func chance(_ percent: Int) -> Bool {
        choose(100) >= 100 - percent
    }

    /// One of `items`, which must not be empty (the generators pick from lists they
    /// wrote, never from input).
    public mutating func pick<Item>(_ items: [Item]) -> Item {
        precondition(!items.isEmpty, "pick from an empty list")
        return items[choose(items.count)]
    }

    /// A number of `range`.
    public mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + choose(range.count)
    }
}
