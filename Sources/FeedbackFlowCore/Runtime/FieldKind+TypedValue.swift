import FlowSource

extension FieldKind {
    /// The value a person's typed `text` gives a field of this kind, the field `id`, or
    /// what to say instead; the one reader of typed values, for line mode's `set` and the
    /// preview's form:
    /// - a rating: a whole number in ASCII digits (a leading `-` allowed), which
    ///   ``FlowNavigator/setField(_:to:)-(FieldID,_)`` then holds to the field's range;
    /// - a toggle: `on`, `true`, `yes` or `1`; `off`, `false`, `no` or `0` (any case);
    /// - a text: as typed, carriage returns dropped; a control character other than a
    ///   line break (``TypedText/controlCharacter(in:)``) is refused, so no escape
    ///   sequence is stored in a field or handed on in a submission.
    /// O(length of `text`).
    package func value(typed text: String, field id: String) -> Result<FieldValue, TypedValueProblem> {
        switch self {
        case .rating(let min, let max, _):
            guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "-" }), let number = Int(text) else {
                return .failure(TypedValueProblem(message: "'\(id)' is a rating: give a whole number from \(min) to \(max)"))
            }
            return .success(.rating(number))
        case .toggle:
            switch text.lowercased() {
            case "on", "true", "yes", "1": return .success(.toggle(true))
            case "off", "false", "no", "0": return .success(.toggle(false))
            default: return .failure(TypedValueProblem(message: "'\(id)' is a toggle: use on or off"))
            }
        case .textField, .textEditor:
            let typed = text.replacingScalars { $0 == "\r" ? "" : nil }
            if let control = TypedText.controlCharacter(in: typed.split(separator: "\n", omittingEmptySubsequences: false).joined()) {
                return .failure(TypedValueProblem(message: "'\(id)' takes no control characters (found \(control)); it keeps its value"))
            }
            return .success(.text(typed))
        }
    }
}

/// Why typed text is no value for a field (``FieldKind/value(typed:field:)``): one
/// sentence naming the field, as line mode and the preview say it.
package struct TypedValueProblem: Error, Sendable, Hashable {
    /// The sentence, e.g. `'news' is a toggle: use on or off`.
    package var message: String
}
