/// A scalar as written: its text (after escapes and folding), its style and its
/// explicit tag. Typing is driven by the type a decoder expects (YAML 1.2 core schema,
/// §10.3.2; JSON per RFC 8259 §3, §6, §7).
package struct Scalar: Sendable, Hashable {
    /// The text after escapes and folding.
    package var text: String
    /// How it was written.
    package var style: ScalarStyle
    /// An explicit tag (e.g. `tag:yaml.org,2002:str`), or `nil`.
    package var tag: String?

    package init(text: String, style: ScalarStyle, tag: String? = nil) {
        self.text = text
        self.style = style
        self.tag = tag
    }

    /// What the scalar is, as a word for messages: `expected a list, found a string`.
    package var kindDescription: String {
        guard style == .plain, tag == nil else { return "a string" }
        if isNull { return "null" }
        if bool != nil { return "a boolean" }
        if integer != nil { return "an integer" }
        if number != nil { return "a number" }
        return "a string"
    }

    /// `true` for a plain `~`, `null`, `Null`, `NULL` or empty scalar (or `!!null`).
    package var isNull: Bool {
        if tag == "tag:yaml.org,2002:null" { return true }
        guard style == .plain, tag == nil else { return false }
        return Self.isNullText(text)
    }

    /// Whether a plain, untagged scalar's text is null: empty, `~`, `null`, `Null` or `NULL`.
    static func isNullText(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count <= 4 else { return false }
        return utf8.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// The text exactly as written, for a string-typed field; `nil` for null.
    /// A quoted `"null"` is the string `null`.
    package var string: String? {
        guard !isNull else { return nil }
        return text
    }

    /// Only plain `true` / `false`: narrower than the core schema, which also reads `True`
    /// and `TRUE` as booleans, so a boolean field takes exactly the two JSON spellings.
    package var bool: Bool? {
        guard style == .plain, tag == nil || tag == "tag:yaml.org,2002:bool" else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }

    /// A plain integer per the core schema: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`.
    /// `nil` when not an integer or when it does not fit `Int` (never rounded).
    package var integer: Int? {
        guard style == .plain,
            tag == nil || tag == "tag:yaml.org,2002:int"
        else { return nil }
        // Read as UTF-8 bytes: every character of the grammar is ASCII.
        let utf8 = text.utf8
        if utf8.starts(with: "0o".utf8) { return Self.integer(utf8.dropFirst(2), radix: 8, negative: false) }
        if utf8.starts(with: "0x".utf8) { return Self.integer(utf8.dropFirst(2), radix: 16, negative: false) }
        let sign = utf8.first
        let negative = sign == UInt8(ascii: "-")
        let digits = negative || sign == UInt8(ascii: "+") ? utf8.dropFirst() : utf8[...]
        return Self.integer(digits, radix: 10, negative: negative)
    }

    /// The value of `digits` (at least one, each a digit of `radix`: `0-9`, and `a-f`/`A-F`
    /// for 16), negated when `negative`; `nil` for anything else or a value outside `Int`.
    /// O(length).
    private static func integer(_ digits: Substring.UTF8View, radix: Int, negative: Bool) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte &- UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte &- UInt8(ascii: "a")) &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte &- UInt8(ascii: "A")) &+ 10
            default: return nil
            }
            guard digit < radix else { return nil }
            // Accumulated on the side of the sign, so `Int.min` is read too.
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (next, carry) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = next
        }
        return value
    }

    /// A plain number per the core schema (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`,
    /// or an ``integer``), returned as its text so that nothing is rounded: the text as
    /// written, except that an octal or hexadecimal integer (`0o17`, `0x1F`) is given in
    /// decimal. `nil` otherwise.
    package var number: String? {
        guard style == .plain,
            tag == nil || tag == "tag:yaml.org,2002:float" || tag == "tag:yaml.org,2002:int"
        else { return nil }
        if let integer { return text.hasPrefix("0o") || text.hasPrefix("0x") ? String(integer) : text }
        var scalars = Substring(text).unicodeScalars[...]
        if let f = scalars.first, f == "-" || f == "+" { scalars = scalars.dropFirst() }
        var sawDigit = false
        while let c = scalars.first, ("0"..."9").contains(c) { sawDigit = true; scalars = scalars.dropFirst() }
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            while let c = scalars.first, ("0"..."9").contains(c) { sawDigit = true; scalars = scalars.dropFirst() }
        }
        guard sawDigit else { return nil }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let s = scalars.first, s == "-" || s == "+" { scalars = scalars.dropFirst() }
            guard let d = scalars.first, ("0"..."9").contains(d) else { return nil }
            while let c = scalars.first, ("0"..."9").contains(c) { scalars = scalars.dropFirst() }
        }
        return scalars.isEmpty ? text : nil
    }
}
