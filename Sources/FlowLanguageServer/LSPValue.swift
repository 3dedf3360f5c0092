import FlowSource

/// A value of one of the protocol's shapes (LSP 3.17's structures and enumerations),
/// written as JSON through ``FlowSource/JSONValue``: a structure lists its members in an
/// object (through ``FlowSource/JSONValue/members(_:)`` where some are optional), an
/// enumeration writes its raw value.
protocol LSPValue {
    /// The value as the protocol writes it.
    var json: JSONValue { get }
}

extension LSPValue where Self: RawRepresentable, RawValue == Int {
    var json: JSONValue { .int(rawValue) }
}

extension LSPValue where Self: RawRepresentable, RawValue == String {
    var json: JSONValue { .string(rawValue) }
}

extension String: LSPValue { var json: JSONValue { .string(self) } }
extension Int: LSPValue { var json: JSONValue { .int(self) } }
extension Bool: LSPValue { var json: JSONValue { .bool(self) } }

extension Array: LSPValue where Element: LSPValue {
    var json: JSONValue { .array(map(\.json)) }
}

extension JSONValue: LSPValue {
    var json: JSONValue { self }

    /// An object of the members whose value is not `nil`, in the order given (the
    /// protocol's optional members are left out, not written as `null`).
    static func members(_ members: (String, JSONValue?)...) -> JSONValue {
        var object: [(key: String, value: JSONValue)] = []
        object.reserveCapacity(members.count)
        for case (let key, let value?) in members { object.append((key, value)) }
        return .object(object)
    }
}
