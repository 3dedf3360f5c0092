/// What a person types into a field (line mode's commands, the preview's form): the one
/// rule for the characters it may hold.
package enum TypedText {
    /// The first control character of typed text (Unicode category Cc: C0 controls such
    /// as ESC, BEL and tab, DEL, C1 controls such as CSI U+009B), as `U+001B`, or `nil`
    /// when there is none. Typed text holding one is refused, so no escape sequence is
    /// ever stored in a field (or handed on in a submission); the line breaks of a text
    /// editor's value come from its lines, never from the typed text. O(length).
    package static func controlCharacter(in text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else {
            return nil
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
