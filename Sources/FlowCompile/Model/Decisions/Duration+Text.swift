/// Durations as flow files write them: a whole number and a unit, `30s`, `15m`, `12h`,
/// `7d` (seconds, minutes, hours, days of 86,400 seconds). The one rule `per` and
/// `minInterval` are read with and written back in messages.
package enum DurationText {
    /// The units, each with its length in seconds.
    package static let units: [(suffix: Character, seconds: Int)] = [("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400)]

    /// The number of seconds `text` stands for, or `nil` when it is not a positive whole
    /// number followed by one unit, or is longer than 100 years.
    package static func seconds(_ text: String) -> Int? {
        guard let suffix = text.last, let unit = units.first(where: { $0.suffix == suffix }) else { return nil }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits),
            count > 0
        else { return nil }
        let seconds = count * unit.seconds
        return seconds <= 100 * 365 * 86_400 ? seconds : nil
    }

    /// How to write a duration, for hints.
    package static let hint = "write a whole number from 1 and a unit, s, m, h or d: 30s, 15m, 12h, 7d (at most 36500d)"

    /// `seconds` in the largest unit that divides it: `604800` → `7d`, `90` → `90s`.
    package static func text(_ seconds: Int) -> String {
        for unit in units.reversed() where seconds > 0 && seconds % unit.seconds == 0 {
            return "\(seconds / unit.seconds)\(unit.suffix)"
        }
        return "\(seconds)s"
    }
}
