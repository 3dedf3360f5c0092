extension StringProtocol {
    /// The text without white space (Unicode `White_Space`) at either end; `""` when it
    /// is all white space. O(length).
    package func trimmingWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }

    /// The first word of the trimmed text and the trimmed rest after it (`""` when there
    /// is none): `"push  sorry "` is `("push", "sorry")`. Words are separated by white
    /// space, as in ``trimmingWhiteSpace()``.
    package func splitFirstWord() -> (first: String, rest: String) {
        let trimmed = trimmingWhiteSpace()
        let scalars = trimmed.unicodeScalars
        guard let space = scalars.firstIndex(where: \.properties.isWhitespace) else { return (trimmed, "") }
        return (String(String.UnicodeScalarView(scalars[..<space])), String(String.UnicodeScalarView(scalars[space...])).trimmingWhiteSpace())
    }
}
