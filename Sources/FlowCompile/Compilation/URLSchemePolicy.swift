import FlowSource

/// Which URL schemes an `openURL` step may use: read by validation (a constant URL with
/// another scheme is `disallowed-url-scheme`) and by the runtime's registry (which refuses
/// to open it), so that the two agree.
public enum URLSchemePolicy {
    /// The schemes opened by default: `http`, `https`, `mailto`, `tel`. Lower case
    /// (RFC 3986 §3.1: schemes are case-insensitive).
    public static let defaultAllowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// Whether `scalar` is white space (Unicode `White_Space`) or a control character
    /// (general category Cc). ASCII is decided without the property tables: U+0000–U+0020
    /// and U+007F are exactly its white space and controls.
    package static func isWhitespaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
        return scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    /// The lower-cased scheme of `url` (RFC 3986 §3.1: a letter, then letters, digits,
    /// `+`, `-`, `.`, before the first `:`), or `nil` when it has none, nothing follows
    /// the colon, or the text holds whitespace or control characters. O(length).
    package static func scheme(of url: String) -> String? {
        let scalars = url.unicodeScalars
        guard !scalars.contains(where: isWhitespaceOrControl),
            let colon = scalars.firstIndex(of: ":"), colon != scalars.startIndex,
            scalars.index(after: colon) != scalars.endIndex
        else { return nil }
        let scheme = scalars[..<colon]
        // ASCII letters, decided without the property tables.
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = scheme.first, isLetter(first) else { return nil }
        let valid = scheme.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." }
        return valid ? String(scheme).lowercased() : nil
    }
}
