import FlowSystem

/// A value an expression reads or yields: what the host provides as context, an event's
/// payload, a field's value, a flow variable.
///
/// Numbers are never strings: `integer` is a 64-bit whole number, `decimal` an exact
/// base-10 number (Foundation's `Decimal`, up to 38 significant digits). In an expression
/// an integer equals the decimal of the same value (`2 == 2.0`); as Swift values
/// (`Hashable`) `.integer(2)` and `.decimal(2)` are different cases.
public enum ExpressionValue: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
{
    /// A whole number.
    case integer(Int)
    /// An exact decimal number.
    case decimal(Decimal)
    /// A text.
    case string(String)
    /// `true` or `false`.
    case boolean(Bool)
    /// No value (only for optional types).
    case null

    /// A string literal is a ``string(_:)``: `["user.id": "u-1"]`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal is an ``integer(_:)``: `["call.maxParticipants": 3]`.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// `true` and `false` are ``boolean(_:)``.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }

    /// The value as a `${…}` template renders it: a number in decimal digits (`2.5`, `-3`),
    /// the text itself, `true`/`false`, and the empty string for `null`.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .decimal(let value): value.description
        case .string(let text): text
        case .boolean(let value): value ? "true" : "false"
        case .null: ""
        }
    }

    /// The value as an expression would write it, for explanations: strings quoted
    /// (`'abc'`, a `'` or `\` escaped with `\`), `null` as `null`.
    public var literal: String {
        switch self {
        case .string(let text):
            var out = "'"
            for character in text {
                if character == "'" || character == "\\" { out.append("\\") }
                out.append(character)
            }
            return out + "'"
        case .null: return "null"
        default: return description
        }
    }

    /// The type of the value; `nil` for `null`, which belongs to every optional type.
    package var base: ValueType.Base? {
        switch self {
        case .integer: .integer
        case .decimal: .decimal
        case .string: .string
        case .boolean: .boolean
        case .null: nil
        }
    }

    /// Whether the value is of `type`: `null` only for an optional type, an integer also
    /// for `decimal`.
    public func conforms(to type: ValueType) -> Bool {
        switch (self, type.base) {
        case (.null, _): type.isOptional
        case (.integer, .integer), (.integer, .decimal), (.decimal, .decimal), (.string, .string), (.boolean, .boolean): true
        default: false
        }
    }

    /// The value written as `text` read as `type`, or `nil` when it is not one:
    /// - `integer`: an optional `-` or `+` and ASCII digits, within 64 bits;
    /// - `decimal`: the same, optionally followed by `.` and ASCII digits (no exponent), at
    ///   most 38 significant digits;
    /// - `boolean`: `true` or `false`;
    /// - `string`: any text, as written;
    /// - for an optional type, the text `null` is ``null``.
    ///
    /// The rule `--context KEY=VALUE` and timelines are read with. O(length).
    public init?(parsing text: String, as type: ValueType) {
        if type.isOptional, text == "null" {
            self = .null
            return
        }
        switch type.base {
        case .string: self = .string(text)
        case .boolean:
            switch text {
            case "true": self = .boolean(true)
            case "false": self = .boolean(false)
            default: return nil
            }
        case .integer:
            guard Self.isNumber(text, fraction: false), let value = Int(text) else { return nil }
            self = .integer(value)
        case .decimal:
            // At most 38 significant digits: what `Decimal` holds exactly.
            let mantissa = text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first.map(String.init) ?? text
            let digits = mantissa.unicodeScalars.filter { ("0"..."9").contains($0) }.drop { $0 == "0" }.count
            guard Self.isNumber(text, fraction: true), digits <= 38, let value = Decimal(string: text) else { return nil }
            self = .decimal(value)
        }
    }

    /// `[+-]?[0-9]+` and, when `fraction`, an optional `.[0-9]+` and an optional exponent
    /// `[eE][+-]?[0-9]{1,4}` (what JSON writers emit for small numbers: `1e-05`).
    private static func isNumber(_ text: String, fraction: Bool) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        let whole = bytes.prefix(while: isDigit)
        guard !whole.isEmpty else { return false }
        var rest = bytes.dropFirst(whole.count)
        if rest.isEmpty { return true }
        guard fraction else { return false }
        if rest.first == UInt8(ascii: ".") {
            let digits = rest.dropFirst().prefix(while: isDigit)
            guard !digits.isEmpty else { return false }
            rest = rest.dropFirst(1 + digits.count)
        }
        if rest.isEmpty { return true }
        guard rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") else { return false }
        rest = rest.dropFirst()
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { rest = rest.dropFirst() }
        return !rest.isEmpty && rest.count <= 4 && rest.allSatisfy(isDigit)
    }

    /// The number as a `Decimal`, for arithmetic and comparison across integer and decimal.
    package var decimalValue: Decimal? {
        switch self {
        case .integer(let value): Decimal(value)
        case .decimal(let value): value
        default: nil
        }
    }

    /// Whether the value is the number zero (`0`, `0.0`).
    package var isZero: Bool { decimalValue?.isZero ?? false }
}
