/// Why a navigator call or a navigation step failed.
public enum NavigatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `push`, `present` or `replace` (or the flow's `start`) names no screen of the
    /// navigator's screen table.
    case unknownScreen(String)
    /// The navigation state refused the operation.
    case navigation(NavigationError)
    /// ``FlowNavigator/start()`` was called twice.
    case alreadyStarted
    /// The flow has ended; nothing changes any more.
    case flowEnded
    /// A configuration given to ``FlowNavigator/pushFeedback(configuration:)`` or
    /// ``FlowNavigator/presentFeedback(configuration:)`` defines field `field`, which
    /// another screen (or the same configuration) already defines differently (kind,
    /// label, placeholder, `required`, format, limits or initial value). Field values are
    /// shared by the whole flow, keyed by id, so one id has one definition.
    case conflictingField(field: String, screen: String)
    /// A host navigation (``FlowNavigator/navigate(_:)``, ``FlowNavigator/pushFeedback(configuration:)``,
    /// ``FlowNavigator/presentFeedback(configuration:)``) while an action runs: refused,
    /// nothing changed; try again when the action has ended. Calls made from inside the
    /// running action (its closures and handlers) are not refused.
    case busy

    public var description: String {
        switch self {
        case .unknownScreen(let id): "no screen '\(id)' in this flow"
        case .navigation(let error): error.description
        case .alreadyStarted: "the flow has already started"
        case .flowEnded: "the flow has ended"
        case .busy: "an action is running; try again when it has ended"
        case .conflictingField(let field, let screen):
            "screen '\(screen)': field '\(field)' is already defined differently by another screen; field ids are shared by the whole flow, so use another id or the same definition"
        }
    }
}
