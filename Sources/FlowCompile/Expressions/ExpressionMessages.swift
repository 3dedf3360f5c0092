import FlowSource

/// Every message about an expression, built in one place: the lexer's, the parser's and
/// the checker's problems, so their wording is consistent and written once.
package enum ExpressionMessages {
    // MARK: Lexer

    static func badOperator(_ written: String, replacement: String, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .invalidExpression, "bad operator '\(written)'", at: range, hint: "write '\(replacement)'\(operatorMeaning(replacement))")
    }

    private static func operatorMeaning(_ symbol: String) -> String {
        switch symbol {
        case "==": " to compare"
        case "&&": " for 'and'"
        case "||": " for 'or'"
        default: ""
        }
    }

    static func doubleQuotedString(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .invalidExpression, "strings in expressions are written in single quotes", at: range,
            hint: "write 'text' instead of \"text\"")
    }

    static func unexpectedCharacter(_ scalar: Unicode.Scalar, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "unexpected character '\(printable(scalar))'", at: range)
    }

    static func nameExpectedAfterDot(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "expected a name after '.'", at: range, hint: "dotted names look like 'call.maxParticipants'")
    }

    static func digitExpectedAfterPoint(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "expected a digit after '.'", at: range, hint: "write decimals like '2.5'")
    }

    static func numberTooLong(_ text: String, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "decimal '\(text)' has more than 38 significant digits", at: range)
    }

    static func integerTooLarge(_ text: String, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .invalidExpression, "integer '\(text)' does not fit 64 bits", at: range, hint: "the largest integer is \(Int.max)")
    }

    static func badEscape(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "bad escape in string", at: range, hint: "inside '…' write \\' for a quote and \\\\ for a backslash")
    }

    static func unterminatedString(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "string is not closed", at: range, hint: "end it with '")
    }

    // MARK: Parser

    static func emptyExpression(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "empty expression", at: range, hint: "write a condition such as 'rating <= 2'")
    }

    static func tooDeep(maximum: Int, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "expression is nested more than \(maximum) levels deep", at: range)
    }

    static func tooLong(maximum: Int) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "expression is longer than \(maximum) characters", at: 0..<0)
    }

    static func unbalancedClose(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "unbalanced parenthesis: ')' has no '(' before it", at: range)
    }

    static func unclosed(_ open: ExpressionToken, found: ExpressionToken) -> ExpressionProblem {
        let symbol = open.kind == .symbol(.openBracket) ? "[" : "("
        let close = symbol == "[" ? "]" : ")"
        return ExpressionProblem(
            .invalidExpression, "unbalanced \(symbol == "[" ? "bracket" : "parenthesis"): '\(symbol)' is not closed",
            at: open.range, hint: "add '\(close)'" + (found.kind == .end ? " at the end" : " before \(describe(found))"))
    }

    static func expectedOperator(found token: ExpressionToken, at range: Range<Int>) -> ExpressionProblem {
        var hint: String?
        if case .name(let word) = token.kind {
            switch word.lowercased() {
            case "and": hint = "write '&&' for 'and'"
            case "or": hint = "write '||' for 'or'"
            case "not": hint = "write '!' for 'not'"
            default: break
            }
        }
        return ExpressionProblem(.invalidExpression, "expected an operator, found \(describe(token))", at: range, hint: hint)
    }

    static func chainedComparison(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .invalidExpression, "comparisons cannot be chained", at: range, hint: "write 'a < b && b < c'")
    }

    static func expectedList(after range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "expected '[' after 'in'", at: range, hint: "write 'x in [1, 2]'")
    }

    static func expectedValue(after op: ExpressionToken) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "expected a value after \(describe(op))", at: op.range)
    }

    static func expectedValue(found token: ExpressionToken) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "expected a value, found \(describe(token))", at: token.range)
    }

    static func expectedValue(found token: ExpressionToken, after comma: ExpressionToken) -> ExpressionProblem {
        ExpressionProblem(
            .invalidExpression, "expected a value after ',', found \(describe(token))", at: comma.range,
            hint: "remove the ',' or write the missing value")
    }

    static func unexpectedEnd(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidExpression, "expression ends too early", at: range)
    }

    static func unknownFunction(_ name: String, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .invalidExpression, "unknown function '\(name)'", at: range,
            hint: Suggestion.hint(for: name, among: ExpressionFunction.names)
                ?? "functions: " + ExpressionFunction.allCases.map(\.signature).joined(separator: ", "))
    }

    // MARK: Checker

    /// - Parameters:
    ///   - readsEvent: whether `event.NAME` may be read where the name stands.
    ///   - next: the character after the name, to recognise a field id with `-`.
    static func unknownName(
        _ name: String, among candidates: [String], at range: Range<Int>, readsEvent: Bool = false, next: String = ""
    ) -> ExpressionProblem {
        var declare = "declare it under 'context:' (a value the host provides) or 'variables:' (set by a 'set' step)"
        if name.hasPrefix(EventDeclaration.payloadPrefix) {
            declare =
                readsEvent
                ? "the trigger's event has no field '\(name.dropFirst(EventDeclaration.payloadPrefix.count))'; declare it in the event's payload under 'events:'"
                : "an event's payload is read only in the trigger's 'when'"
        } else if next == "-", let id = candidates.first(where: { $0.hasPrefix(name + "-") }) {
            return ExpressionProblem(
                .unknownReference, "unknown name '\(name)'", at: range,
                hint: "'-' subtracts in an expression, so the field id '\(id)' cannot be named here; "
                    + "rename the field without '-' and write the new id here too")
        }
        return ExpressionProblem(
            .unknownReference, "unknown name '\(name)'", at: range, hint: Suggestion.hint(for: name, among: candidates) ?? declare)
    }

    /// `text` cut to at most `limit` Unicode scalars, with `…` for the rest: how messages
    /// quote an expression, so a long one does not fill the terminal.
    package static func excerpt(_ text: String, limit: Int = 80) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        return String(String.UnicodeScalarView(scalars.prefix(limit))) + "…"
    }

    static func membershipMismatch(found: [String], at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .expressionTypeMismatch, "'in' needs items of the type of its value, found \(found.joined(separator: " and "))",
            at: range)
    }

    static func operandMismatch(
        _ symbol: ExpressionSymbol, needs: String, found: [String], at range: Range<Int>, hint: String? = nil
    ) -> ExpressionProblem {
        ExpressionProblem(
            .expressionTypeMismatch, "'\(symbol.rawValue)' needs \(needs), found \(found.joined(separator: " and "))",
            at: range, hint: hint)
    }

    /// The hint of a boolean compared with a text (`isBug == 'yes'`): a boolean is `true`
    /// or `false`, written as the name itself or with `!`. `text` is the text compared
    /// with, when it is a literal: `'no'`, `'false'`, `'off'`, `'0'` mean false.
    static func booleanComparedWithText(_ boolean: String, text: String?, equal: Bool) -> String {
        let name = excerpt(boolean, limit: 40)
        let meansFalse = text.map { ["no", "false", "off", "0", "n", "none"].contains($0.lowercased()) } ?? false
        // `isBug == 'no'` and `isBug != 'yes'` ask for false.
        let negated = meansFalse == equal
        return "'\(name)' is true or false, never a text: write '\(negated ? "!" : "")\(name)' (or compare it with \(negated ? "false" : "true"))"
    }

    static func mayBeNull(_ text: String, type: ValueType, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .expressionTypeMismatch, "'\(text)' may be null (it is \(type))", at: range,
            hint: "check it first: '\(text) != null && …'")
    }

    static func neverNull(_ text: String, type: ValueType, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .expressionTypeMismatch, "'\(text)' is never null (it is \(type))", at: range,
            hint: "it always has a value; compare it with one of its values instead")
    }

    static func argumentCount(_ function: ExpressionFunction, found: Int, at range: Range<Int>) -> ExpressionProblem {
        let count = function.parameters.count
        return ExpressionProblem(
            .expressionTypeMismatch,
            "'\(function.rawValue)' takes \(count) argument\(count == 1 ? "" : "s"), found \(found)", at: range,
            hint: "write \(function.signature)")
    }

    static func argumentMismatch(_ function: ExpressionFunction, position: Int, expected: ValueType.Base, found: String, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .expressionTypeMismatch,
            "argument \(position) of '\(function.rawValue)' must be \(article(expected.rawValue)), found \(found)", at: range,
            hint: "write \(function.signature)")
    }

    static func patternNotLiteral(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .expressionTypeMismatch, "the pattern of 'matches' must be a string literal", at: range,
            hint: "write matches(text, 'pattern'), so that the pattern is checked before the flow runs")
    }

    static func invalidPattern(_ reason: String, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.invalidRegex, "invalid regular expression: \(reason)", at: range)
    }

    static func conditionNotBoolean(found: String, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(
            .expressionTypeMismatch, "a condition must be a boolean, found \(found)", at: range,
            hint: "compare it, e.g. 'x > 0' or 'x == true'")
    }

    static func valueMismatch(expected: ValueType, found: String, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.expressionTypeMismatch, "expected \(article(expected.description)), found \(found)", at: range)
    }

    static func divisionByZero(at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.expressionTypeMismatch, "division by zero", at: range)
    }

    // MARK: Flow rules

    static func constantCondition(
        _ text: String, value: ExpressionValue, names: [String], domains: [String: [ExpressionValue]], at range: Range<Int>
    ) -> ExpressionProblem {
        let because =
            names.isEmpty
            ? "" : " for every value of " + names.map { name in "\(name) (\(domainText(domains[name] ?? [])))" }.joined(separator: ", ")
        return ExpressionProblem(
            .constantCondition, "condition '\(excerpt(text))' is always \(value.literal)\(because)", at: range,
            hint: "fix the condition, or remove it if it is meant to always hold")
    }

    /// `1-5`, `false, true`: a domain as messages write it.
    static func domainText(_ values: [ExpressionValue]) -> String {
        let numbers = values.compactMap { if case .integer(let n) = $0 { n } else { nil } }
        if numbers.count == values.count, numbers.count > 2, let low = numbers.min(), let high = numbers.max(),
            high.subtractingReportingOverflow(low) == (numbers.count - 1, false)
        {
            return low < 0 ? "\(low) to \(high)" : "\(low)-\(high)"
        }
        return values.map(\.literal).joined(separator: ", ")
    }

    static func uncoveredValues(field: String, missing: [Int], covered: [Int]) -> String {
        "no branch handles \(field) \(valueList(missing)): the conditions cover only \(valueList(covered))"
    }

    /// `3`, `1, 2 and 5`, `1-3 and 5`: sorted integers with runs of three or more
    /// shortened, written with `through` between a run's ends and `conjunction` before the
    /// last part (`1…3 or 5`).
    static func valueList(_ values: [Int], through: String = "-", conjunction: String = "and") -> String {
        var parts: [String] = []
        var index = 0
        let sorted = values.sorted()
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            if end - index >= 2 {
                parts.append("\(sorted[index])\(through)\(sorted[end])")
            } else {
                parts += (index...end).map { String(sorted[$0]) }
            }
            index = end + 1
        }
        guard parts.count > 1, let last = parts.popLast() else { return parts.first ?? "" }
        return parts.joined(separator: ", ") + " \(conjunction) " + last
    }

    // MARK: Words

    /// `an integer`, `a string?`.
    package static func article(_ word: String) -> String {
        (word.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + word
    }

    static func describe(_ token: ExpressionToken) -> String {
        switch token.kind {
        case .integer(let value): "'\(value)'"
        case .decimal(let value): "'\(value)'"
        case .string: "a string"
        case .name(let name): "'\(name)'"
        case .keyword(let keyword): "'\(keyword.rawValue)'"
        case .symbol(let symbol): "'\(symbol.rawValue)'"
        case .end: "the end"
        }
    }

    /// The scalar as messages show it: itself when it is visible, else its code point
    /// (`U+00A0`) for controls, format characters and white space other than a space.
    private static func printable(_ scalar: Unicode.Scalar) -> String {
        let category = scalar.properties.generalCategory
        let invisible = category == .control || category == .format || (scalar.properties.isWhitespace && scalar != " ")
        return invisible ? scalar.codePointNotation : String(scalar)
    }
}
