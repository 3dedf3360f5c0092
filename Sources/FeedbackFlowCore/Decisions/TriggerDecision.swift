import FlowCompile
import FlowSource
import FlowSystem

/// What a trigger decided for an event: present the flow, or keep it hidden and say why.
public enum TriggerDecision: Sendable, Hashable, CustomStringConvertible {
    /// Every rule passed: the flow is (or would be) presented.
    case present
    /// The flow is not presented, for this reason.
    case suppressed(SuppressionReason)

    /// Whether the flow is presented.
    public var isPresented: Bool { self == .present }

    /// `presented`, or `not presented: REASON`.
    public var description: String {
        switch self {
        case .present: "presented"
        case .suppressed(let reason): "not presented: \(reason)"
        }
    }
}

/// Why a trigger kept its flow hidden. Each case carries what a person needs to see the
/// cause: the condition's false part with the values it saw, the validator's name, the
/// limit with its count and when it frees up.
public enum SuppressionReason: Sendable, Hashable, CustomStringConvertible {
    /// The flow has no `trigger`; a host shows it directly.
    case noTrigger
    /// The event is not the trigger's.
    case eventMismatch(expected: String, received: String)
    /// A value the flow declares (or the event's payload field, `event.NAME`) was given
    /// with a value of another type, or a required one is missing (`found` is `nil`).
    case contextMismatch(name: String, expected: ValueType, found: ExpressionValue?)
    /// The trigger's `when` was not true.
    case conditionFalse(FalseCondition)
    /// A limit of the trigger, or the host's quiet period, holds the flow back.
    case limitReached(LimitReached)
    /// The host validator answered false.
    case validatorRejected(String)
    /// The host validator is not registered, or it threw (the message says which).
    case validatorFailed(name: String, message: String)
    /// The presentation history could not be read or written, so limits cannot be
    /// checked; the flow is held back rather than shown too often.
    case historyFailed(String)
    /// The flow has already started or ended in this navigator.
    case alreadyStarted

    /// One line, e.g. `condition false: call.maxParticipants > 1: 1 > 1 is false`.
    public var description: String {
        switch self {
        case .noTrigger: "the flow has no trigger"
        case .eventMismatch(let expected, let received): "event '\(received)' is not the trigger's event '\(expected)'"
        case .contextMismatch(let name, let expected, let found):
            found.map { "'\(name)' is declared \(expected), got \($0.literal)" } ?? "'\(name)' is declared \(expected) but not given"
        case .conditionFalse(let condition): "condition false: \(condition)"
        case .limitReached(let limit): "limit reached: \(limit)"
        case .validatorRejected(let name): "validator '\(name)' answered false"
        case .validatorFailed(let name, let message): "validator '\(name)' failed: \(message)"
        case .historyFailed(let message): "the presentation history failed: \(message)"
        case .alreadyStarted: "the flow has already started"
        }
    }

    /// A stable name of the case for machine output: `eventMismatch`, `conditionFalse`, …
    public var code: String {
        switch self {
        case .noTrigger: "noTrigger"
        case .eventMismatch: "eventMismatch"
        case .contextMismatch: "contextMismatch"
        case .conditionFalse: "conditionFalse"
        case .limitReached: "limitReached"
        case .validatorRejected: "validatorRejected"
        case .validatorFailed: "validatorFailed"
        case .historyFailed: "historyFailed"
        case .alreadyStarted: "alreadyStarted"
        }
    }
}

/// Which limit holds a flow back, what it counted, and when it frees up.
public struct LimitReached: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of limits.
    public enum Kind: String, Sendable, Hashable {
        /// `maxPresentations` (within `per`, or ever).
        case maxPresentations
        /// `minInterval` since the last presentation.
        case minInterval
        /// `untilResponded`: the person responded.
        case untilResponded
        /// The host's quiet period after any flow was presented.
        case quietPeriod
    }

    /// Which limit.
    public var kind: Kind
    /// The presentations counted (for `maxPresentations`: within the window).
    public var count: Int
    /// The limit's setting: the most presentations for `maxPresentations` (and 1 for
    /// `untilResponded`), or in whole seconds the least time between presentations for
    /// `minInterval` and `quietPeriod` (``duration``).
    public var limit: Int
    /// The sliding window `maxPresentations` counts in (`per`), in whole seconds; `nil`
    /// for ever. Set in whole seconds, a started second counting as one.
    public var window: Duration? {
        get { periodSeconds.map { .seconds($0) } }
        set { periodSeconds = newValue.map(\.wholeSeconds) }
    }
    /// ``window`` in whole seconds, as stored.
    package var periodSeconds: Int?
    /// The presentation (or response) the limit runs from.
    public var since: Date?
    /// When the flow may be presented again; `nil` for never (`untilResponded`, or
    /// `maxPresentations` without a period).
    public var freesUpAt: Date?
    /// For the quiet period, the flow that was presented last.
    public var otherFlow: String?

    /// ``limit`` as a duration for the limits that are one — `minInterval` and
    /// `quietPeriod`: the least time between presentations — and `nil` for the others,
    /// whose ``limit`` is a count.
    public var duration: Duration? {
        switch kind {
        case .minInterval, .quietPeriod: .seconds(limit)
        case .maxPresentations, .untilResponded: nil
        }
    }

    /// A limit that holds a flow back; `window` (`maxPresentations`' `per`) is kept in
    /// whole seconds, a started second counting as one.
    public init(
        kind: Kind, count: Int, limit: Int, window: Duration? = nil, since: Date? = nil, freesUpAt: Date?,
        otherFlow: String? = nil
    ) {
        self.kind = kind
        self.count = count
        self.limit = limit
        self.periodSeconds = window.map(\.wholeSeconds)
        self.since = since
        self.freesUpAt = freesUpAt
        self.otherFlow = otherFlow
    }

    /// E.g. `maxPresentations: presented 3 times in the last 365d (at most 3); frees up at 2027-12-01T10:00:00Z`.
    public var description: String {
        let frees = freesUpAt.map { "; frees up at \($0.formatted(.iso8601))" } ?? "; never again"
        let at = since.map { $0.formatted(.iso8601) } ?? "?"
        switch kind {
        case .maxPresentations:
            let window = periodSeconds.map { "in the last \(DurationText.text($0))" } ?? "in all"
            return "maxPresentations: presented \(count) time\(count == 1 ? "" : "s") \(window) (at most \(limit))\(frees)"
        case .minInterval:
            return "minInterval: last presented at \(at), less than \(DurationText.text(limit)) ago\(frees)"
        case .untilResponded:
            return "untilResponded: the person responded at \(at)\(frees)"
        case .quietPeriod:
            let other = otherFlow.map { "'\($0)'" } ?? "a flow"
            return "quiet period: \(other) was presented at \(at), less than \(DurationText.text(limit)) ago\(frees)"
        }
    }

    // MARK: - Seconds (deprecated)

    /// ``window`` in seconds.
    @available(*, deprecated, message: "use window, a Duration")
    public var period: Int? {
        get { periodSeconds }
        set { periodSeconds = newValue }
    }

    /// A limit that holds a flow back, its window (`period`) in seconds.
    @_disfavoredOverload
    @available(*, deprecated, message: "give the window as a Duration: LimitReached(kind:count:limit:window:since:freesUpAt:otherFlow:)")
    public init(
        kind: Kind, count: Int, limit: Int, period: Int? = nil, since: Date? = nil, freesUpAt: Date?,
        otherFlow: String? = nil
    ) {
        self.init(kind: kind, count: count, limit: limit, since: since, freesUpAt: freesUpAt, otherFlow: otherFlow)
        self.periodSeconds = period
    }
}
