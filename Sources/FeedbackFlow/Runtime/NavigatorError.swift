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

    public var description: String {
        switch self {
        case .unknownScreen(let id): "no screen '\(id)' in this flow"
        case .navigation(let error): error.description
        case .alreadyStarted: "the flow has already started"
        case .flowEnded: "the flow has ended"
        }
    }
}
