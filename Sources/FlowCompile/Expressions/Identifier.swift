/// The one grammar of the names a flow reads values by — field ids, declared context
/// values and variables, handlers' returned values, `${name}` in templates, names in
/// expressions, `run --context` keys: parts of ASCII letters, digits and `_`, each
/// starting with a letter or `_`, joined by single dots (`rating`, `call.maxParticipants`,
/// `user_email`); not an expression keyword (`true`, `false`, `null`, `in`).
///
/// `-` is not in it: in an expression `a-b` subtracts, so a name holding `-` could be
/// written in a template but read by no condition. Screen ids are not names of values and
/// keep their own rule (`rate-call` is a screen id).
package enum Identifier {
    /// The grammar as a regular expression, as the JSON Schema states it.
    package static let pattern = "^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$"

    /// What the rule allows, for hints: one place says it.
    package static let rule = "letters, digits and '_' in parts joined by '.', each part starting with a letter or '_'"

    /// Whether `byte` may start a part.
    package static func isPartStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether `byte` may continue a part.
    package static func isPartByte(_ byte: UInt8) -> Bool {
        isPartStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether the UTF-8 `bytes` are a name. O(length).
    package static func isName(_ bytes: some Collection<UInt8>) -> Bool {
        var atPartStart = true
        for byte in bytes {
            if atPartStart {
                guard isPartStart(byte) else { return false }
                atPartStart = false
            } else if byte == UInt8(ascii: ".") {
                atPartStart = true
            } else if !isPartByte(byte) {
                return false
            }
        }
        return !atPartStart && ExpressionKeyword(bytes: bytes) == nil
    }

    /// Whether `name` is a name. O(length).
    package static func isName(_ name: some StringProtocol) -> Bool {
        isName(name.utf8)
    }

    /// Why `name` is not a name, as a hint that says how to write it (one text for every
    /// place a name is refused: a field id, a context key); `nil` when it is a name.
    package static func hint(for name: String) -> String? {
        guard !isName(name) else { return nil }
        if ExpressionKeyword(bytes: name.utf8) != nil {
            return "'\(name)' is a word of conditions (true, false, null, in); choose another name"
        }
        if name.contains("-") {
            let underscored = String(name.map { $0 == "-" ? "_" : $0 })
            return "'-' subtracts in a condition, so no condition could read '\(name)'"
                + (isName(underscored) ? "; write '\(underscored)'" : "; a name has \(rule)")
        }
        return "a name has \(rule)"
    }
}
