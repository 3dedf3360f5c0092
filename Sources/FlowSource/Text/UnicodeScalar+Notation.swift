extension Unicode.Scalar {
    /// The scalar in the Unicode standard's notation: `U+` and at least four upper-case
    /// hexadecimal digits (`U+0009`, `U+1F600`), the one way messages name a character
    /// that cannot be shown as itself.
    package var codePointNotation: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
