/// A JSON value to be written (RFC 8259), with object members in the order given, so
/// output is stable and reads in a sensible order: the one tree every JSON output of the
/// package is built as (diagnostic reports, feedback lines, outbox records, transcripts,
/// handler requests), written by ``JSONTextWriter``.
///
/// A flow's own values are ``FlowValue``s (module FlowCompile); `FlowValue.json` gives
/// this form of one, with its keys sorted and its numbers made JSON numbers.
package enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as RFC 8259 §6 number text, written unchanged.
    case number(String)
    /// A string, escaped when written (RFC 8259 §7).
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its members in the order given (keys are not checked for duplicates).
    case object([(key: String, value: JSONValue)])

    /// A whole number, in decimal.
    package static func int(_ value: Int) -> JSONValue {
        .number(String(value))
    }

    /// A string, or `null` when `text` is `nil`.
    package static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// The value as JSON text: `indent` > 0 pretty-prints with that many spaces per level;
    /// 0 (the default) writes it on one line without white space. O(size of the output).
    package func serialized(indent: Int = 0) -> String {
        var writer = JSONTextWriter(indent: indent)
        write(to: &writer)
        return writer.text
    }

    private func write(to writer: inout JSONTextWriter) {
        switch self {
        case .null: writer.writeNull()
        case .bool(let value): writer.writeBool(value)
        case .number(let text): writer.writeNumberText(text)
        case .string(let value): writer.writeString(value)
        case .array(let items): writer.writeArray(items) { writer, item in item.write(to: &writer) }
        case .object(let members): writer.writeObject(members) { writer, value in value.write(to: &writer) }
        }
    }
}
