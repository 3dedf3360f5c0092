import FlowCompile

/// What a custom step hands its ``ActionHandler``.
public struct ActionInvocation: Sendable, Hashable {
    /// The step's name as written (`trackEvent` for `trackEvent: {...}`).
    public var name: String
    /// The step's argument with its string leaves rendered; `nil` for a bare name.
    ///
    /// A leaf that is exactly one `${…}` (a name or an expression, nothing around it)
    /// keeps its value's type: `"${rating}"` of a rating field arrives as
    /// ``FlowValue/number(_:)`` (`4`), a toggle's as ``FlowValue/bool(_:)``, a `null` as
    /// ``FlowValue/null``, a text as ``FlowValue/string(_:)``; so `validate` checks it
    /// against the type the handler declares for that argument. Any other string leaf
    /// (`"rated ${rating}"`) is rendered text. Numbers, booleans and nulls written in the
    /// file are passed as written.
    public var argument: FlowValue?
    /// The screen instance whose action runs the step.
    public var screen: ScreenInstance
    /// The flow's id.
    public var flowID: String
    /// Every field value of the flow at the time of the step, by field id.
    public var fields: [String: FieldValue]

    /// An invocation from its parts, as the navigator builds it for a custom step; build one
    /// yourself to test an ``ActionHandler`` without a navigator. `fields` defaults to none.
    public init(
        name: String, argument: FlowValue?, screen: ScreenInstance, flowID: String, fields: [String: FieldValue] = [:]
    ) {
        self.name = name
        self.argument = argument
        self.screen = screen
        self.flowID = flowID
        self.fields = fields
    }
}
