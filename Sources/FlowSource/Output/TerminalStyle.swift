/// ANSI SGR styling (ECMA-48 §8.3.117) that is either on or off.
///
/// Off, every method returns its text unchanged, so output on a pipe or with
/// `NO_COLOR` (https://no-color.org) never contains an escape sequence.
package struct TerminalStyle: Sendable, Hashable {
    package enum Attribute: String, Sendable, Hashable {
        case bold = "1"
        case dim = "2"
        case underline = "4"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case magenta = "35"
        case cyan = "36"
    }

    /// Whether escape sequences are written.
    package var isEnabled: Bool

    package init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// No styling at all.
    package static let plain = TerminalStyle(isEnabled: false)

    /// `text` wrapped in the SGR codes of `attributes` and a reset, when enabled.
    package func apply(_ text: String, _ attributes: Attribute...) -> String {
        guard isEnabled, !attributes.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[" + attributes.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }
}
