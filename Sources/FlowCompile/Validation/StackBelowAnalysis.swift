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
/// branches end on different tops. `onFailure` starts on its own screen when
/// ``StackRootAnalysis/onFailureStartsOnOwnScreen(_:)`` says so, else unknown.
///
/// A `popTo: X` whose top T is X, or is known and has X always below, is fine (`popTo`
/// the screen on top does nothing); one whose X is never below T always fails; any other (X only sometimes below, or the top unknown)
/// may fail. Only reachable screens are walked.
///
/// Complexity: a greatest fixed point for "always" (sets only shrink) and a least one for
/// "sometimes" (sets only grow), over bit sets of the popTo targets only: a screen is
/// walked again only when its own sets change, and each set operation costs
/// targets / 64 words. Nothing is computed for a flow without `popTo`; a flow whose
/// targets × screens pass ``maximumBits`` is not judged (each popTo may fail).
struct StackBelowAnalysis {
    /// A `popTo` step that can fail: the screen whose action holds it, its target, the
    /// top at that step (`nil` when unknown), whether it always fails, and whether it was
    /// judged at all (not when the flow is past ``maximumBits``).
    struct Finding {
        let screen: String
        let target: String
        let top: String?
        let always: Bool
        let step: Step
        var judged = true
        /// The other screens the top may be at that step (after an `if`), sorted.
        var otherTops: [String] = []
        /// Whether the target is never below ``top``.
        var neverBelowTop = false
    }

    /// A set of popTo targets, by their number: one bit each.
    private struct Targets: Equatable {
        var words: [UInt64]

        init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

        func contains(_ number: Int) -> Bool { words[number >> 6] & (1 << UInt64(number & 63)) != 0 }
        mutating func insert(_ number: Int) { words[number >> 6] |= 1 << UInt64(number & 63) }
        mutating func formIntersection(_ other: Targets) { for index in words.indices { words[index] &= other.words[index] } }
        mutating func formUnion(_ other: Targets) { for index in words.indices { words[index] |= other.words[index] } }
    }

    /// What is below a screen: the popTo targets always below (`nil` while no way of
    /// showing the screen has been seen: every target, the top of the lattice) and those
    /// sometimes below.
    private struct Below: Equatable {
        var always: Targets?
        var sometimes: Targets
    }

    /// Where the top of the stack stands while an action runs: one of a few screens (after
    /// an `if` whose branches end on different screens), or unknown.
    private enum Top: Equatable {
        case screens(Set<String>)
        case unknown
        /// A `finish` ran: no later step of the action runs.
        case ended

        static func screen(_ id: String) -> Top { .screens([id]) }

        /// The tops after an `if`: either branch's (a branch that finished adds none).
        func merged(with other: Top) -> Top {
            if self == .ended { return other }
            if other == .ended { return self }
            guard case .screens(let mine) = self, case .screens(let theirs) = other else { return .unknown }
            let both = mine.union(theirs)
            return both.count <= StackBelowAnalysis.maximumTops ? .screens(both) : .unknown
        }
    }

    /// The most screens the top is tracked as one of; past it, unknown.
    static let maximumTops = 16

    /// The most bits (popTo targets × reachable screens) the sets may take: past it (a
    /// flow of thousands of screens each popping to a different one) no popTo is judged
    /// safe, and each is reported as not judged (``Finding/top`` `nil`).
    static let maximumBits = 64 * 1_024 * 1_024

    /// The popTo steps that can fail, in screen and step order.
    private(set) var findings: [Finding] = []

    private var below: [String: Below] = [:]
    /// Each popTo target's number.
    private var numbers: [String: Int] = [:]
    private var empty: Targets
    private var all: Targets
    private var changed: [String] = []
    /// For each id, the positions of the screens whose walks read its sets as a top other
    /// than their own (after a `popTo` to it): walked again when those sets change.
    private var readers: [String: Set<Int>] = [:]
    /// The findings of each screen's last walk, by position among the walked screens.
    private var found: [[Finding]] = []
    private var current = 0

    /// - Parameter reachable: the screens that can be shown; others are ignored.
    init(flow: Flow, reachable: Set<String>, steps: [Step]) {
        for step in steps {
            if case .navigate(.popTo(let target)) = step.kind, numbers[target] == nil { numbers[target] = numbers.count }
        }
        empty = Targets(count: numbers.count)
        all = empty
        for number in 0..<numbers.count { all.insert(number) }
        guard !numbers.isEmpty else { return }
        let screens = StackRootAnalysis.ScreenButtons.reachable(in: flow, reachable)
        let bits = numbers.count.multipliedReportingOverflow(by: max(screens.count, 1))
        guard !bits.overflow, bits.partialValue <= Self.maximumBits else {
            // Too many to judge: every popTo of another screen than its own may fail.
            for screen in screens {
                for button in screen.buttons {
                    for step in button.action.allSteps + (button.onFailure?.allSteps ?? []) {
                        if case .navigate(.popTo(let target)) = step.kind {
                            findings.append(Finding(screen: screen.id, target: target, top: nil, always: false, step: step, judged: false))
                        }
                    }
                }
            }
            return
        }
        below[flow.start] = Below(always: empty, sometimes: empty)
        let positionsByID = StackRootAnalysis.ScreenButtons.positions(of: screens)
        found = Array(repeating: [], count: screens.count)
        for position in screens.indices { walk(screens[position], at: position) }
        while let id = changed.popLast() {
            for position in positionsByID[id] ?? [] { walk(screens[position], at: position) }
            for position in (readers[id] ?? []).sorted() where screens[position].id != id { walk(screens[position], at: position) }
        }
        findings = found.flatMap { $0 }
    }

    /// Adds one way of showing `id` with `always` and `sometimes` below it; when its sets
    /// change, its screen is walked again.
    private mutating func show(_ id: String, always: Targets, sometimes: Targets) {
        var sets = below[id] ?? Below(always: nil, sometimes: empty)
        let old = sets
        if sets.always == nil { sets.always = always } else { sets.always?.formIntersection(always) }
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
                let own = StackRootAnalysis.onFailureStartsOnOwnScreen(button.action)
                _ = walk(onFailure.steps, from: own ? .screen(screen.id) : .unknown, screen: screen.id)
            }
        }
    }

    /// The sets below the top, with the top itself when `including` (what a `push` puts
    /// below): for several possible tops, what is always below each and sometimes below
    /// any; every target sometimes and none always when the top is unknown.
    private func beneath(_ top: Top, including: Bool) -> (always: Targets, sometimes: Targets) {
        guard case .screens(let ids) = top, !ids.isEmpty else { return (empty, all) }
        var always: Targets?
        var sometimes = empty
        for id in ids {
            guard let sets = below[id], var mine = sets.always else { return (empty, all) }
            var theirs = sets.sometimes
            if including, let number = numbers[id] {
                mine.insert(number)
                theirs.insert(number)
            }
            if always == nil { always = mine } else { always?.formIntersection(mine) }
            sometimes.formUnion(theirs)
        }
        return (always ?? empty, sometimes)
    }

    /// A finding for `popTo: target` unless, on each screen the top may be, the target is
    /// that screen (`popTo` the screen on top does nothing) or always below it.
    private mutating func check(popTo target: String, step: Step, from top: Top, screen: String) {
        guard case .screens(let ids) = top, !ids.isEmpty, let number = numbers[target] else {
            found[current].append(Finding(screen: screen, target: target, top: nil, always: false, step: step))
            return
        }
        var failing: [(id: String, never: Bool)] = []
        for id in ids.sorted() where id != target {
            guard let sets = below[id], let always = sets.always else {
                found[current].append(Finding(screen: screen, target: target, top: nil, always: false, step: step))
                return
            }
            if !always.contains(number) { failing.append((id, !sets.sometimes.contains(number))) }
        }
        guard let first = failing.first else { return }
        // Always fails only when the target is never there, whichever the top is.
        let always = failing.count == ids.count && failing.allSatisfy(\.never)
        // The top named is one where the target is never below, when there is one.
        let named = failing.first(where: \.never) ?? first
        found[current].append(Finding(
            screen: screen, target: target, top: named.id, always: always, step: step,
            otherTops: ids.sorted().filter { $0 != named.id }, neverBelowTop: named.never))
    }

    private mutating func walk(_ steps: [Step], from start: Top, screen: String) -> Top {
        var top = start
        // No step after a `finish` runs, so none is walked (as ``NavigationGraph`` reads them).
        for step in steps where top != .ended {
            switch step.kind {
            case .navigate(.push(let id)):
                let (always, sometimes) = beneath(top, including: true)
                show(id, always: always, sometimes: sometimes)
                top = .screen(id)
            case .navigate(.present(let id)):
                show(id, always: empty, sometimes: empty)
                top = .screen(id)
            case .navigate(.replace(let id)):
                let (always, sometimes) = beneath(top, including: false)
                show(id, always: always, sometimes: sometimes)
                top = .screen(id)
            case .navigate(.popTo(let target)):
                check(popTo: target, step: step, from: top, screen: screen)
                // The target's sets are read from here on: this walk depends on them.
                readers[target, default: []].insert(current)
                top = .screen(target)
            case .branch(let branch):
                let then = walk(branch.then, from: top, screen: screen)
                let otherwise = walk(branch.otherwise, from: top, screen: screen)
                top = then.merged(with: otherwise)
            case .finish:
                top = .ended
            default:
                if step.kind.leavesScreen { top = .unknown }
            }
        }
        return top
    }
}
