/// A JSON value written by the machine-readable renderers, with object members kept in
/// the order given (so output is stable and reads in a sensible order).
///
/// Serialization follows RFC 8259: strings escape `"`, `\` and every control
/// character below U+0020 (§7); `/` and non-ASCII scalars are written as is (UTF-8).
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// A string, or `null` when `text` is `nil`.
    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// The value as JSON text. `indent` > 0 pretty-prints with that many spaces per
    /// level; 0 writes it on one line without spaces. O(size of the output).
    func serialized(indent: Int = 2) -> String {
        var out = ""
        write(into: &out, indent: indent, level: 0)
        return out
    }

    private func write(into out: inout String, indent: Int, level: Int) {
        let newline = indent > 0 ? "\n" : ""
        let pad = { (level: Int) in String(repeating: " ", count: indent * level) }
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): Self.writeString(value, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[" + newline
            for (index, item) in items.enumerated() {
                out += pad(level + 1)
                item.write(into: &out, indent: indent, level: level + 1)
                out += (index + 1 < items.count ? "," : "") + newline
            }
            out += pad(level) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{" + newline
            for (index, member) in members.enumerated() {
                out += pad(level + 1)
                Self.writeString(member.key, into: &out)
                out += indent > 0 ? ": " : ":"
                member.value.write(into: &out, indent: indent, level: level + 1)
                out += (index + 1 < members.count ? "," : "") + newline
            }
            out += pad(level) + "}"
        }
    }

    /// RFC 8259 §7 string escaping.
    static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
