/// The closed set of changes to the navigation stacks: what a navigation step runs and
/// what the runtime's navigation state accepts. Each case names screens by their screen
/// id; the state mints a fresh screen-instance id for any screen that enters.
public enum NavigationOperation: Sendable, Hashable, CustomStringConvertible {
    /// Push the screen on the top stack (with no stack: present a new one).
    case push(String)
    /// Present the screen modally: a new stack on top.
    case present(String)
    /// Replace the top screen of the top stack (an error with no stack).
    case replace(String)
    /// Remove the top screen; a stack left empty is removed (as ``dismiss``).
    case pop
    /// Pop down to the nearest instance of the screen in the top stack (an error if the
    /// top stack does not hold it).
    case popTo(String)
    /// Keep only the first screen of the top stack (a no-op on a root).
    case popToRoot
    /// Remove the whole top stack (an error with no stack).
    case dismiss

    /// The operation's name as written in flow files: `push`, `present`, `replace`,
    /// `pop`, `popTo`, `popToRoot`, `dismiss`.
    package var name: String {
        switch self {
        case .push: "push"
        case .present: "present"
        case .replace: "replace"
        case .pop: "pop"
        case .popTo: "popTo"
        case .popToRoot: "popToRoot"
        case .dismiss: "dismiss"
        }
    }

    /// Whether the operation only takes screens away (`pop`, `popTo`, `popToRoot`,
    /// `dismiss`), bringing none in.
    package var removesScreens: Bool {
        switch self {
        case .pop, .popTo, .popToRoot, .dismiss: true
        case .push, .present, .replace: false
        }
    }

    /// The screen id the operation names, for `push`, `present`, `replace`, `popTo`.
    package var screenID: String? {
        switch self {
        case .push(let id), .present(let id), .replace(let id), .popTo(let id): id
        case .pop, .popToRoot, .dismiss: nil
        }
    }

    /// `name: ID`, or the bare name for operations without a screen.
    public var description: String {
        screenID.map { "\(name): \($0)" } ?? name
    }
}
