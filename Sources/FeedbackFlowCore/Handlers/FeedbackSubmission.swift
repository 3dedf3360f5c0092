import FlowCompile
import FlowSource
import FlowSystem

/// One feedback, as the built-in `collectUserFeedback` step hands it to a
/// ``FeedbackSink``: a rating from 1 to 5, an optional reason text and custom properties,
/// with the flow, the screen and the time.
///
/// JSON form (``jsonText``, what ``JSONLinesFeedbackSink`` writes and `HTTPFeedbackSink`
/// posts): `{"custom":{…},"flowID":"…","id":"5f0c…","rating":4,"reason":"…","screenID":"…",
/// "submittedAt":"2024-05-01T12:00:00Z"}` — `reason` is left out when the step has none;
/// `custom` numbers are written exactly as in the flow, YAML-only forms rewritten to the
/// same JSON number without rounding (`0x1F` → `31`, `0o17` → `15`, `+1` → `1`, `007` →
/// `7`, `.5` → `0.5`, `1.` → `1.0`), and a number text that has no JSON number (`.inf`,
/// only possible from Swift) is written as a string; `submittedAt` is ISO 8601 in UTC
/// with whole seconds.
///
/// This is the one JSON form of a submission: ``jsonText`` writes it and
/// ``init(jsonText:)`` reads it back, numbers and all. (It is not `Codable`: Foundation's
/// coders would round `custom` numbers through `Decimal` or `Double`.)
public struct FeedbackSubmission: Sendable, Hashable {
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

    /// The submission as one line of JSON text (RFC 8259; no trailing newline), keys
    /// sorted, numbers of `custom` exactly as written (see the type's documentation).
    /// O(size of the text).
    public var jsonText: String {
        jsonValue.jsonText
    }

    /// Reads back the JSON form ``jsonText`` writes (keys in any order, white space
    /// allowed): `id`, `flowID`, `screenID` and `submittedAt` (ISO 8601) strings, a whole
    /// `rating`, an optional `reason` string and an optional `custom` object, whose numbers
    /// keep their text. `nil` when `jsonText` is longer than 1 MiB, is not strict JSON
    /// (RFC 8259), or is not of that shape (a rating outside 1...5 included). O(length).
    public init?(jsonText: String) {
        let bytes = Array(jsonText.utf8)
        guard bytes.count <= 1 << 20 else { return nil }
        let document = JSONLoader(source: SourceFile(path: "submission.json", bytes: bytes)).load()
        guard document.diagnostics.isEmpty, let root = document.root else { return nil }
        self.init(jsonNode: root)
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
