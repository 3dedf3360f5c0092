/// Durations as flow files write them: a whole number and a unit, `30s`, `15m`, `12h`,
/// `7d` (seconds, minutes, hours, days of 86,400 seconds). The one rule `per` and
/// `minInterval` are read with and written back in messages.
package enum DurationText {
    /// The units, each with its length in seconds.
    package static let units: [(suffix: Unicode.Scalar, seconds: Int)] = [("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400)]

    /// The number of seconds `text` stands for, or `nil` when it is not a positive whole
    /// number followed by one unit, or is longer than 100 years.
    package static func seconds(_ text: String) -> Int? {
        // Read as UTF-8 bytes: digits and unit letters are ASCII, so a multi-byte
        // character anywhere makes the text invalid.
        let utf8 = text.utf8
        guard let suffix = utf8.last, let unit = units.first(where: { $0.suffix.value == UInt32(suffix) }) else { return nil }
        let digits = utf8.dropLast()
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var count = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            count = count * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard count > 0 else { return nil }
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
