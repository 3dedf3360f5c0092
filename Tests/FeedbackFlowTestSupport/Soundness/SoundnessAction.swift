import FeedbackFlowCore

/// One thing a person does during a run: tap an action of the screen on top, or edit a
/// field.
///
/// Its line in a `.run` file (``line`` and ``init(line:)``):
/// - `tap primary`, `tap secondary`: a tap on that slot of the screen on top;
/// - `set ID 4` (a rating: an integer, negative too), `set ID true` / `set ID false` (a
///   toggle), `set ID "text"` (a text: double-quoted, with `\"`, `\\`, `\n` and `\t`
///   escapes): `setField` on field ID, whose refusal (a rating out of range, a text too
///   long) changes nothing and is not a failure.
public enum SoundnessAction: Sendable, Hashable, CustomStringConvertible {
    /// A tap on a slot of the screen on top.
    case tap(ActionSlot)
    /// `setField(id, to: value)`.
    case set(String, FieldValue)

    /// The action's line in a `.run` file.
    public var line: String {
        switch self {
        case .tap(let slot): "tap \(slot.rawValue)"
        case .set(let id, .rating(let value)): "set \(id) \(value)"
        case .set(let id, .toggle(let on)): "set \(id) \(on)"
        case .set(let id, .text(let text)): "set \(id) \(YAMLTree.doubleQuoted(text))"
        // Never generated: a rating cannot be set back to unrated.
        case .set(let id, .unrated): "set \(id) unrated"
        }
    }

    public var description: String { line }

    /// The action a `.run` line describes; `nil` for a line that is none.
    public init?(line: String) {
        let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch words.first {
        case "tap":
            guard words.count == 2, let slot = ActionSlot(rawValue: words[1]) else { return nil }
            self = .tap(slot)
        case "set":
            guard words.count == 3, !words[1].isEmpty else { return nil }
            let value = words[2]
            if value == "true" || value == "false" {
                self = .set(words[1], .toggle(value == "true"))
            } else if let number = Int(value) {
                self = .set(words[1], .rating(number))
            } else if let text = Self.unquoted(value) {
                self = .set(words[1], .text(text))
            } else {
                return nil
            }
        default:
            return nil
        }
    }

    /// The text of a double-quoted value as ``line`` writes it; `nil` if it is not one.
    static func unquoted(_ quoted: String) -> String? {
        guard quoted.count >= 2, quoted.first == "\"", quoted.last == "\"" else { return nil }
        var text = ""
        var escaping = false
        for character in quoted.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "\"", "\\": text.append(character)
                default: return nil
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "\"" {
                return nil
            } else {
                text.append(character)
            }
        }
        return escaping ? nil : text
    }
}
