/// Writes JSON text (RFC 8259) piece by piece: the one JSON writer of the package, used
/// for feedback lines and transcripts (``FlowValue``s, compact) and by FlowTerminal's
/// JSON and SARIF diagnostic renderers (indented).
///
/// Foundation's `JSONEncoder` is not used: it cannot write a number's text as written
/// (it goes through `Double` or `Decimal`, so `12.50` would become `12.5` and long
/// numbers would be rounded), and it does not keep a chosen member order.
///
/// - Strings (RFC 8259 §7): `"` and `\` are escaped as `\"` and `\\`; U+0008, U+0009,
///   U+000A, U+000C, U+000D as `\b`, `\t`, `\n`, `\f`, `\r`; other scalars below U+0020
///   as `\u00XX` (lower-case hex); everything else, `/` and non-ASCII included, as its
///   UTF-8.
/// - Layout: with `indent` 0 (or less) no white space at all: `{"a":1,"b":[true,null]}`.
///   With `indent` n > 0, each array item and object member on its own line, indented
///   n spaces per level, `": "` after keys, and the closing bracket on its own line at
///   the container's level; empty containers stay `[]` and `{}`.
/// - Members are written in the order given: sorting (if wanted) is the caller's.
///
/// Complexity: O(size of the output).
///
/// ```swift
/// var writer = JSONTextWriter()
/// writer.writeObject([(key: "n", value: 1)]) { writer, n in writer.writeNumber(n) }
/// writer.text  // {"n":1}
/// ```
package struct JSONTextWriter: Sendable {
    /// The text written so far.
    package private(set) var text = ""
    /// Spaces per nesting level; 0 writes everything on one line.
    package let indent: Int
    /// The nesting depth of the value being written (0 at the top).
    private var level = 0

    /// A writer with an empty `text`; `indent` spaces per level (0 or less: one line
    /// without white space).
    package init(indent: Int = 0) {
        self.indent = max(0, indent)
    }

    /// Appends `null`.
    package mutating func writeNull() {
        text += "null"
    }

    /// Appends `true` or `false`.
    package mutating func writeBool(_ value: Bool) {
        text += value ? "true" : "false"
    }

    /// Appends `value` in decimal (RFC 8259 §6), e.g. `-12`.
    package mutating func writeNumber(_ value: Int) {
        text += String(value)
    }

    /// Appends `number`, which the caller guarantees is RFC 8259 §6 number text
    /// (as ``jsonNumber(_:)`` returns), unchanged.
    package mutating func writeNumberText(_ number: String) {
        text += number
    }

    /// Appends `string` as a JSON string, escaped per RFC 8259 §7 (see the type's notes).
    package mutating func writeString(_ string: String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{08}": text += "\\b"
            case "\u{09}": text += "\\t"
            case "\u{0A}": text += "\\n"
            case "\u{0C}": text += "\\f"
            case "\u{0D}": text += "\\r"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Appends a JSON array holding `items`, in order; `writeItem` appends each item
    /// (exactly one JSON value) to the writer it is given.
    package mutating func writeArray<Items: Collection>(
        _ items: Items, _ writeItem: (inout JSONTextWriter, Items.Element) -> Void
    ) {
        writeContainer(items, open: "[", close: "]") { writer, item in writeItem(&writer, item) }
    }

    /// Appends a JSON object holding `members`, in the order given (keys are not checked
    /// for duplicates); `writeValue` appends each member's value (exactly one JSON value)
    /// to the writer it is given.
    package mutating func writeObject<Members: Collection, Value>(
        _ members: Members, _ writeValue: (inout JSONTextWriter, Value) -> Void
    ) where Members.Element == (key: String, value: Value) {
        writeContainer(members, open: "{", close: "}") { writer, member in
            writer.writeString(member.key)
            writer.text += writer.indent > 0 ? ": " : ":"
            writeValue(&writer, member.value)
        }
    }

    /// `open`, the elements separated by `,` (each on its own indented line when
    /// `indent` > 0), `close`; `open` + `close` alone when there are none.
    private mutating func writeContainer<Elements: Collection>(
        _ elements: Elements, open: String, close: String,
        _ writeElement: (inout JSONTextWriter, Elements.Element) -> Void
    ) {
        guard !elements.isEmpty else {
            text += open + close
            return
        }
        text += open
        level += 1
        var first = true
        for element in elements {
            if !first { text += "," }
            first = false
            writeLineBreak()
            writeElement(&self, element)
        }
        level -= 1
        writeLineBreak()
        text += close
    }

    /// A newline and the current level's indentation; nothing when `indent` is 0.
    private mutating func writeLineBreak() {
        guard indent > 0 else { return }
        text += "\n" + String(repeating: " ", count: indent * level)
    }
}
