import FlowSystem

/// One fact a ``PresentationHistory`` keeps: a flow was presented, or the person
/// responded to it (submitted feedback through it), at a moment.
public struct PresentationRecord: Sendable, Hashable, Codable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The flow was presented.
        case presented
        /// The person responded to the flow (a `collectUserFeedback` step succeeded).
        case responded
    }

    /// The flow's id.
    public var flowID: String
    /// What happened.
    public var kind: Kind
    /// When it happened.
    public var date: Date

    /// A record that `flowID` was presented or responded to at `date`.
    public init(flowID: String, kind: Kind, date: Date) {
        self.flowID = flowID
        self.kind = kind
        self.date = date
    }

    enum CodingKeys: String, CodingKey {
        case flowID = "flow"
        case kind
        case date = "at"
    }
}
