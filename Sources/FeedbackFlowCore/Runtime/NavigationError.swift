import FlowSource

/// Why a ``NavigationOperation`` could not be applied. A failed operation leaves
/// the stacks unchanged.
public enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `pop`, `popTo`, `popToRoot`, `replace` or `dismiss` with no stack at all
    /// (nothing is shown). The associated value is the operation's name.
    case noStack(operation: String)
    /// `popTo: ID` when the top stack holds no instance of screen `ID`; `topStack` is the
    /// top stack's screen ids, bottom first (the description lists at most
    /// 5 of them, then how many more).
    case screenNotInTopStack(screenID: String, topStack: [String])

    public var description: String {
        switch self {
        case .noStack(let operation):
            "cannot \(operation): no screen is shown"
        case .screenNotInTopStack(let screenID, let topStack):
            "cannot popTo '\(screenID)': it is not in the top stack ["
                + NameList.joined(topStack, quoted: false) + "]"
        }
    }
}
