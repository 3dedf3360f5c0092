import FlowCompile
import FlowSource

/// A JSON value written by the machine-readable renderers, with object members kept in
/// the order given (so output is stable and reads in a sensible order).
///
/// Serialization is ``JSONTextWriter``'s (RFC 8259): strings escape `"`, `\` and every
/// control character below U+0020 (§7); `/` and non-ASCII scalars are written as is (UTF-8).
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// A string, or `null` when `text` is `nil`.
    package static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// The value as JSON text. `indent` > 0 pretty-prints with that many spaces per
    /// level; 0 writes it on one line without spaces. O(size of the output).
    package func serialized(indent: Int = 2) -> String {
        var writer = JSONTextWriter(indent: indent)
        write(to: &writer)
        return writer.text
    }

    private func write(to writer: inout JSONTextWriter) {
        switch self {
        case .null: writer.writeNull()
        case .bool(let value): writer.writeBool(value)
        case .int(let value): writer.writeNumber(value)
        case .string(let value): writer.writeString(value)
        case .array(let items): writer.writeArray(items) { writer, item in item.write(to: &writer) }
        case .object(let members): writer.writeObject(members) { writer, value in value.write(to: &writer) }
        }
    }
}
