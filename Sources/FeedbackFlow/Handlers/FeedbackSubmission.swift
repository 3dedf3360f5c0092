import Foundation

/// One feedback, as the built-in `collectUserFeedback` step hands it to a
/// ``FeedbackSink`` (seed `000`: rating 1–5, a reason text, custom properties).
///
/// JSON form (``Codable``): `{"custom":{…},"flowID":"…","rating":4,"reason":"…",
/// "screenID":"…","submittedAt":"2024-05-01T12:00:00Z"}` — `reason` is left out when the
/// step has none; `custom` numbers keep their written digits when they are valid JSON
/// numbers (RFC 8259 §6) and become strings otherwise; `submittedAt` is ISO 8601 in UTC
/// with whole seconds.
public struct FeedbackSubmission: Sendable, Hashable, Codable {
    /// A whole number from 1 to 5.
    public var rating: Int
    public var reason: String?
    /// Extra properties; string leaves were rendered as templates.
    public var custom: [String: FlowValue]
    public var flowID: String
    /// The screen whose action submitted.
    public var screenID: String
    public var submittedAt: Date

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
}
