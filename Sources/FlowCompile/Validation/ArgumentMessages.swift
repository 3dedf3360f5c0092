import FlowSource

/// Every message of the step-argument rules (``ValidationRun``'s argument checks), built
/// in one place: what an argument's template can render, said against the rule of its
/// ``StepArgument``.
enum ArgumentMessages {
    /// `text` as a message quotes it: cut to 80 characters, a line break written `\n`,
    /// a tab `\t`, another control character as its code point.
    static func shown(_ text: String) -> String {
        var out = ""
        for scalar in ExpressionMessages.excerpt(text).unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.properties.generalCategory == .control { out += scalar.codePointNotation } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// The hint for a block scalar's last line break in a value that must not hold one.
    static let keptLineBreakHint =
        "a block scalar ('|' or '>') keeps its last line break; write '|-' or '>-' to drop it, or write the value on the key's line"

    /// `11…15`, `3`, `-2…0 or 4`, `2, 4, 6, 8 or 10`: sorted whole numbers, runs of three
    /// or more shortened with `…`.
    static func values(_ numbers: some Sequence<Int>) -> String {
        ExpressionMessages.valueList(Array(Set(numbers)), through: "…", conjunction: "or")
    }

    /// `11…15`, `at least 2`, `at most 0`, `any whole number`: bounds as messages say them.
    static func bounds(_ lower: Int?, _ upper: Int?) -> String {
        switch (lower, upper) {
        case (let lower?, let upper?): lower == upper ? "\(lower)" : "\(lower)…\(upper)"
        case (let lower?, nil): "a whole number of at least \(lower)"
        case (nil, let upper?): "a whole number of at most \(upper)"
        case (nil, nil): "any whole number"
        }
    }

    /// What the rule takes, short: `1…5` for a whole number, else the rule's description.
    static func takes(_ argument: StepArgument) -> String {
        if case .wholeNumber(let range) = argument.rule { return "\(range.lowerBound)…\(range.upperBound)" }
        return argument.rule.described
    }

    /// `'rating + 10' is 11…15; collectUserFeedback's rating is 1…5`.
    static func neverValid(_ text: String, is what: String, _ argument: StepArgument) -> String {
        "'\(ExpressionMessages.excerpt(text))' is \(what); \(argument.named) is \(takes(argument))"
    }

    /// `'comment' is a text; collectUserFeedback's rating is a whole number from 1 to 5`.
    static func wrongKind(_ text: String, is what: String, _ argument: StepArgument) -> String {
        "'\(ExpressionMessages.excerpt(text))' is \(what); \(argument.named) is \(argument.rule.described)"
    }

    /// `'rating' may not be rated here: collectUserFeedback's rating is 1…5, so the step fails while it is unrated`.
    static func mayBeUnrated(_ field: String, _ argument: StepArgument) -> String {
        "'\(field)' may not be rated yet here; \(argument.named) is \(argument.rule.described), so the step fails while it is unrated"
    }

    /// The hint of a whole number argument that a value can never be.
    static func wholeNumberHint(_ argument: StepArgument, field: String?) -> String {
        let example = field.map { "'${\($0)}' (a rating field within \(takes(argument)))" } ?? "a whole number"
        return "the step fails for every value and nothing is submitted; write \(example), or an expression whose values are \(takes(argument))"
    }

    /// `'rating - 3' is -2…2; collectUserFeedback's rating is 1…5, so the step fails when rating is 1…3`;
    /// for a value several steps take (`uses`), `so the 6 steps fail when …`.
    static func sometimesValid(_ text: String, is what: String, _ argument: StepArgument, failsWhen: String, uses: Int = 1) -> String {
        let steps = uses == 1 ? "the step fails" : "the \(uses) steps fail"
        return "'\(ExpressionMessages.excerpt(text))' is \(what); \(argument.named) is \(takes(argument)), so \(steps) when \(failsWhen)"
    }

    /// The note at each step a rating field is the argument of: `used as
    /// collectUserFeedback's rating here`.
    static func fieldUse(_ argument: StepArgument) -> String {
        "used as \(argument.named) here"
    }

    /// The hint at a rating field whose range breaks an argument's rule.
    static func fieldRangeHint(_ field: String, _ argument: StepArgument) -> String {
        "give '\(ExpressionMessages.excerpt(field))' a range within \(takes(argument)), or submit an expression whose every value is \(takes(argument)) where it is used"
    }

    /// The hint of a warning that a value fails for some values.
    static func sometimesHint(_ argument: StepArgument) -> String {
        "for those values the step refuses its \(argument.key ?? argument.rule.noun) and the action stops; write an expression whose every value is \(takes(argument))"
    }

    /// `'${rating}${rating}' joins 2 values into one text`.
    static func severalParts(_ raw: String, substitutions: Int, _ argument: StepArgument) -> String {
        let what = substitutions > 1 ? "joins \(substitutions) values into one text" : "adds text to its value"
        return "'\(shown(raw))' \(what); \(argument.named) is one whole number \(takes(argument))"
    }

    /// An expression a step evaluates that can fail: `'10 / (rating - 3)' fails when rating is 3: division by zero`.
    static func mayFail(_ text: String, when: String, _ kind: ExpressionBounds.Failure.Kind) -> String {
        "'\(ExpressionMessages.excerpt(text))' cannot be evaluated when \(when): \(failureText(kind))"
    }

    /// An expression a step evaluates whose evaluation fails for some (or `always` for
    /// every) value of its names, with the evaluator's `reason`.
    static func evaluationFails(_ text: String, reason: String, always: Bool) -> String {
        "'\(ExpressionMessages.excerpt(text))' " + (always ? "can never be evaluated" : "cannot be evaluated for some values") + ": \(reason)"
    }

    /// An expression a step evaluates that always fails.
    static func alwaysFails(_ text: String, _ kind: ExpressionBounds.Failure.Kind) -> String {
        "'\(ExpressionMessages.excerpt(text))' can never be evaluated: \(failureText(kind))"
    }

    static func failureText(_ kind: ExpressionBounds.Failure.Kind) -> String {
        switch kind {
        case .divisionByZero: "division by zero"
        case .overflow: "the result does not fit in a 64-bit integer"
        case .textTooLong: "'matches' searches at most \(ExpressionEvaluator.maximumMatchedLength) characters"
        }
    }

    /// When a failure happens: `'rating - 3' is 0`, `'note' is longer than 10000 characters`.
    static func failsWhen(_ operand: String, _ kind: ExpressionBounds.Failure.Kind) -> String {
        switch kind {
        case .divisionByZero: "\(operand) is 0"
        case .overflow: "\(operand) is too large"
        case .textTooLong: "\(operand) is longer than \(ExpressionEvaluator.maximumMatchedLength) characters"
        }
    }

    /// The hint of an expression that may fail in a step.
    static func mayFailHint(_ kind: ExpressionBounds.Failure.Kind) -> String {
        switch kind {
        case .divisionByZero:
            "for those values the step fails and the action stops; divide by a value that cannot be 0, or check it first in the same condition ('n != 0 && total / n > 2')"
        case .overflow:
            "for those values the step fails and the action stops; keep the values smaller"
        case .textTooLong:
            "for those texts the step fails and the action stops; give the field a maxLength of at most \(ExpressionEvaluator.maximumMatchedLength)"
        }
    }

    /// A URL template without a `:` in its written text.
    static func urlWithoutScheme(_ raw: String) -> String {
        "openURL '\(shown(raw))' is never a URL: values put into a URL are percent-encoded, so its scheme and ':' must be written in the text"
    }

    /// A URL template whose written scheme is not one (`1x:${a}`, `:${a}`).
    static func urlWithoutScheme(_ raw: String, written scheme: String) -> String {
        "openURL '\(shown(raw))' is never a URL: '\(ExpressionMessages.excerpt(scheme, limit: 40))' is not a scheme"
    }

    static func urlWithoutSchemeHint(_ raw: String) -> String {
        "write the scheme in the text, e.g. 'https://example.com/\(raw.hasPrefix("${") ? raw : "…")'"
    }

    /// A URL whose scheme is made from values.
    static func urlSchemeFromValues(_ raw: String, names: [String], allowed: [String]) -> String {
        "the scheme of openURL '\(shown(raw))' is made from \(NameList.joined(names)), so the step fails unless it makes one of \(allowed.joined(separator: ", "))"
    }

    /// A URL with nothing after its scheme's `:` but values that can be empty.
    static func urlMayEndAtScheme(_ raw: String, scheme: String, when: String) -> String {
        "openURL '\(shown(raw))' is not a URL when \(when): nothing would follow '\(scheme):'"
    }

    /// A URL whose written text holds white space or a control character.
    static func urlWithSpace(_ raw: String, trailingLineBreak: Bool) -> String {
        trailingLineBreak
            ? "openURL '\(shown(raw))' is not a URL: it ends with a line break"
            : "openURL '\(shown(raw))' is not a URL: its text holds white space or a control character"
    }
}
