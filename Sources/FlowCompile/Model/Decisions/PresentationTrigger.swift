import FlowSource

/// When a flow is shown: `trigger: {event, when, validator, limit}`. A host reports
/// events to the navigator; the flow is presented only when the event is ``event``, the
/// condition ``when`` is true, the host validator agrees and no ``limit`` is reached.
/// Every decision that keeps the flow hidden says why (``TriggerDecision``).
public struct PresentationTrigger: Sendable, Hashable {
    /// The event that may show the flow; one of the flow's declared events.
    public var event: String
    /// A condition over the context, the event's payload (`event.NAME`) and flow variables;
    /// `nil` is always true.
    public var when: FlowExpression?
    /// The name of a host validator (a handler that answers true or false) asked last,
    /// after every other rule passed; `nil` asks none.
    public var validator: String?
    /// How often the flow may be shown.
    public var limit: PresentationLimit
    /// Where the parts are written, for diagnostics.
    @IgnoredInEquality package var spans: Spans

    /// Where a trigger's parts are written.
    package struct Spans: Sendable, Hashable {
        package var trigger: SourceSpan?
        package var event: SourceSpan?
        package var validator: SourceSpan?

        package init(trigger: SourceSpan? = nil, event: SourceSpan? = nil, validator: SourceSpan? = nil) {
            self.trigger = trigger
            self.event = event
            self.validator = validator
        }
    }

    /// A trigger on `event`, with an optional condition and validator and a limit (default
    /// none).
    public init(event: String, when: FlowExpression? = nil, validator: String? = nil, limit: PresentationLimit = PresentationLimit()) {
        self.init(event: event, when: when, validator: validator, limit: limit, spans: Spans())
    }

    package init(event: String, when: FlowExpression?, validator: String?, limit: PresentationLimit, spans: Spans) {
        self.event = event
        self.when = when
        self.validator = validator
        self.limit = limit
        self.spans = spans
    }
}

/// How often a flow may be presented: `limit: {maxPresentations: 3, per: 365d,
/// minInterval: 7d, untilResponded: true}`. Every part is optional; an empty limit allows
/// every presentation. Durations count in whole seconds, as a history's dates do.
public struct PresentationLimit: Sendable, Hashable {
    /// At most this many presentations within ``window`` (or ever, when ``window`` is
    /// `nil`). The App Store allows a review prompt at most 3 times in 365 days.
    public var maxPresentations: Int?
    /// The sliding window ``maxPresentations`` counts in (`per: 365d`), in whole seconds.
    public var window: Duration? {
        get { periodSeconds.map { .seconds($0) } }
        set { periodSeconds = newValue.map(\.wholeSeconds) }
    }
    /// The least time between two presentations (`minInterval: 7d`), in whole seconds.
    public var minimumSpacing: Duration? {
        get { minimumIntervalSeconds.map { .seconds($0) } }
        set { minimumIntervalSeconds = newValue.map(\.wholeSeconds) }
    }
    /// ``window`` in seconds.
    @available(*, deprecated, message: "use window, a Duration")
    public var period: Int? {
        get { periodSeconds }
        set { periodSeconds = newValue }
    }
    /// ``minimumSpacing`` in seconds.
    @available(*, deprecated, message: "use minimumSpacing, a Duration")
    public var minimumInterval: Int? {
        get { minimumIntervalSeconds }
        set { minimumIntervalSeconds = newValue }
    }
    /// The sliding window in seconds, as stored; ``window`` is the `Duration`.
    package var periodSeconds: Int?
    /// The least time between two presentations in seconds, as stored; ``minimumSpacing``
    /// is the `Duration`.
    package var minimumIntervalSeconds: Int?
    /// Whether the flow stops being shown once the person responded to it (submitted
    /// feedback through it).
    public var untilResponded: Bool

    /// A limit from its parts; every part defaults to none: `PresentationLimit(
    /// maxPresentations: 3, per: .seconds(365 * 86_400), minimumSpacing: .seconds(7 * 86_400))`.
    public init(maxPresentations: Int? = nil, per window: Duration? = nil, minimumSpacing: Duration? = nil, untilResponded: Bool = false) {
        self.maxPresentations = maxPresentations
        self.periodSeconds = window.map(\.wholeSeconds)
        self.minimumIntervalSeconds = minimumSpacing.map(\.wholeSeconds)
        self.untilResponded = untilResponded
    }

    /// A limit whose durations are given in seconds.
    @_disfavoredOverload
    @available(*, deprecated, message: "give durations as Duration: PresentationLimit(maxPresentations:per:minimumSpacing:untilResponded:)")
    public init(maxPresentations: Int? = nil, period: Int? = nil, minimumInterval: Int? = nil, untilResponded: Bool = false) {
        self.maxPresentations = maxPresentations
        self.periodSeconds = period
        self.minimumIntervalSeconds = minimumInterval
        self.untilResponded = untilResponded
    }
}
