import FlowCompile

/// The whole running flow at one moment, as a view draws it: the stacks, a drawn
/// ``ScreenSnapshot`` of every instance on them, every field value, whether an action runs
/// and how the flow ended. A value: reading it never waits for the navigator.
///
/// ``FlowNavigator/flowSnapshot()`` makes one; ``FeedbackNavigator`` keeps the latest
/// (``FeedbackNavigator/current``) and ``FlowModel`` splits it into observable parts.
public struct FlowSnapshot: Sendable, Hashable {
    /// The flow's id (`flow.id` in templates).
    public var flowID: String
    /// The stacks, bottom first; in each the root first and the screen on top last (as
    /// ``FlowNavigator/stacks``). Empty before the flow starts and once no stack is left.
    public var stacks: [[ScreenInstance]]
    /// Every instance on ``stacks``, drawn, by instance id.
    public var screens: [ScreenInstanceID: ScreenSnapshot]
    /// Every field value of the flow, by field id (values live for the whole flow).
    public var fieldValues: [FieldID: FieldValue]
    /// Whether an action is running (its screen is busy; taps are ignored).
    public var isBusy: Bool
    /// Whether the flow has started (``FlowNavigator/start()``, or a trigger presented it).
    public var hasStarted: Bool
    /// How the flow ended; `nil` while it runs or before it starts.
    public var outcome: FlowOutcome?
    /// How many changes the navigator had applied when it made the snapshot: of two
    /// snapshots of one navigator, the one with the higher revision is the newer.
    @IgnoredInEquality package var revision: UInt64 = 0

    /// A snapshot from its parts; every part defaults to nothing shown, no value, not busy,
    /// not started (the snapshot of a navigator before ``FlowNavigator/start()``), so a
    /// view's preview or test can build one without a navigator.
    public init(
        flowID: String, stacks: [[ScreenInstance]] = [], screens: [ScreenInstanceID: ScreenSnapshot] = [:],
        fieldValues: [FieldID: FieldValue] = [:], isBusy: Bool = false, hasStarted: Bool = false, outcome: FlowOutcome? = nil
    ) {
        self.flowID = flowID
        self.stacks = stacks
        self.screens = screens
        self.fieldValues = fieldValues
        self.isBusy = isBusy
        self.hasStarted = hasStarted
        self.outcome = outcome
    }

    /// A snapshot from its parts, as ``FlowNavigator/flowSnapshot()`` makes it.
    package init(
        flowID: String, stacks: [[ScreenInstance]], screens: [ScreenInstanceID: ScreenSnapshot],
        fieldValues: [FieldID: FieldValue], isBusy: Bool, hasStarted: Bool, outcome: FlowOutcome?, revision: UInt64
    ) {
        self.init(
            flowID: flowID, stacks: stacks, screens: screens, fieldValues: fieldValues, isBusy: isBusy,
            hasStarted: hasStarted, outcome: outcome)
        self.revision = revision
    }

    /// The screen on top (the last screen of the last stack), drawn; `nil` when nothing is
    /// shown.
    public var top: ScreenSnapshot? {
        stacks.last?.last.flatMap { screens[$0.id] }
    }

    /// Whether the flow has ended.
    public var hasEnded: Bool { outcome != nil }

    /// The value of field `id`; `nil` when no screen of the flow defines it.
    public func value(of id: FieldID) -> FieldValue? {
        fieldValues[id]
    }

    /// The stars of rating field `id`; `nil` when it is not yet rated or is not a rating.
    public func rating(_ id: FieldID) -> Int? {
        fieldValues[id]?.ratingValue
    }

    /// The text of text field or editor `id`; `nil` when it is not a text field.
    public func text(_ id: FieldID) -> String? {
        fieldValues[id]?.textValue
    }

    /// Whether toggle `id` is on; `nil` when it is not a toggle.
    public func isOn(_ id: FieldID) -> Bool? {
        fieldValues[id]?.isOn
    }
}
