import FlowSource

/// ``FlowValue``s as JSON: the feedback lines of `JSONLinesFeedbackSink`, transcript
/// lines, outbox records and handler requests, with numbers exactly as written in the flow.
///
/// - Objects: keys sorted by Unicode scalar values: `{"a":1,"b":[true,null]}`.
/// - Numbers: see ``jsonNumber(_:)``; a number text that is not a number is written as
///   a JSON string.
///
/// Complexity: O(size of the value), except objects (key sorting, O(k log k)) and hex or
/// octal numbers (O(d²) in their digits).
extension FlowValue {
    /// The value as JSON to write.
    package var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let written): Self.jsonNumber(written).map(JSONValue.number) ?? .string(written)
        case .string(let text): .string(text)
        case .list(let items): .array(items.map(\.json))
        case .object(let members):
            .object(
                members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
                    .map { (key: $0.key, value: $0.value.json) })
        }
    }

    /// The value as one line of JSON text (no trailing newline).
    package var jsonText: String { json.serialized() }

    /// The JSON number text (RFC 8259 §6) of a ``number(_:)``'s written text,
    /// with the same value and every digit kept; `nil` when `written` is not a number
    /// (the writer then writes it as a JSON string).
    ///
    /// - Text that is already an RFC 8259 number is returned as it is: `12.50`, `1e3`,
    ///   `-0`, 60-digit numbers all stay exactly as written.
    /// - YAML 1.2 core schema forms (§10.3.2) that JSON lacks are rewritten without
    ///   rounding: `0x1F` → `31`, `0o17` → `15` (hex and octal integers of any length, in
    ///   decimal); a leading `+` is dropped (`+1` → `1`); leading zeros of the integer
    ///   part are dropped (`007` → `7`, `-00.5` → `-0.5`); a missing integer part becomes
    ///   `0` (`.5` → `0.5`, `-.5e-3` → `-0.5e-3`); a `.` without fraction digits gets a
    ///   `0` (`1.` → `1.0`, `1.e5` → `1.0e5`). The exponent is kept as written.
    /// - Anything else (`.inf`, `.nan`, `-0x1F`, `12abc`; only possible in values built
    ///   in Swift, since the decoder makes numbers only of the forms above) is `nil`.
    package static func jsonNumber(_ written: String) -> String? {
        if isJSONNumber(written) { return written }
        if written.hasPrefix("0x") { return decimalDigits(of: written.dropFirst(2), radix: 16) }
        if written.hasPrefix("0o") { return decimalDigits(of: written.dropFirst(2), radix: 8) }

        // [-+]? ( \.[0-9]+ | [0-9]+ (\.[0-9]*)? ) ([eE][-+]?[0-9]+)?
        var rest = Substring(written).unicodeScalars[...]
        func digits() -> String {
            var out = ""
            while let c = rest.first, ("0"..."9").contains(c) {
                out.unicodeScalars.append(c)
                rest.removeFirst()
            }
            return out
        }
        var sign = ""
        if let first = rest.first, first == "-" || first == "+" {
            if first == "-" { sign = "-" }
            rest.removeFirst()
        }
        let integer = digits()
        var fraction: String?
        if rest.first == "." {
            rest.removeFirst()
            fraction = digits()
        }
        guard !integer.isEmpty || !(fraction ?? "").isEmpty else { return nil }
        var exponent = ""
        if let e = rest.first, e == "e" || e == "E" {
            exponent.unicodeScalars.append(e)
            rest.removeFirst()
            if let s = rest.first, s == "-" || s == "+" {
                exponent.unicodeScalars.append(s)
                rest.removeFirst()
            }
            let exponentDigits = digits()
            guard !exponentDigits.isEmpty else { return nil }
            exponent += exponentDigits
        }
        guard rest.isEmpty else { return nil }
        let trimmed = integer.drop { $0 == "0" }
        var out = sign + (trimmed.isEmpty ? "0" : String(trimmed))
        if let fraction { out += "." + (fraction.isEmpty ? "0" : fraction) }
        return out + exponent
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var s = Substring(text).unicodeScalars[...]
        func digits() -> Int {
            var n = 0
            while let c = s.first, ("0"..."9").contains(c) { s.removeFirst(); n += 1 }
            return n
        }
        if s.first == "-" { s.removeFirst() }
        if s.first == "0" {
            s.removeFirst()
        } else if let c = s.first, ("1"..."9").contains(c) {
            _ = digits()
        } else {
            return false
        }
        if s.first == "." {
            s.removeFirst()
            guard digits() > 0 else { return false }
        }
        if s.first == "e" || s.first == "E" {
            s.removeFirst()
            if s.first == "+" || s.first == "-" { s.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return s.isEmpty
    }

    /// The decimal text of the unsigned integer written with `digits` in `radix` (8 or
    /// 16), exact for any length; `nil` if `digits` is empty or holds another character.
    private static func decimalDigits(of digits: Substring, radix: UInt32) -> String? {
        guard !digits.isEmpty else { return nil }
        // Decimal digits, least significant first.
        var decimal: [UInt32] = [0]
        for character in digits {
            guard character.isASCII, let value = character.hexDigitValue.map(UInt32.init), value < radix else {
                return nil
            }
            var carry = value
            for index in decimal.indices {
                let product = decimal[index] * radix + carry
                decimal[index] = product % 10
                carry = product / 10
            }
            while carry > 0 {
                decimal.append(carry % 10)
                carry /= 10
            }
        }
        while decimal.count > 1, decimal.last == 0 { decimal.removeLast() }
        return String(decimal.reversed().map { Character(Unicode.Scalar(UInt8(48 + $0))) })
    }
}
