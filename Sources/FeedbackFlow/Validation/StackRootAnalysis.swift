/// Finds the `pop` steps that act on a screen which is always the root (bottom) of its
/// stack, where `pop` removes the whole stack just like `dismiss` (rule `pop-on-root`).
///
/// **Definition.** A screen *may be above a root* when some way of showing it puts it
/// on top of another screen of the same stack:
/// - it is the start screen and the flow's `presentation` is `push` (it is pushed on the
///   host's stack);
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
/// no navigation step before its last step (so nothing can have moved before the
/// failure), otherwise unknown. A warning is given only when the top is known to be a
/// root, so the rule never warns about a `pop` that might pop a pushed screen.
///
/// **`popTo` on a root (rule `pop-to-not-in-stack`).** When the top is known to be a
/// root screen R, the top stack is exactly `[R]` (R is at its bottom and on top), so
/// `popTo: X` with X ≠ R can only fail (`popTo` looks only in the top stack). This is
/// the case of a screen only ever presented (`present: R`), then `popTo` back to the
/// screen that presented it. A `popTo` whose top may be above a root is not judged: it
/// would need to know which screens can be below, which this analysis does not track.
///
/// Complexity: a fixed point over "may be above a root", which only grows, so at most
/// s + 1 passes over all steps for s screens: O(s · steps).
struct StackRootAnalysis {
    /// Where the top of the stack stands while an action runs.
    private enum Top: Equatable {
        /// The named screen, which is the root of its stack.
        case root(String)
        case aboveRoot
        case unknown
    }

    /// Ids of screens that may be shown above a root.
    private(set) var mayBeAboveRoot: Set<String> = []
    /// The `pop` steps whose top is known to be a root, with that root screen's id, in
    /// screen and step order.
    private(set) var popsOnRoot: [(screen: String, step: Step)] = []
    /// The `popTo: X` steps whose top is known to be a root R with X ≠ R (so X is never in
    /// the top stack), with R and X, in screen and step order.
    private(set) var popsToAbsent: [(screen: String, target: String, step: Step)] = []

    /// - Parameter reachable: the screens that can be shown; others are ignored.
    init(flow: Flow, reachable: Set<String>) {
        if flow.presentation == .push { mayBeAboveRoot.insert(flow.start) }
        // Positions rather than a filtered copy: copying a screen retains all its parts.
        let positions = flow.screens.indices.filter { reachable.contains(flow.screens[$0].id) }
        var previousCount = -1
        while previousCount != mayBeAboveRoot.count {
            previousCount = mayBeAboveRoot.count
            popsOnRoot = []
            popsToAbsent = []
            for position in positions { walk(flow.screens[position]) }
        }
    }

    private mutating func walk(_ screen: FeedbackConfiguration) {
        let own: Top = mayBeAboveRoot.contains(screen.id) ? .aboveRoot : .root(screen.id)
        if let action = screen.primaryAction.action { walk(action, onFailure: screen.primaryAction.onFailure, from: own) }
        if let button = screen.secondaryAction.button { walk(button.action, onFailure: button.onFailure, from: own) }
    }

    /// A button's action, then its `onFailure` from where the action may have failed.
    private mutating func walk(_ action: FlowAction, onFailure: FlowAction?, from own: Top) {
        walk(action, from: own)
        if let onFailure {
            let settled = !action.steps.dropLast().contains { Self.isNavigation($0.kind) }
            walk(onFailure, from: settled ? own : .unknown)
        }
    }

    private mutating func walk(_ action: FlowAction, from start: Top) {
        var top = start
        for step in action.steps {
            switch step.kind {
            case .push(let id):
                mayBeAboveRoot.insert(id)
                top = .aboveRoot
            case .present(let id):
                top = .root(id)
            case .replace(let id):
                if case .root = top {
                    top = .root(id)
                } else {
                    mayBeAboveRoot.insert(id)
                    top = .aboveRoot
                }
            case .pop:
                if case .root(let id) = top { popsOnRoot.append((id, step)) }
                top = .unknown
            case .popTo(let target):
                if case .root(let id) = top, id != target { popsToAbsent.append((id, target, step)) }
                top = .unknown
            case .popToRoot, .dismiss, .finish:
                top = .unknown
            case .openURL, .collectUserFeedback, .custom, .perform:
                break
            }
        }
    }

    private static func isNavigation(_ kind: Step.Kind) -> Bool {
        switch kind {
        case .push, .present, .replace, .pop, .popTo, .popToRoot, .dismiss, .finish: true
        case .openURL, .collectUserFeedback, .custom, .perform: false
        }
    }
}
