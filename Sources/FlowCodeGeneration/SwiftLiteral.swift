/// Swift literals for text from a flow: string literals for ids and names, a raw
/// multi-line string literal for the flow's JSON, and single lines for doc comments.
package enum SwiftLiteral {
    /// `text` as a Swift string literal: `"rate-call"`, with `\`, `"` and control
    /// characters escaped (`\n`, `\t`, `\r`, `\u{7F}`).
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The `#`s a raw string literal holding `text` is written with: one more than the
    /// longest run of `#` after a `"` or a `\` in `text`, so that neither its end
    /// (`"""#`) nor an escape (`\#(`) can occur inside; at least one, so JSON's own escapes
    /// (`\"`, `\n`) stay as written. O(length).
    package static func rawDelimiter(for text: String) -> String {
        var longest = 0
        var run = -1  // -1: not after a `"` or `\`
        for scalar in text.unicodeScalars {
            if scalar == "#", run >= 0 {
                run += 1
                longest = max(longest, run)
            } else {
                run = scalar == "\"" || scalar == "\\" ? 0 : -1
            }
        }
        return String(repeating: "#", count: longest + 1)
    }

    /// `text` as a raw multi-line string literal whose lines start with `indent`, which
    /// the literal leaves out: `#"""`, each line of `text`, `"""#` (``rawDelimiter(for:)``).
    /// The value is `text` without its final line break.
    package static func rawMultilineString(_ text: String, indent: String) -> String {
        let delimiter = rawDelimiter(for: text)
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }
        return delimiter + "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indent + "\"\"\"" + delimiter
    }

    /// `text` on one line, for a `///` comment: line breaks and other control characters
    /// become spaces.
    package static func commentLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}
