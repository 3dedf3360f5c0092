#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FlowCompile
import FlowSource

/// Codes a ``FlowValue`` as plain JSON through Foundation's `Codable`: null, bool,
/// number, string, array, object.
///
/// Only for the ``FeedbackSubmission`` `Codable` conformance. The files the library
/// writes (feedback lines, transcripts) use ``JSONTextWriter``, which keeps numbers
/// exactly as written. Here a number goes through `Decimal` (Foundation has no way to
/// write a number's text as is): its ``JSONTextWriter/jsonNumber(_:)`` form is encoded
/// as a `Decimal` (normalised, ~38 significant digits), and a text that is no number at
/// all (`.inf`) as a string.
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
            if let number = JSONTextWriter.jsonNumber(text),
                let decimal = Decimal(string: number, locale: Locale(identifier: "en_US_POSIX"))
            {
                try container.encode(decimal)
            } else {
                try container.encode(text)
            }
        case .string(let s): try container.encode(s)
        case .list(let items): try container.encode(items.map(CodableFlowValue.init))
        case .object(let members): try container.encode(members.mapValues(CodableFlowValue.init))
        }
    }
}
