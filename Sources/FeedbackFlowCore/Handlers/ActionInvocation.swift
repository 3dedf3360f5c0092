import FlowCompile
import FlowSource

/// What a custom step hands its ``ActionHandler``.
public struct ActionInvocation: Sendable, Hashable {
    /// The step's name as written (`trackEvent` for `trackEvent: {...}`).
    public var name: String
    /// The step's argument with every string leaf rendered as a template (`${id}` → the
    /// field's value); `nil` for a bare name.
    public var argument: FlowValue?
    /// The screen instance whose action runs the step.
    public var screen: ScreenInstance
    /// The flow's id.
    public var flowID: String
    /// Every field value of the flow at the time of the step, by field id.
    public var fields: [String: FieldValue]

    package init(name: String, argument: FlowValue?, screen: ScreenInstance, flowID: String, fields: [String: FieldValue]) {
        self.name = name
        self.argument = argument
        self.screen = screen
        self.flowID = flowID
        self.fields = fields
    }
}
