/// Finds the `popTo: X` steps that can fail because X is not always below the screen on
/// top when the step runs (rule `pop-to-not-in-stack`, beside ``StackRootAnalysis``'s
/// roots): `popTo` looks only for screens of the flow shown before the top in the top
/// stack, and fails when X is not there.
///
/// **What is below a screen.** For each screen T, of the screens that some `popTo` names
/// (the only ones that matter), the set *always below* T (in every way T is shown) and
/// the set *sometimes below* T (in some way):
/// - the start screen has none below it (with `presentation: push` only the host's);
/// - `push: T` while the top is X puts below T what is below X, and X;
/// - `present: T` puts nothing below T (a new stack);
/// - `replace: T` while the top is X puts below T what is below X;
/// - a `push` or `replace` while the top is unknown puts nothing *always* below T, and
///   anything *sometimes* below it.
/// `popTo` and `pop` show no screen in a new position, so they add no way.
///
/// **The top within an action** is tracked as ``StackRootAnalysis`` does: the action's
/// own screen, then the screen each `push`, `present` or `replace` shows, the target of a
/// `popTo`; unknown after `pop`, `popToRoot`, `dismiss`, `finish` and an `if` whose
/// branches end on different tops. `onFailure` starts on its own screen when no
/// navigation step comes before the failed action's last step, else unknown.
///
/// A `popTo: X` whose top T is X, or is known and has X always below, is fine (`popTo`
/// the screen on top does nothing); one whose X is never below T always fails; any other (X only sometimes below, or the top unknown)
/// may fail. Only reachable screens are walked.
///
/// Complexity: a greatest fixed point for "always" (sets only shrink) and a least one for
/// "sometimes" (sets only grow), over sets of the popTo targets only: a screen is walked
/// again only when its own sets change, at most 2·targets times, so O((screens + steps)
/// · targets). Nothing is computed for a flow without `popTo`.
struct StackBelowAnalysis {
    /// A `popTo` step that can fail, with the top at that step (`nil` when unknown) and
    /// whether it always fails.
    struct Finding {
        let screen: String
        let target: String
        let top: String?
        let always: Bool
        let step: Step
    }

    /// What is below a screen: of the popTo targets, those always below (`nil` while no
    /// way of showing the screen has been seen: every set, the top of the lattice) and
    /// those sometimes below.
    private struct Below: Equatable {
        var always: Set<String>?
        var sometimes: Set<String> = []
    }

    /// Where the top of the stack stands while an action runs.
    private enum Top: Equatable {
        case screen(String)
        case unknown
    }

    /// The popTo steps that can fail, in screen and step order.
    private(set) var findings: [Finding] = []

    private var below: [String: Below] = [:]
    private let targets: Set<String>
    private var changed: [String] = []
    /// The findings of each screen's last walk, by position among the walked screens.
    private var found: [[Finding]] = []
    private var current = 0

    /// - Parameter reachable: the screens that can be shown; others are ignored.
    init(flow: Flow, reachable: Set<String>, steps: [Step]) {
        var targets: Set<String> = []
        for step in steps { if case .navigate(.popTo(let target)) = step.kind { targets.insert(target) } }
        self.targets = targets
        guard !targets.isEmpty else { return }
        below[flow.start] = Below(always: [], sometimes: [])
        let screens = StackRootAnalysis.ScreenButtons.reachable(in: flow, reachable)
        var positionsByID: [String: [Int]] = [:]
        for position in screens.indices { positionsByID[screens[position].id, default: []].append(position) }
        found = Array(repeating: [], count: screens.count)
        for position in screens.indices { walk(screens[position], at: position) }
        while let id = changed.popLast() {
            for position in positionsByID[id] ?? [] { walk(screens[position], at: position) }
        }
        findings = found.flatMap { $0 }
    }

    /// Adds one way of showing `id` with `always` and `sometimes` below it; when its sets
    /// change, its screen is walked again.
    private mutating func show(_ id: String, always: Set<String>, sometimes: Set<String>) {
        var sets = below[id] ?? Below(always: nil, sometimes: [])
        let old = sets
        sets.always = sets.always.map { $0.intersection(always) } ?? always
        sets.sometimes.formUnion(sometimes)
        guard sets != old else { return }
        below[id] = sets
        changed.append(id)
    }

    private mutating func walk(_ screen: StackRootAnalysis.ScreenButtons, at position: Int) {
        current = position
        found[position] = []
        // A screen not shown yet in any way contributes nothing: its walk waits for one.
        guard below[screen.id]?.always != nil else { return }
        for button in screen.buttons {
            _ = walk(button.action.steps, from: .screen(screen.id), screen: screen.id)
            if let onFailure = button.onFailure {
                let settled = !button.action.steps.dropLast().contains { StackRootAnalysis.isNavigation($0.kind) }
                _ = walk(onFailure.steps, from: settled ? .screen(screen.id) : .unknown, screen: screen.id)
            }
        }
    }

    /// The sets below the top, and the top itself: what a `push` puts below.
    private func beneath(_ top: Top, including: Bool) -> (always: Set<String>, sometimes: Set<String>) {
        guard case .screen(let id) = top, let sets = below[id], let always = sets.always else { return ([], targets) }
        let own: Set<String> = including && targets.contains(id) ? [id] : []
        return (always.union(own), sets.sometimes.union(own))
    }

    private mutating func walk(_ steps: [Step], from start: Top, screen: String) -> Top {
        var top = start
        for step in steps {
            switch step.kind {
            case .navigate(.push(let id)):
                let (always, sometimes) = beneath(top, including: true)
                show(id, always: always, sometimes: sometimes)
                top = .screen(id)
            case .navigate(.present(let id)):
                show(id, always: [], sometimes: [])
                top = .screen(id)
            case .navigate(.replace(let id)):
                let (always, sometimes) = beneath(top, including: false)
                show(id, always: always, sometimes: sometimes)
                top = .screen(id)
            case .navigate(.popTo(let target)):
                // The top itself counts: `popTo` the screen on top does nothing.
                if case .screen(let id) = top, id == target {
                } else if case .screen(let id) = top, let sets = below[id], let always = sets.always {
                    if !always.contains(target) {
                        found[current].append(Finding(
                            screen: screen, target: target, top: id, always: !sets.sometimes.contains(target), step: step))
                    }
                } else {
                    found[current].append(Finding(screen: screen, target: target, top: nil, always: false, step: step))
                }
                top = .screen(target)
            case .branch(let branch):
                let then = walk(branch.then, from: top, screen: screen)
                let otherwise = walk(branch.otherwise, from: top, screen: screen)
                top = then == otherwise ? then : .unknown
            default:
                if step.kind.leavesScreen { top = .unknown }
            }
        }
        return top
    }
}
