import FlowSource

/// A JSON value written as block YAML: mappings as `key: value` lines, lists as `- `
/// items, two spaces per level, empty ones as `{}` and `[]`. A string is written plain
/// when YAML reads the plain text back as that same string (not null, a boolean or a
/// number, no indicator or `: `/` #` in it, no leading or trailing space, one line),
/// else double-quoted with escapes, so the value never changes. O(size of the output).
package enum YAMLWriter {
    /// `value` as a YAML document, ending with a line break.
    static func document(_ value: JSONValue) -> String {
        var lines: [String] = []
        switch value {
        case .object(let members) where !members.isEmpty: write(members, indent: 0, into: &lines)
        case .array(let items) where !items.isEmpty: write(items, indent: 0, into: &lines)
        default: lines.append(inline(value))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func write(_ members: [(key: String, value: JSONValue)], indent: Int, into lines: inout [String], first: String? = nil) {
        let pad = String(repeating: " ", count: indent)
        for (index, member) in members.enumerated() {
            // The first member of a list item goes on the item's own line, after `- `.
            let lead = index == 0 ? first ?? pad : pad
            let key = scalar(member.key)
            switch member.value {
            case .object(let inner) where !inner.isEmpty:
                lines.append("\(lead)\(key):")
                write(inner, indent: indent + 2, into: &lines)
            case .array(let items) where !items.isEmpty:
                lines.append("\(lead)\(key):")
                write(items, indent: indent + 2, into: &lines)
            default:
                lines.append("\(lead)\(key): \(inline(member.value))")
            }
        }
    }

    private static func write(_ items: [JSONValue], indent: Int, into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        for item in items {
            switch item {
            case .object(let members) where !members.isEmpty:
                write(members, indent: indent + 2, into: &lines, first: pad + "- ")
            case .array(let inner) where !inner.isEmpty:
                lines.append("\(pad)-")
                write(inner, indent: indent + 2, into: &lines)
            default:
                lines.append("\(pad)- \(inline(item))")
            }
        }
    }

    /// A value on one line: a scalar, or an empty mapping or list.
    private static func inline(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): scalar(text)
        case .array: "[]"
        case .object: "{}"
        }
    }

    /// `text` as a YAML scalar that reads back as exactly that string: plain where it can
    /// be, else double-quoted.
    package static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : doubleQuoted(text)
    }

    /// Whether `text` written plain reads back as that string, whatever type is expected.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        // Not another type (YAML 1.2 core schema, and what the loader reads as such).
        guard plainReadsAsString(text) else { return false }
        // No indicator first, no white space at either end.
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " || last == ":" { return false }
        // Nothing that ends a plain scalar or a line, nor what is not printable.
        if text.contains(": ") || text.contains(" #") || text.contains("\t") { return false }
        return !text.unicodeScalars.contains(where: needsEscape)
    }

    /// Whether a plain scalar `text` is read as that string by every reader, whatever type
    /// is expected: not null, a boolean or a number (YAML 1.2 core schema, and what the
    /// loader reads as such), not a YAML 1.1 boolean (`yes`, `off`) and not a merge key;
    /// and, for YAML 1.1 readers' numbers, dates and times (`1_000`, `0b101`, `1:30`,
    /// `2024-05-01`), nothing that starts like a number: a digit, or `+`, `-` or `.`
    /// before one.
    static func plainReadsAsString(_ text: String) -> Bool {
        // Most text starts with a letter no null, boolean or number starts with: no more to check.
        if let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic, !"nNtTfFyYoO".unicodeScalars.contains(first) {
            return true
        }
        let source = Scalar(text: text, style: .plain, tag: nil)
        if source.isNull || source.number != nil || ["true", "false", "True", "False", "TRUE", "FALSE"].contains(text) { return false }
        if [".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"].contains(text.trimmingPrefix { $0 == "+" || $0 == "-" }) { return false }
        let digits = text.unicodeScalars.drop { "+-.".unicodeScalars.contains($0) }
        if let first = digits.first, ("0"..."9").contains(first) { return false }
        // `=` is YAML 1.1's value key, `<<` a merge key.
        return !["y", "n", "yes", "no", "on", "off"].contains(text.lowercased()) && text != "<<" && text != "="
    }

    /// Whether `text` needs no escape in double quotes besides `"` and `\\`: no line break,
    /// tab or other character YAML does not print (so it can stand in single quotes).
    static func isPrintableOnOneLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { needsEscape($0) }
    }

    /// Whether `scalar` is not printable in YAML (§5.1: C0 and C1 controls, DEL, the BOM,
    /// the line and paragraph separators, U+FFFE and U+FFFF) and is written escaped.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar == "\u{FEFF}"
            || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    /// `text` in double quotes, `\` and `"` escaped, and every control character as an escape.
    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
