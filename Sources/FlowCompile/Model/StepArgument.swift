/// One argument of a built-in step and the rule its value must keep when the step runs:
/// the one statement of the rule, read by the navigator (which refuses a value that
/// breaks it, and says so with ``StepArgumentRule/described``) and by `validate` (which
/// checks what the argument's template can render against it, so that a flow that
/// validates clean never has a step refuse its argument).
///
/// Each ``BuiltInStep`` row lists its templated arguments (``BuiltInStep/arguments``),
/// which `validate` checks by their rules.
package struct StepArgument: Sendable, Hashable {
    /// The step's name, as written in files.
    package let step: String
    /// The argument's key in the step's mapping (`rating`); `nil` for an argument written
    /// directly after the step's name (`openURL: URL`).
    package let key: String?
    /// What the value must be.
    package let rule: StepArgumentRule
    /// Whether the step cannot do without it: `validate` reports a step that leaves it out,
    /// the JSON Schema requires it, and completion writes it for the author to fill in
    /// (``BuiltInStep/requiredKeys``).
    package let isRequired: Bool

    /// `collectUserFeedback's rating`, `openURL's URL`: the argument as messages name it.
    package var named: String { "\(step)'s \(key ?? rule.noun)" }

    /// The ratings feedback may have: one to five stars.
    package static let ratings = 1...5
    /// `collectUserFeedback`'s `rating`: a whole number from 1 to 5 (``ratings``), the
    /// rule of the step and of a submission from Swift.
    package static let feedbackRating = StepArgument(step: "collectUserFeedback", key: "rating", rule: .wholeNumber(ratings), isRequired: true)
    /// `collectUserFeedback`'s `reason`: any text.
    package static let feedbackReason = StepArgument(step: "collectUserFeedback", key: "reason", rule: .text, isRequired: false)
    /// `collectUserFeedback`'s `custom` values: any value (string leaves are rendered text).
    package static let feedbackCustom = StepArgument(step: "collectUserFeedback", key: "custom", rule: .text, isRequired: false)
    /// `openURL`'s URL.
    package static let url = StepArgument(step: "openURL", key: nil, rule: .url, isRequired: true)
}

/// What a step argument's value must be when the step runs (``StepArgument``). The rules
/// of arguments that are not templates (screen ids, outcomes, conditions, variables) are
/// the validator's own checks of them.
package enum StepArgumentRule: Sendable, Hashable {
    /// A whole number within the range: after horizontal white space (U+0009, Unicode
    /// category Zs) is trimmed, ASCII digits (leading zeros allowed).
    case wholeNumber(ClosedRange<Int>)
    /// Any text: never refused.
    case text
    /// A URL: a scheme (RFC 3986 §3.1: a letter, then letters, digits, `+`, `-`, `.`)
    /// the registry allows, `:`, at least one more character, and no white space or
    /// control character (``URLSchemePolicy/scheme(of:)``). Values put into a URL by
    /// `${…}` are percent-encoded, so its scheme and `:` must be in the written text.
    case url

    /// What the value must be, for messages: "a whole number from 1 to 5".
    package var described: String {
        switch self {
        case .wholeNumber(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .text: "any text"
        case .url: "a URL with an allowed scheme"
        }
    }

    /// The argument's name when it has no key.
    var noun: String {
        switch self {
        case .url: "URL"
        case .wholeNumber, .text: "argument"
        }
    }

    /// The whole number a rendered value stands for under ``wholeNumber(_:)``: horizontal
    /// white space trimmed, the rest ASCII digits forming a number within the range; `nil`
    /// otherwise (and for every other rule). O(length).
    package func wholeNumber(fromRendered text: String) -> Int? {
        guard case .wholeNumber(let range) = self else { return nil }
        let trimmed = text.unicodeScalars.drop(while: Self.isHorizontalSpace).reversed().drop(while: Self.isHorizontalSpace)
        // Leading zeros are digits too ("05" is 5), so only the value is bounded: past the
        // range's end it stays just past it, without overflowing.
        let past = range.upperBound == Int.max ? Int.max : range.upperBound + 1
        var value = 0
        for scalar in trimmed.reversed() {
            guard ("0"..."9").contains(scalar) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int(scalar.value - 48))
            value = overflow || overflowAgain ? past : min(sum, past)
        }
        return !trimmed.isEmpty && range.contains(value) ? value : nil
    }

    /// The white space ``wholeNumber(fromRendered:)`` trims: U+0009 and Unicode category Zs.
    package static func isHorizontalSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
}
