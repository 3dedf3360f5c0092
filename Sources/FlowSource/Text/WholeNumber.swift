/// A whole number written in ASCII digits only (no sign, no spaces), as command-line
/// options and program arguments take them.
package enum WholeNumber {
    /// The number `text` writes, or `nil` when it is not only ASCII digits or does not fit
    /// an `Int`.
    package static func parse(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
