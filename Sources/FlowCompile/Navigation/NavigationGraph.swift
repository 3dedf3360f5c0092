/// A flow's screens and the ways between them, made once from its steps: every step of
/// every screen's actions (`onFailure` and the steps inside `if` branches included,
/// ``FlowAction/allSteps``), screen by screen. What the rules about the flow as a whole
/// read (unreachable screens, dead ends, cycles that cannot be left, the stack analyses),
/// and what `graph`, the storyboard and the strings a person can see read, so that
/// "reachable" and "a way out" mean one thing everywhere.
package struct NavigationGraph: Sendable {
    /// The id of the start screen.
    package let start: String
    /// Screen id → position in the flow's screens of its first screen.
    package let screenIndex: [String: Int]
    /// Every step, screen by screen in written order; those of screen `i` are
    /// `steps[stepRanges[i]]`.
    package let steps: [Step]
    /// Where each screen's steps are in ``steps``.
    package let stepRanges: [Range<Int>]
    /// The ids of the screens a chain of `push`, `present` and `replace` steps from the
    /// start shows, through steps that can run (none after a `finish`). `popTo` shows no
    /// screen that was not shown before.
    package let reachable: Set<String>

    /// The graph of `flow`. O(screens + steps).
    package init(flow: Flow) {
        start = flow.start
        screenIndex = flow.screenIndex()
        var steps: [Step] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(flow.screens.count)
        // Read in place: copying each screen would cost what the whole pass costs.
        for position in flow.screens.indices {
            let first = steps.count
            flow.screens[position].forEachAction { steps.append(contentsOf: $0.allSteps) }
            ranges.append(first..<steps.count)
        }
        self.steps = steps
        stepRanges = ranges
        // The screens each screen shows, through the steps that can run.
        var shows = [[String]](repeating: [], count: flow.screens.count)
        for position in flow.screens.indices {
            flow.screens[position].forEachAction { action in _ = Self.collectShown(action.steps, into: &shows[position]) }
        }
        var reached: Set<String> = [flow.start]
        var pending = [flow.start]
        while let id = pending.popLast() {
            guard let position = screenIndex[id] else { continue }
            for target in shows[position] where reached.insert(target).inserted { pending.append(target) }
        }
        reachable = reached
    }

    /// Whether a step of the screen at `position` leaves it: a navigation step or
    /// `finish` (``Step/Kind/leavesScreen``). A screen without one is a dead end.
    package func hasWayOut(_ position: Int) -> Bool {
        steps[stepRanges[position]].contains { $0.kind.leavesScreen }
    }

    /// The groups of screens, each a cycle, that every step keeps inside: linked by push,
    /// present and replace, none of their steps goes back (`pop`, `popTo`, `popToRoot`),
    /// dismisses, finishes or leads outside. Each group's positions ascending. Tarjan's
    /// strongly connected components, iteratively: O(screens + steps).
    package func inescapableCycles() -> [[Int]] {
        let count = stepRanges.count
        var targets = [[Int]](repeating: [], count: count)
        var exitsItself = [Bool](repeating: false, count: count)
        for position in 0..<count {
            for step in stepRanges[position] {
                if Self.exits(steps[step]) { exitsItself[position] = true }
                if let target = steps[step].target, let index = screenIndex[target] { targets[position].append(index) }
            }
        }
        // Tarjan's algorithm with an explicit stack of (node, next edge).
        var index = [Int](repeating: -1, count: count), low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = [], counter = 0
        var cycles: [[Int]] = []
        for root in 0..<count where index[root] < 0 {
            var work: [(node: Int, edge: Int)] = [(root, 0)]
            index[root] = counter; low[root] = counter; counter += 1
            stack.append(root); onStack[root] = true
            while let (node, edge) = work.last {
                if edge < targets[node].count {
                    work[work.count - 1].edge += 1
                    let next = targets[node][edge]
                    if index[next] < 0 {
                        index[next] = counter; low[next] = counter; counter += 1
                        stack.append(next); onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        low[node] = min(low[node], index[next])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
                guard low[node] == index[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                let members = Set(component)
                let isCycle = component.count > 1 || targets[component[0]].contains(component[0])
                if isCycle, !component.contains(where: { exitsItself[$0] }), component.allSatisfy({ targets[$0].allSatisfy(members.contains) }) {
                    cycles.append(component.sorted())
                }
            }
        }
        return cycles
    }

    /// Appends to `shown` the screens `steps` push, present or replace, through the steps
    /// that can run: none after a `finish`, or after an `if` both of whose branches
    /// finish. Returns whether the steps always finish. O(steps); as deep as `if`s nest.
    private static func collectShown(_ steps: [Step], into shown: inout [String]) -> Bool {
        for step in steps {
            if case .finish = step.kind { return true }
            if case .branch(let branch) = step.kind {
                let thenFinishes = collectShown(branch.then, into: &shown)
                if collectShown(branch.otherwise, into: &shown), thenFinishes { return true }
            }
            if let operation = step.operation, !operation.removesScreens, let target = operation.screenID { shown.append(target) }
        }
        return false
    }

    /// Whether `step` leaves the screens a cycle is made of by itself: it goes back
    /// (`pop`, `popTo`, `popToRoot`), closes the stack (`dismiss`) or ends the flow.
    private static func exits(_ step: Step) -> Bool {
        step.kind.leavesScreen && step.operation?.removesScreens != false
    }
}
