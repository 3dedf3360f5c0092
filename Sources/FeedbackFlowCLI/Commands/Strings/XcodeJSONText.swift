import FlowSource

/// JSON written as Xcode writes a String Catalog, so a catalog that went through Xcode
/// does not change when written again: object keys sorted as Foundation's `sortedKeys`
/// sorts them (numeric search: `text.2` before `text.10`), two spaces per level,
/// `"key" : value` (a space on each side of the colon), an empty object as `{` and `}`
/// with an empty line between, `/` and non-ASCII text unescaped, and no line break after
/// the last `}`. O(size of the value; keys sorted per object).
enum XcodeJSONText {
    /// `value` in Xcode's layout.
    static func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): out += quoted(text)
        case .array(let items):
            guard !items.isEmpty else { return out += "[\n\n\(pad)]" }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad + "  "
                write(item, indent: indent + 2, into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += pad + "]"
        case .object(let members):
            guard !members.isEmpty else { return out += "{\n\n\(pad)}" }
            out += "{\n"
            let sorted = members.sorted { numericOrder($0.key, $1.key) }
            for (index, member) in sorted.enumerated() {
                out += pad + "  " + quoted(member.key) + " : "
                write(member.value, indent: indent + 2, into: &out)
                out += index == sorted.count - 1 ? "\n" : ",\n"
            }
            out += pad + "}"
        }
    }

    /// Whether `a` comes before `b` by numeric search: runs of digits compared by their
    /// value, everything else by Unicode scalar; equal texts by scalars at last.
    static func numericOrder(_ a: String, _ b: String) -> Bool {
        var left = a.unicodeScalars[...]
        var right = b.unicodeScalars[...]
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        while let x = left.first, let y = right.first {
            if isDigit(x), isDigit(y) {
                let xs = left.prefix(while: isDigit)
                let ys = right.prefix(while: isDigit)
                left = left.dropFirst(xs.count)
                right = right.dropFirst(ys.count)
                let xv = String(String.UnicodeScalarView(xs.drop { $0 == "0" }))
                let yv = String(String.UnicodeScalarView(ys.drop { $0 == "0" }))
                if xv.count != yv.count { return xv.count < yv.count }
                if xv != yv { return xv < yv }
                continue
            }
            if x != y { return x.value < y.value }
            left = left.dropFirst()
            right = right.dropFirst()
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    /// `text` as a JSON string, escaped as every JSON output of the package is
    /// (``FlowSource/JSONTextWriter``: `"`, `\` and control characters; `/` and non-ASCII as they are).
    static func quoted(_ text: String) -> String {
        var writer = JSONTextWriter()
        writer.writeString(text)
        return writer.text
    }
}
