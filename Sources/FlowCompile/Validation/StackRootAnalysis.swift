/// Finds the `pop` steps that act on a screen which is always the root (bottom) of its
/// stack, where `pop` removes the whole stack just like `dismiss` (rule `pop-on-root`).
///
/// **Definition.** A screen *may be above a root* when some way of showing it puts it
/// on top of another screen of the same stack:
/// - it is the start screen and the flow's `presentation` is `push` (it is pushed on the
///   host's stack), or it replaces such a screen (see "on the host" below);
/// - some `push: ID` step names it;
/// - some `replace: ID` step names it while the screen being replaced may be above a
///   root (replace keeps the position), or while that position is unknown.
/// A reachable screen that may not be above a root is *only ever a root*: every way it
/// is shown is `present: ID`, `replace: ID` of a root, or the start with
/// `presentation: present`. `popTo` only uncovers screens already shown, so it shows
/// no screen in a new position.
///
/// **Tracking the top within an action.** Steps run in order, so a `pop` acts on the
/// screen on top *at that step*: the action's own screen until a navigation step runs;
/// the pushed or presented screen after `push`/`present`; the replacement after
/// `replace` (same position); unknown after `pop`, `popTo`, `popToRoot`, `dismiss` or
/// `finish`. An `onFailure` action starts on its own screen when the failed action has
/// no navigation step before its last step and its last step is not an `if` that
/// navigates (so nothing can have moved before the failure), otherwise unknown. A warning is given only when the top is known to be a
/// root, so the rule never warns about a `pop` that might pop a pushed screen.
///
/// **On the host.** A screen is *on the host* when the screens below it, if any, are all
/// the host's: the start screen with `presentation: push`, and a screen that
/// `replace: ID` shows while the replaced screen is on the host. `pop` on it is fine (it
/// goes back to the host's screen). ``StackBelowAnalysis`` reads ``mayBeAboveRoot`` and
/// ``mayBeOnHost`` to say why a `popTo` always fails.
///
/// Complexity: a fixed point over "may be above a root" and "may be on the host", which
/// only grow, computed with a worklist: every reachable screen is walked once, and again
/// only when one of the two sets gains its id (which happens at most twice per id, since
/// a screen's own top is then decided by the larger set); each walk replaces what that
/// screen's previous walk found, so the warnings are those of every screen's final top,
/// listed in written order. So each step is visited a bounded number of times (at most
/// three): O(screens + steps), whatever order the screens are listed in. The sets, and so
/// the warnings, are the least fixed point, the same as repeating passes until nothing
/// changes would give.
struct StackRootAnalysis {
    /// Where the top of the stack stands while an action runs.
    private enum Top: Equatable {
        /// The named screen, which is the root of its stack.
        case root(String)
        /// The named screen, above only the host's screens (see "on the host").
        case onHost(String)
        /// A screen that may have a screen of the flow below it.
        case aboveRoot
        case unknown
        /// A `finish` ran: no later step of the action runs.
        case ended
    }

    /// Ids of screens that may be shown above a screen of the flow.
    private(set) var mayBeAboveRoot: Set<String> = []
    /// Ids of screens that may be shown on the host, above only the host's screens.
    private(set) var mayBeOnHost: Set<String> = []
    /// The `pop` steps whose top is known to be a root, with that root screen's id, in
    /// screen and step order.
    private(set) var popsOnRoot: [(screen: String, step: Step)] = []

    /// What the last walk of each screen found (its pops), by position among the
    /// reachable screens: a screen walked again replaces its own, so once nothing changes
    /// every screen's findings are those of its final top, with no extra pass.
    private var found: [[(screen: String, step: Step)]] = []
    /// The position of the screen being walked, in ``found``.
    private var current = 0
    /// Ids whose own top changed since their screen was last walked (``mayBeAboveRoot``
    /// or ``mayBeOnHost`` gained them), in the order they changed.
    private var changed: [String] = []

    /// - Parameter reachable: the screens that can be shown; others are ignored.
    init(flow: Flow, reachable: Set<String>) {
        if flow.presentation == .push { mayBeOnHost.insert(flow.start) }
        let screens = ScreenButtons.reachable(in: flow, reachable)
        let positionsByID = ScreenButtons.positions(of: screens)
        found = Array(repeating: [], count: screens.count)
        for position in screens.indices { walk(screens[position], at: position) }
        // A screen is walked again only when its own top changed.
        while let id = changed.popLast() {
            for position in positionsByID[id] ?? [] { walk(screens[position], at: position) }
        }
        for screen in found { popsOnRoot += screen }
        found = []
    }

    /// A screen's id and the actions of its buttons (with their `onFailure`), in order:
    /// what the stack analyses walk.
    struct ScreenButtons {
        let id: String
        let buttons: [(action: FlowAction, onFailure: FlowAction?)]

        /// Each screen of `flow` in `reachable`, in written order, its buttons taken once:
        /// walking a whole screen value would copy (retain) all its parts on every walk.
        static func reachable(in flow: Flow, _ reachable: Set<String>) -> [ScreenButtons] {
            var screens: [ScreenButtons] = []
            for position in flow.screens.indices where reachable.contains(flow.screens[position].id) {
                var buttons: [(action: FlowAction, onFailure: FlowAction?)] = []
                if let button = flow.screens[position].primaryAction.button { buttons.append((button.action, button.onFailure)) }
                if let button = flow.screens[position].secondaryAction.button { buttons.append((button.action, button.onFailure)) }
                screens.append(ScreenButtons(id: flow.screens[position].id, buttons: buttons))
            }
            return screens
        }

        /// Each id's positions in `screens`: which to walk again when an id's facts change.
        static func positions(of screens: [ScreenButtons]) -> [String: [Int]] {
            var positions: [String: [Int]] = [:]
            for position in screens.indices { positions[screens[position].id, default: []].append(position) }
            return positions
        }
    }

    /// Adds `id` to ``mayBeAboveRoot``; when that changes its own top, it is walked again.
    private mutating func markAboveRoot(_ id: String) {
        guard mayBeAboveRoot.insert(id).inserted else { return }
        changed.append(id)
    }

    /// Adds `id` to ``mayBeOnHost``; when that changes its own top (it was a root), it is
    /// walked again.
    private mutating func markOnHost(_ id: String) {
        guard mayBeOnHost.insert(id).inserted, !mayBeAboveRoot.contains(id) else { return }
        changed.append(id)
    }

    private mutating func walk(_ screen: ScreenButtons, at position: Int) {
        current = position
        found[position] = []
        let own: Top =
            mayBeAboveRoot.contains(screen.id)
            ? .aboveRoot : mayBeOnHost.contains(screen.id) ? .onHost(screen.id) : .root(screen.id)
        for button in screen.buttons { walk(button.action, onFailure: button.onFailure, from: own) }
    }

    /// A button's action, then its `onFailure` from where the action may have failed.
    private mutating func walk(_ action: FlowAction, onFailure: FlowAction?, from own: Top) {
        walk(action, from: own)
        if let onFailure {
            walk(onFailure, from: Self.onFailureStartsOnOwnScreen(action) ? own : .unknown)
        }
    }

    private mutating func walk(_ action: FlowAction, from start: Top) {
        _ = walk(action.steps, from: start)
    }

    /// The steps from `start`; returns the top after them. An `if` walks both branches
    /// from the top before it; after it the top is theirs when they agree, else unknown.
    /// No step after a `finish` runs, so none is walked (as ``NavigationGraph`` reads them).
    private mutating func walk(_ steps: [Step], from start: Top) -> Top {
        var top = start
        for step in steps where top != .ended {
            switch step.kind {
            case .navigate(.push(let id)):
                markAboveRoot(id)
                top = .aboveRoot
            case .navigate(.present(let id)):
                top = .root(id)
            case .navigate(.replace(let id)):
                switch top {
                case .root:
                    top = .root(id)
                case .onHost:
                    markOnHost(id)
                    top = .onHost(id)
                case .aboveRoot, .unknown, .ended:
                    markAboveRoot(id)
                    top = .aboveRoot
                }
            case .navigate(.pop):
                if case .root(let id) = top { found[current].append((id, step)) }
                top = .unknown
            case .navigate(.popTo):
                // Judged by ``StackBelowAnalysis``; which screen is on top after it is not
                // tracked here.
                top = .unknown
            case .branch(let branch):
                let then = walk(branch.then, from: top)
                let otherwise = walk(branch.otherwise, from: top)
                // A branch that finished leaves the other's top; both: nothing after runs.
                top = then == .ended ? otherwise : otherwise == .ended || then == otherwise ? then : .unknown
            case .finish:
                top = .ended
            default:
                // `popToRoot`, `dismiss`: where the top is after them is not known.
                if step.kind.leavesScreen { top = .unknown }
            }
        }
        return top
    }

    /// Whether the `onFailure` of `action` starts with the action's own screen on top: no
    /// step that can move the top runs before the step that failed. None comes before the
    /// last step, and the last step is not an `if` that navigates (a step inside it can
    /// fail after a navigation inside it).
    static func onFailureStartsOnOwnScreen(_ action: FlowAction) -> Bool {
        guard let last = action.steps.last else { return true }
        if action.steps.dropLast().contains(where: { isNavigation($0.kind) }) { return false }
        if case .branch = last.kind { return !isNavigation(last.kind) }
        return true
    }

    /// Whether a step (or a step inside an `if`) can move the top of the stack.
    static func isNavigation(_ kind: Step.Kind) -> Bool {
        if case .branch(let branch) = kind { return (branch.then + branch.otherwise).contains { isNavigation($0.kind) } }
        return kind.leavesScreen
    }
}
