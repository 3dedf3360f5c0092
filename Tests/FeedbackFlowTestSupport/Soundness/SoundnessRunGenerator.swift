import FeedbackFlowCore
import FlowCompile

/// Chooses the actions of a run as it is played: taps on the primary and secondary
/// actions of the screen on top, and edits of the fields that screen shows, with values
/// inside and outside a rating's range, empty texts, numbers written as text, valid and
/// invalid emails, URLs and phone numbers, texts longer than a `maxLength`. A run has at
/// most ``maximumActions`` actions.
public struct SoundnessRunGenerator: Sendable {
    /// The most actions of one run.
    public var maximumActions: Int

    public init(maximumActions: Int = 40) {
        self.maximumActions = max(1, maximumActions)
    }

    /// How many actions the next run has: from 1 to ``maximumActions``, mostly more than 10.
    public func length<Source: ChoiceSource>(_ choices: inout Source) -> Int {
        let short = min(10, maximumActions)
        return choices.chance(20) ? choices.number(in: 1...short) : choices.number(in: short...maximumActions)
    }

    /// The next action on a screen whose fields are `fields`.
    public func next<Source: ChoiceSource>(fields: [FormField], _ choices: inout Source) -> SoundnessAction {
        guard !fields.isEmpty, choices.chance(45) else {
            return .tap(choices.chance(70) ? .primary : .secondary)
        }
        let field = choices.pick(fields)
        return .set(field.id, value(for: field.kind, &choices))
    }

    /// A value to give a field of `kind`.
    func value<Source: ChoiceSource>(for kind: FieldKind, _ choices: inout Source) -> FieldValue {
        switch kind {
        case .rating(let min, let max, _):
            switch choices.choose(100) {
            case 0..<65: return .rating(choices.number(in: min...Swift.max(min, max)))
            case 65..<85: return .rating(choices.chance(50) ? min - 1 : max + 1)
            default: return .rating(choices.pick([-50, 0, 6, 100]))
            }
        case .toggle:
            return .toggle(choices.chance(50))
        case .textField(let format, _):
            if choices.chance(40) {
                switch format {
                case .email: return .text(choices.pick(["a@b.co", "first.last@example.co.uk", "a@b", "not an email"]))
                case .url: return .text(choices.pick(["https://example.com/p", "http://x.y", "example.com", "javascript:x"]))
                case .phone: return .text(choices.pick(["+44 20 7946 0958", "12345", "1234", "555-CALL"]))
                case .text: break
                }
            }
            return .text(text(&choices))
        case .textEditor:
            return .text(text(&choices))
        }
    }

    /// A text of any kind: empty, a number, an address, words, a long text.
    func text<Source: ChoiceSource>(_ choices: inout Source) -> String {
        choices.pick([
            "", "3", "5", "7", "0", "-2", " 4 ", "2.5", "hello", "yes", "a@b.co", "a@b", "https://example.com/p",
            "example.com", "mailto:a@b.co", "tel:123", "ftp://x", "http", "a long text of more than forty characters in all",
        ])
    }
}
