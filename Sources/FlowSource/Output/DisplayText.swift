/// How text from an input file or from the user is shown on a terminal: what is safe to
/// print and how many character cells it takes. The one sanitizer of FlowTerminal: the
/// diagnostic renderers and the line-mode runner both go through it.
///
/// Input text is never written raw: C0 and C1 control characters (ESC, BEL, CR, NUL, …;
/// tab and, in multi-line text, line feed excepted) and the bidirectional formatting
/// characters — the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069
/// (the "Trojan Source" characters, CVE-2021-42574), the marks U+200E LEFT-TO-RIGHT MARK,
/// U+200F RIGHT-TO-LEFT MARK and U+061C ARABIC LETTER MARK (Unicode UAX #9 §2) — are
/// shown as U+FFFD, so a flow cannot send escape sequences to the terminal or reorder
/// the line it is shown in.
package enum DisplayText {
    /// The character shown instead of an unsafe scalar.
    package static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// Whether `scalar` must not be written to a terminal as is. Tab is allowed (the
    /// caller expands or keeps it); line feed is not (see ``sanitized(_:keepingLineBreaks:)``).
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` with every unsafe scalar (see ``isUnsafe(_:)``) replaced by U+FFFD. O(length).
    ///
    /// - Parameter keepingLineBreaks: `false` (one-line text such as a diagnostic
    ///   message): a tab becomes one space and a line feed is unsafe. `true` (a title or
    ///   a typed value drawn over several lines in line mode): line feed and tab are
    ///   written as they are.
    package static func sanitized(_ text: String, keepingLineBreaks: Bool = false) -> String {
        func needsWork(_ scalar: Unicode.Scalar) -> Bool {
            if keepingLineBreaks { return scalar != "\n" && isUnsafe(scalar) }
            return isUnsafe(scalar) || scalar == "\t"
        }
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        return text.replacingScalars { scalar in
            guard needsWork(scalar) else { return nil }
            return scalar == "\t" ? " " : String(replacement)
        }
    }

    /// The number of terminal cells a grapheme cluster (a `Character`, UAX #29) takes,
    /// for a cluster holding no tab and no unsafe scalar (callers show those separately).
    ///
    /// - An emoji sequence takes 2 cells, however many scalars it has: a scalar with
    ///   default emoji presentation (`👍`) with or without a skin-tone modifier (`👍🏽`),
    ///   a ZWJ sequence (`👨‍👩‍👧`), an emoji made so with U+FE0F (`❤️`) or a keycap (`1️⃣`),
    ///   a tag sequence, and a pair of regional indicators (a flag, `🇫🇷`) (UTS #51 §1.4.9,
    ///   §2.1, §2.2).
    /// - Any other cluster takes the sum of its scalars' ``cellWidth(of:)``: a letter
    ///   with combining marks is 1, a CJK ideograph 2, a Hangul syllable spelt with
    ///   conjoining jamo 2.
    ///
    /// Terminals differ on emoji sequences; this follows the ones that draw a cluster as
    /// one glyph (e.g. recent VTE, kitty, WezTerm, Windows Terminal). O(scalars).
    package static func cellWidth(of cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 { return cellWidth(of: first) }
        if isEmojiSequence(scalars) { return 2 }
        return scalars.reduce(0) { $0 + cellWidth(of: $1) }
    }

    /// Whether a cluster of several scalars is drawn as one emoji (see the `Character`
    /// overload of `cellWidth(of:)`).
    private static func isEmojiSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
        guard let first = scalars.first else { return false }
        let regionalIndicators = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }.count
        if regionalIndicators >= 2 { return true }
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji else { return false }
        return scalars.dropFirst().contains { scalar in
            switch scalar.value {
            case 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
            default: return false
            }
        }
    }

    /// The number of terminal cells `scalar` takes on its own (tab excluded: it depends
    /// on the position). 0 for combining marks (Unicode categories Mn, Me), format
    /// characters (Cf, e.g. ZERO WIDTH JOINER), variation selectors and the medial
    /// vowels and final consonants of conjoining Hangul jamo (U+1160–U+11FF,
    /// U+D7B0–U+D7FF); 2 for East Asian Wide and Fullwidth scalars (UAX #11, main blocks)
    /// and emoji with default emoji presentation; 1 otherwise. An approximation of
    /// `wcwidth(3)` that does not depend on the C locale. For text use the `Character`
    /// overload: a cluster of several scalars is not always the sum of its scalars.
    package static func cellWidth(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
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
