import FlowCompile
import Foundation
import Testing

/// Evaluation of expressions, each expected value from the language's rules
/// (`docs/expressions.md`, ``ExpressionEvaluator``): exact decimals, integers that equal
/// decimals, failures instead of silent values, short-circuit `&&`/`||`, membership and
/// the functions, and the explanation of a condition that is not true.
@Suite("Expression evaluation")
struct ExpressionEvaluationTests {
    /// The outcome of `text` with `values` for its names.
    func evaluate(_ text: String, _ values: [String: ExpressionValue] = [:]) -> ExpressionEvaluator.Outcome {
        FlowExpression(text).evaluate { values[$0] }
    }

    func isFailure(_ outcome: ExpressionEvaluator.Outcome) -> Bool {
        if case .failure = outcome { true } else { false }
    }

    func decimal(_ text: String) -> ExpressionValue { .decimal(Decimal(string: text)!) }

    @Test("decimals are exact: 0.1 + 0.2 is 0.3")
    func exactDecimals() {
        #expect(evaluate("0.1 + 0.2 == 0.3") == .value(.boolean(true)))
        #expect(evaluate("0.1 + 0.2") == .value(decimal("0.3")))
        #expect(evaluate("1.10 * 3") == .value(decimal("3.3")))
    }

    @Test("an integer equals the decimal of the same value, and they compare and mix")
    func integerAndDecimal() {
        #expect(evaluate("2 == 2.0") == .value(.boolean(true)))
        #expect(evaluate("2 != 2.0") == .value(.boolean(false)))
        #expect(evaluate("x == 3", ["x": decimal("3.0")]) == .value(.boolean(true)))
        #expect(evaluate("2.5 > 2") == .value(.boolean(true)))
        #expect(evaluate("1 + 2") == .value(.integer(3)))
        #expect(evaluate("1 + 0.5") == .value(decimal("1.5")))
    }

    @Test("'/' always gives a decimal")
    func divisionIsDecimal() {
        #expect(evaluate("7 / 2") == .value(decimal("3.5")))
        #expect(evaluate("6 / 3") == .value(decimal("2")))
    }

    @Test("integer overflow is a failure, never a wrapped value")
    func overflow() {
        #expect(isFailure(evaluate("9223372036854775807 + 1")))
        #expect(isFailure(evaluate("x * 2", ["x": .integer(Int.max)])))
        #expect(isFailure(evaluate("0 - x - 2", ["x": .integer(Int.max)])))
        #expect(isFailure(evaluate("-x", ["x": .integer(Int.min)])))
        #expect(evaluate("x - 1 + 1", ["x": .integer(Int.max)]) == .value(.integer(Int.max)))
    }

    @Test("a decimal product or quotient past what a decimal holds (10^-128 … 10^127 scale) is a failure, not a stopped process")
    func decimalRange() {
        // 10^-38 to the fourth is 10^-152: below the smallest exponent, -128.
        let tiny = decimal("0.00000000000000000000000000000000000001")
        #expect(isFailure(evaluate("x * x * x * x > 0", ["x": tiny])))
        #expect(evaluate("x * x > 0", ["x": tiny]) == .value(.boolean(true)))
        #expect(isFailure(evaluate("x * x * x * x * 1.0 > 0", ["x": decimal("1e60")])))
        #expect(isFailure(evaluate("x / 10000000000", ["x": decimal("1e-125")])))
        #expect(evaluate("0 * x * x * x * x", ["x": tiny]) == .value(.decimal(0)))
        // 38 digits at 10^-65, squared: 76 digits at 10^-130, rounded to 38 at 10^-92.
        let long = decimal("0." + String(repeating: "0", count: 27) + "12345678901234567890123456789012345678")
        #expect(!isFailure(evaluate("x * x", ["x": long])))
    }

    @Test("division by zero is a failure, for integers and decimals")
    func divisionByZero() {
        #expect(isFailure(evaluate("10 / x", ["x": .integer(0)])))
        #expect(isFailure(evaluate("10 / x", ["x": decimal("0.0")])))
    }

    @Test("a name without a value is a failure")
    func missingName() {
        #expect(isFailure(evaluate("rating > 2")))
    }

    @Test("&& and || do not evaluate the side they do not need")
    func shortCircuit() {
        #expect(evaluate("x != 0 && 10 / x > 1", ["x": .integer(0)]) == .value(.boolean(false)))
        #expect(evaluate("x == 0 || 10 / x > 1", ["x": .integer(0)]) == .value(.boolean(true)))
        #expect(evaluate("x != 0 && 10 / x > 1", ["x": .integer(5)]) == .value(.boolean(true)))
        // The side that is needed still fails.
        #expect(isFailure(evaluate("x == 0 && 10 / x > 1", ["x": .integer(0)])))
    }

    @Test("'in' is true when the value equals one of the items")
    func membership() {
        #expect(evaluate("'a' in ['a', 'b']") == .value(.boolean(true)))
        #expect(evaluate("'c' in ['a', 'b']") == .value(.boolean(false)))
        #expect(evaluate("rating in [1, 2]", ["rating": 2]) == .value(.boolean(true)))
        #expect(evaluate("2 in [1.0, 2.0]") == .value(.boolean(true)))
    }

    @Test("contains compares characters exactly and case-sensitively")
    func contains() {
        #expect(evaluate("contains('hello', 'ell')") == .value(.boolean(true)))
        #expect(evaluate("contains('hello', 'ELL')") == .value(.boolean(false)))
        #expect(evaluate("contains(reason, 'bad')", ["reason": "a bad call"]) == .value(.boolean(true)))
        #expect(evaluate("contains('abc', '')") == .value(.boolean(true)))
    }

    @Test("matches finds the pattern anywhere in the text")
    func matches() {
        #expect(evaluate("matches('abc123', '[0-9]+')") == .value(.boolean(true)))
        #expect(evaluate("matches('abc', '[0-9]')") == .value(.boolean(false)))
        #expect(evaluate("matches('abc123', '^[0-9]+$')") == .value(.boolean(false)))
    }

    @Test("length counts characters, not scalars or bytes")
    func length() {
        #expect(evaluate("length('café')") == .value(.integer(4)))
        #expect(evaluate("length(x)", ["x": .string("cafe\u{301}")]) == .value(.integer(4)))
        #expect(evaluate("length(x)", ["x": .string("👨‍👩‍👧")]) == .value(.integer(1)))
        #expect(evaluate("length('')") == .value(.integer(0)))
        #expect(evaluate("isEmpty('')") == .value(.boolean(true)))
    }

    @Test("lowercased lowers every letter, accented ones too")
    func lowercased() {
        #expect(evaluate("lowercased('ÉCOLE Ok')") == .value(.string("école ok")))
        #expect(evaluate("lowercased(x) == 'yes'", ["x": "YES"]) == .value(.boolean(true)))
    }

    @Test("strings are equal when canonically equivalent; quotes and backslashes escape in literals")
    func strings() {
        #expect(evaluate("x == 'café'", ["x": .string("cafe\u{301}")]) == .value(.boolean(true)))
        #expect(evaluate("'it\\'s' == x", ["x": "it's"]) == .value(.boolean(true)))
        #expect(evaluate("'a' + 'b' == 'ab'") == .value(.boolean(true)))
    }

    @Test("whyNotTrue names the comparison and the values it saw")
    func whyNotTrueComparison() {
        let why = FlowExpression("call.maxParticipants > 1").whyNotTrue { $0 == "call.maxParticipants" ? 1 : nil }
        #expect(why?.description == "call.maxParticipants > 1: 1 > 1 is false")
        #expect(why?.condition == "call.maxParticipants > 1")
        #expect(FlowExpression("call.maxParticipants > 1").whyNotTrue { _ in 2 } == nil)
    }

    @Test("whyNotTrue blames the false operand of '&&'")
    func whyNotTrueAnd() {
        let values: [String: ExpressionValue] = ["a": true, "b": false]
        let why = FlowExpression("a && b").whyNotTrue { values[$0] }
        #expect(why?.part == "b")
        #expect(why?.description == "b: b is false")
        let form: [String: ExpressionValue] = ["rating": 4, "reason": "x"]
        let left = FlowExpression("rating <= 2 && reason != ''").whyNotTrue { form[$0] }
        #expect(left?.description == "rating <= 2: 4 <= 2 is false")
    }

    @Test("whyNotTrue of '||' says neither side is true, and of 'in' what was not in the list")
    func whyNotTrueOrAndIn() {
        let values: [String: ExpressionValue] = ["a": false, "b": false, "rating": 3]
        #expect(
            FlowExpression("a || b").whyNotTrue { values[$0] }?.description
                == "a || b: neither side is true (a: a is false; b: b is false)")
        #expect(
            FlowExpression("rating in [1, 2]").whyNotTrue { values[$0] }?.description
                == "rating in [1, 2]: 3 is not in [1, 2]")
    }
}
