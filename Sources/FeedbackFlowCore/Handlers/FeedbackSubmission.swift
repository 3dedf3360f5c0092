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
/// JSON form (`jsonText`, what ``JSONLinesFeedbackSink`` writes and `HTTPFeedbackSink`
/// posts): `{"custom":{…},"flowID":"…","id":"5f0c…","rating":4,"reason":"…","screenID":"…",
/// "submittedAt":"2024-05-01T12:00:00Z"}` — `reason` is left out when the step has none;
/// `custom` numbers are written exactly as in the flow, YAML-only forms rewritten to the
/// same JSON number without rounding (`0x1F` → `31`, `0o17` → `15`, `+1` → `1`, `007` →
/// `7`, `.5` → `0.5`, `1.` → `1.0`), and a number text that has no JSON number (`.inf`,
/// only possible from Swift) is written as a string; `submittedAt` is ISO 8601 in UTC
/// with whole seconds.
///
/// The `Codable` conformance gives the same shape through Foundation, but there numbers
/// go through `Decimal` (`12.50` → `12.5`, about 38 significant digits kept); use
/// `jsonText` where the digits matter.
public struct FeedbackSubmission: Sendable, Hashable, Codable {
    /// The submission's idempotency key: made once, when the `collectUserFeedback` step
    /// builds the submission (a random UUID, RFC 9562 §5.4, in lower-case hex,
    /// ``newID()``), and kept by every retry of this value, so a receiver that sees it twice
    /// knows it is the same feedback (``OutboxFeedbackSink`` retries with it;
    /// `HTTPFeedbackSink`, module `FeedbackFlowHTTP`, sends it as `Idempotency-Key`). A new tap of
    /// the button builds a new submission with a new id.
    public var id: String
    /// A whole number from 1 to 5.
    public var rating: Int
    /// The `reason`: the step's, rendered, or the one given to
    /// ``RunningAction/collectUserFeedback(rating:reason:custom:)`` as is; `nil` when there
    /// is none (the key is then left out of the JSON line).
    public var reason: String?
    /// Extra properties: the step's, with string leaves rendered as templates, or the ones
    /// given from Swift as they are.
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
    /// `id` is a fresh ``newID()`` unless given; pass the same id to stand for the same
    /// feedback.
    public init(
        id: String = FeedbackSubmission.newID(), rating: Int, reason: String?, custom: [String: FlowValue], flowID: String,
        screenID: String, submittedAt: Date
    ) {
        self.id = id
        self.rating = rating
        self.reason = reason
        self.custom = custom
        self.flowID = flowID
        self.screenID = screenID
        self.submittedAt = submittedAt
    }

    /// A new idempotency key: a random (version 4) UUID, RFC 9562 §5.4, written in the
    /// lower case RFC 9562 §4 asks for, e.g. `5f0c2a9e-3b1d-4c6e-9a8f-2d7e4b1c0a93`.
    public static func newID() -> String {
        UUID().uuidString.lowercased()
    }

    private enum CodingKeys: String, CodingKey {
        case id, rating, reason, custom, flowID, screenID, submittedAt
    }

    /// Decodes the JSON form. `id` is required: a submission read without one could not be
    /// told apart from a second copy of itself.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
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
        try container.encode(id, forKey: .id)
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
        JSONTextWriter.text(of: jsonValue)
    }

    /// The JSON form as a value (an object), what ``jsonText`` writes and an outbox record
    /// embeds. O(size of `custom`).
    package var jsonValue: FlowValue {
        var object: [String: FlowValue] = [
            "custom": .object(custom),
            "flowID": .string(flowID),
            "id": .string(id),
            "rating": .number(String(rating)),
            "screenID": .string(screenID),
            "submittedAt": .string(submittedAt.formatted(.iso8601)),
        ]
        if let reason { object["reason"] = .string(reason) }
        return .object(object)
    }
}
