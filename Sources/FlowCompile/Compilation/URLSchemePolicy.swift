import FlowSource

/// Which URL schemes an `openURL` step may use: read by validation (a constant URL with
/// another scheme is `disallowed-url-scheme`) and by the runtime's registry (which refuses
/// to open it), so that the two agree.
public enum URLSchemePolicy {
    /// The schemes opened by default: `http`, `https`, `mailto`, `tel`. Lower case
    /// (RFC 3986 §3.1: schemes are case-insensitive).
    public static let defaultAllowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// The lower-cased scheme of `url` (RFC 3986 §3.1: a letter, then letters, digits,
    /// `+`, `-`, `.`, before the first `:`), or `nil` when it has none, nothing follows
    /// the colon, or the text holds whitespace or control characters. O(length).
    package static func scheme(of url: String) -> String? {
        let scalars = url.unicodeScalars
        guard !scalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }),
            let colon = scalars.firstIndex(of: ":"), colon != scalars.startIndex,
            scalars.index(after: colon) != scalars.endIndex
        else { return nil }
        let scheme = scalars[..<colon]
        guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        let valid = scheme.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == ".")
        }
        return valid ? String(scheme).lowercased() : nil
    }
}
