import Foundation

/// Codes a ``FlowValue`` as plain JSON: null, bool, number, string, array, object.
///
/// A number is written as a JSON number when its text follows RFC 8259 §6 (through
/// `Decimal`, which keeps up to 38 significant digits) and as a string otherwise (YAML
/// forms such as `0x1F` or `.inf` have no JSON number).
struct CodableFlowValue: Codable, Sendable {
    var value: FlowValue

    init(_ value: FlowValue) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let number = try? container.decode(Decimal.self) {
            value = .number(number.description)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let list = try? container.decode([CodableFlowValue].self) {
            value = .list(list.map(\.value))
        } else {
            value = .object(try container.decode([String: CodableFlowValue].self).mapValues(\.value))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let text):
            if Self.isJSONNumber(text), let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
                try container.encode(decimal)
            } else {
                try container.encode(text)
            }
        case .string(let s): try container.encode(s)
        case .list(let items): try container.encode(items.map(CodableFlowValue.init))
        case .object(let members): try container.encode(members.mapValues(CodableFlowValue.init))
        }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var s = Substring(text).unicodeScalars[...]
        func digits() -> Int {
            var n = 0
            while let c = s.first, ("0"..."9").contains(c) { s.removeFirst(); n += 1 }
            return n
        }
        if s.first == "-" { s.removeFirst() }
        if s.first == "0" {
            s.removeFirst()
        } else if let c = s.first, ("1"..."9").contains(c) {
            _ = digits()
        } else {
            return false
        }
        if s.first == "." {
            s.removeFirst()
            guard digits() > 0 else { return false }
        }
        if s.first == "e" || s.first == "E" {
            s.removeFirst()
            if s.first == "+" || s.first == "-" { s.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return s.isEmpty
    }
}
