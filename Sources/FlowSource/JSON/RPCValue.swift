import FlowSystem

/// A JSON value as read, for what is picked apart by key: a JSON-RPC message (JSON-RPC
/// 2.0 §4; LSP 3.17 "Base Types"), which the language server reads into this, and the JSON
/// Schema whose facts editors are given; a value is picked out with
/// ``subscript(_:)-(String)``; what it writes is built as a ``FlowSource/JSONValue``.
/// Numbers keep their value as a `Double` and, when whole, as an `Int` (LSP's
/// `integer`/`uinteger` are whole; ids may be either a number or a string).
package enum RPCValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([RPCValue])
    case object([String: RPCValue])

    /// Decodes any JSON value.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([RPCValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: RPCValue].self))
        }
    }

    /// The member `key` of an object; `nil` for anything else or a missing member.
    package subscript(_ key: String) -> RPCValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The text of a string.
    package var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// A whole number.
    package var integer: Int? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// The items of an array.
    package var array: [RPCValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    /// The value as it is written back (a request's id in its response).
    package var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .int(value)
        case .number(let value): .number(String(value))
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(\.json))
        case .object(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })
        }
    }
}
