/// How text from an input file is shown on a terminal: what is safe to print and how
/// many character cells each Unicode scalar takes.
///
/// Input text is never written raw: C0 and C1 control characters (other than tab) and
/// the bidirectional embedding/override/isolate controls (U+202A–U+202E, U+2066–U+2069,
/// the "Trojan Source" characters, CVE-2021-42574) are shown as U+FFFD, so a file
/// cannot send escape sequences to the terminal or reorder the line it is quoted in.
public enum DisplayText {
    /// The character shown instead of an unsafe scalar.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// Whether `scalar` must not be written to a terminal as is. Tab is allowed (the
    /// caller expands it); line feed is not (a message is one line).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` with every unsafe scalar (see ``isUnsafe(_:)``) replaced by U+FFFD and
    /// tabs replaced by one space. O(length).
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) || $0 == "\t" }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                out.append(" ")
            } else {
                out.append(isUnsafe(scalar) ? replacement : scalar)
            }
        }
        return String(out)
    }

    /// The number of terminal cells `scalar` takes (tab excluded: it depends on the
    /// position). 0 for combining marks (Unicode categories Mn, Me), format characters
    /// (Cf, e.g. ZERO WIDTH JOINER) and variation selectors; 2 for East Asian Wide and
    /// Fullwidth scalars (UAX #11, main blocks) and emoji with default emoji
    /// presentation; 1 otherwise. An approximation of `wcwidth(3)` that does not depend
    /// on the C locale.
    public static func cellWidth(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
