/// A problem ``JSONParser`` reports, with its code and message: every message of the
/// JSON loader is written here. `found` values describe the input at the problem's place
/// (`'x'`, `a line break`, `the end of the file`), as the parser words them.
enum JSONProblem {
    /// Only white space (or nothing) after the byte order mark.
    case empty
    /// A comma before `]` or `}`.
    case trailingComma
    /// Something other than `,` or the closing bracket after an item or member.
    case expectedSeparator(inObject: Bool, found: String)
    /// A string in single quotes.
    case singleQuotes
    /// A member name that is not a string.
    case expectedMemberName(found: String)
    /// A member name without `:` after it.
    case expectedColon(found: String)
    /// A `/` where a value should start.
    case comment
    /// Anything else that cannot start a value.
    case expectedValue(found: String)
    /// A bare word such as `True` or `trueish`.
    case unknownWord(String)
    /// `01`.
    case leadingZero
    /// `-` without digits.
    case expectedDigit(found: String)
    /// `1.` without digits.
    case expectedFractionDigit(found: String)
    /// `1e` without digits.
    case expectedExponentDigit(found: String)
    /// The end of the file inside a string.
    case unclosedString
    /// A raw line break (`lineBreak`) or other control character inside a string.
    case unescapedControl(lineBreak: Bool)
    /// A `\uXXXX` surrogate without its other half.
    case loneSurrogate(UInt32, high: Bool)
    /// A backslash before a character that does not escape (`text` is that character).
    case invalidEscape(String)
    /// `\u` with fewer than four hex digits.
    case shortUnicodeEscape
    /// A comment after the value.
    case commentAfterValue
    /// Anything but white space after the value.
    case contentAfterValue(found: String)

    /// The code the problem is reported with.
    var code: LoadDiagnosticCode {
        switch self {
        case .empty: .emptyDocument
        default: .syntaxError
        }
    }

    /// The diagnostic's message.
    var message: String {
        switch self {
        case .empty: "the file holds no JSON value"
        case .trailingComma: "a trailing comma is not allowed in JSON"
        case .expectedSeparator(let inObject, let found):
            "expected \(inObject ? "',' or '}' after an object member" : "',' or ']' after an array item"), found \(found)"
        case .singleQuotes: "strings must use double quotes in JSON"
        case .expectedMemberName(let found): "expected a member name in double quotes, found \(found)"
        case .expectedColon(let found): "expected ':' after a member name, found \(found)"
        case .comment: "comments are not allowed in JSON"
        case .expectedValue(let found): "expected a value, found \(found)"
        case .unknownWord(let word): "unexpected '\(word)'; JSON values are objects, arrays, strings, numbers, true, false and null"
        case .leadingZero: "leading zeros are not allowed in JSON numbers"
        case .expectedDigit(let found): "expected a digit, found \(found)"
        case .expectedFractionDigit(let found): "expected a digit after the decimal point, found \(found)"
        case .expectedExponentDigit(let found): "expected a digit in the exponent, found \(found)"
        case .unclosedString: "string is not closed"
        case .unescapedControl(let lineBreak): "\(lineBreak ? "a line break" : "a control character") must be escaped inside a JSON string"
        case .loneSurrogate(let unit, let high):
            "lone \(high ? "high" : "low") surrogate '\\u\(String(unit, radix: 16, uppercase: true))'; surrogates must come in high-low pairs"
        case .invalidEscape(let text): "invalid escape '\\\(text)' in a JSON string"
        case .shortUnicodeEscape: "'\\u' needs four hex digits"
        case .commentAfterValue: "unexpected comment after the JSON value (JSON has no comments)"
        case .contentAfterValue(let found): "unexpected \(found) after the JSON value"
        }
    }
}
