/// One appearance of a screen on the navigation stack: which screen (its id in the
/// flow's screen table) and which appearance (``ScreenInstanceID``). The same screen
/// pushed twice gives two instances with different ids.
public struct ScreenInstance: Sendable, Hashable, CustomStringConvertible {
    /// The appearance: stable while the instance stays on the stacks, never reused; taps
    /// name it (``FlowNavigator/tap(_:on:)``).
    public let id: ScreenInstanceID
    /// The screen's id (a key of the flow's `screens`, or a configuration's `id`).
    public let screenID: String

    /// Instance `id` of the screen `screenID`, for snapshots and events of your own (a
    /// presenter's test, a preview); a navigator makes its own.
    public init(id: ScreenInstanceID, screenID: String) {
        self.id = id
        self.screenID = screenID
    }

    /// The screen id followed by the instance id, e.g. `thanks#3`.
    public var description: String { "\(screenID)\(id)" }
}
