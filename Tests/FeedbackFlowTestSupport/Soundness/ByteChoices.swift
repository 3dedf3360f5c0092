/// Choices read from raw bytes, as a fuzz target gets them: one byte per choice among at
/// most 256, two bytes above. Past the last byte every choice is 0, the first option,
/// which the generators make the smallest one (fewest screens, steps and actions), so a
/// short input is a small flow.
public struct ByteChoices: ChoiceSource, Sendable {
    private let bytes: [UInt8]
    private var position = 0

    /// Choices from `bytes`, first to last.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isExhausted: Bool { position >= bytes.count }

    public mutating func choose(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        var value = 0
        for _ in 0..<(count > 256 ? 2 : 1) {
            guard position < bytes.count else { break }
            value = value << 8 | Int(bytes[position])
            position += 1
        }
        return value % count
    }
}
