#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FlowCompile
import FlowSource

/// One feedback, as the built-in `collectUserFeedback` step hands it to a
/// ``FeedbackSink``: a rating from 1 to 5, an optional reason text and custom properties,
/// with the flow, the screen and the time.
///
/// JSON form (``jsonText``, what ``JSONLinesFeedbackSink`` writes):
/// `{"custom":{…},"flowID":"…","rating":4,"reason":"…","screenID":"…",
/// "submittedAt":"2024-05-01T12:00:00Z"}` — `reason` is left out when the step has none;
/// `custom` numbers are written exactly as in the flow, YAML-only forms rewritten to the
/// same JSON number without rounding (`0x1F` → `31`, `0o17` → `15`, `+1` → `1`, `007` →
/// `7`, `.5` → `0.5`, `1.` → `1.0`), and a number text that has no JSON number (`.inf`,
/// only possible from Swift) is written as a string; `submittedAt` is ISO 8601 in UTC
/// with whole seconds.
///
/// The `Codable` conformance gives the same shape through Foundation, but there numbers
/// go through `Decimal` (`12.50` → `12.5`, about 38 significant digits kept); use
/// ``jsonText`` where the digits matter.
public struct FeedbackSubmission: Sendable, Hashable, Codable {
    /// A whole number from 1 to 5.
    public var rating: Int
    /// The rendered `reason`; `nil` when the step has none (the key is then left out of the
    /// JSON line).
    public var reason: String?
    /// Extra properties; string leaves were rendered as templates.
    public var custom: [String: FlowValue]
    /// The id of the flow that submitted (`flow.id`).
    public var flowID: String
    /// The screen whose action submitted.
    public var screenID: String
    /// When the step ran, by the navigator's clock (its `now` parameter); written as ISO 8601
    /// in UTC with whole seconds, e.g. `2024-05-01T12:00:00Z`.
    public var submittedAt: Date

    /// A submission from its parts. `rating` should be from 1 to 5; this is not checked here
    /// (the navigator builds a submission only from a rating that passed that check).
    public init(rating: Int, reason: String?, custom: [String: FlowValue], flowID: String, screenID: String, submittedAt: Date) {
        self.rating = rating
        self.reason = reason
        self.custom = custom
        self.flowID = flowID
        self.screenID = screenID
        self.submittedAt = submittedAt
    }

    private enum CodingKeys: String, CodingKey {
        case rating, reason, custom, flowID, screenID, submittedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rating = try container.decode(Int.self, forKey: .rating)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        custom = try container.decodeIfPresent([String: CodableFlowValue].self, forKey: .custom)?
            .mapValues(\.value) ?? [:]
        flowID = try container.decode(String.self, forKey: .flowID)
        screenID = try container.decode(String.self, forKey: .screenID)
        let stamp = try container.decode(String.self, forKey: .submittedAt)
        guard let date = try? Date(stamp, strategy: .iso8601) else {
            throw DecodingError.dataCorruptedError(
                forKey: .submittedAt, in: container, debugDescription: "expected an ISO 8601 date-time, found '\(stamp)'")
        }
        submittedAt = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rating, forKey: .rating)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encode(custom.mapValues(CodableFlowValue.init), forKey: .custom)
        try container.encode(flowID, forKey: .flowID)
        try container.encode(screenID, forKey: .screenID)
        try container.encode(submittedAt.formatted(.iso8601), forKey: .submittedAt)
    }

    /// The submission as one line of JSON text (RFC 8259; no trailing newline), keys
    /// sorted, numbers of `custom` exactly as written (see the type's documentation).
    /// O(size of the text).
    package var jsonText: String {
        var object: [String: FlowValue] = [
            "custom": .object(custom),
            "flowID": .string(flowID),
            "rating": .number(String(rating)),
            "screenID": .string(screenID),
            "submittedAt": .string(submittedAt.formatted(.iso8601)),
        ]
        if let reason { object["reason"] = .string(reason) }
        return JSONTextWriter.text(of: .object(object))
    }
}
