import FeedbackFlowCore
import FlowCompile

/// Where each screen of a storyboard sits and where each of its buttons leads, read from
/// the flow's ``FlowGraph`` (so the storyboard and `graph` never disagree).
///
/// - Routes: for each button, every way its steps can go: the `if` conditions on the way
///   (`rating <= 2`, `not (rating <= 2)` for an `else`), what the steps do before
///   (`collectUserFeedback`, `openURL …`), and where it ends: a screen, an exit (`dismiss`,
///   `finish: sorry`), or the same screen. A button's `onFailure` routes are marked.
/// - Each route's conditions are read together against the values the names they read can
///   take (``ExpressionDomainAnalysis/route(_:domains:)``, the analysis `validate` applies
///   to conditions): a route no values can take is not listed, and its label drops the
///   conditions the others imply (`not (rating <= 2) and rating == 3` reads `rating = 3`).
/// - Layout: columns by the number of steps from the start (a breadth-first walk of the
///   routes), screens no route reaches in a last column; within a column, the order of
///   the file. So a storyboard reads left to right like the flow, and the same flow is
///   laid out the same way.
package struct StoryboardMap {
    /// Where a route ends.
    package enum Target: Hashable {
        /// A screen: its graph node (the scene's anchor) and its id.
        case screen(node: String, id: String)
        /// An exit node's label: `pop`, `popToRoot`, `dismiss`, `finish: OUTCOME`.
        case exit(String)
        /// The action stays on its screen.
        case stay
    }

    /// One way a button's steps can go.
    package struct Route: Hashable {
        /// The button's title as written (`TITLE: onFailure` for its `onFailure` steps).
        var title: String
        /// The conditions that hold on the way, in order.
        var conditions: [String]
        /// What the steps do on the way, in order.
        var effects: [String]
        /// For each condition, how many of ``effects`` come before it.
        var effectsBefore: [Int] = []
        var target: Target
        /// How the last step gets there (push, present, an exit…).
        var kind: FlowGraph.EdgeKind
        var isOnFailure: Bool
        /// Whether an edge on the way is one no scenario took (``FlowGraph/Edge/isUntested``).
        var isUntested = false
        /// The conditions as an arrow's label says them (``read(_:domains:)``); `nil`
        /// when the route holds for every value.
        var summary: String?
        /// When the conditions come down to some values of one name and nothing else: those
        /// values (so routes of one button to the same screen can be said together).
        var taking: NameValues?
    }

    /// The most routes listed for one button; past it, the list says how many were left out.
    package static let routeLimit = 64

    package let graph: FlowGraph
    /// Screen node → its screen id.
    private(set) var screenIDs: [String: String] = [:]
    /// A button's routes (at most ``routeLimit``), and how many more paths through its
    /// `if`s were left out unwalked: with `leftOutMayNotRun`, some of them may be ruled out
    /// by the values its conditions read (so "up to" that many).
    package struct Button {
        var routes: [Route]
        var leftOut: Int
        var leftOutMayNotRun: Bool
    }

    /// Screen node → button → its routes.
    private(set) var routes: [String: [ActionSlot: Button]] = [:]
    /// The screen nodes of each column, left to right.
    private(set) var columns: [[String]] = []
    /// Screen node → (column, row).
    private(set) var positions: [String: (column: Int, row: Int)] = [:]
    /// The nodes by id.
    private(set) var nodes: [String: FlowGraph.Node] = [:]

    /// The map of `graph`; `domains` are the values of the names the flow's conditions
    /// read (``FlowValidator/expressionEnvironment(of:options:)``). O(nodes + edges + routes
    /// × the analysis of their conditions).
    package init(graph: FlowGraph, domains: [String: [ExpressionValue]] = [:]) {
        self.graph = graph
        var outgoing: [String: [FlowGraph.Edge]] = [:]
        for edge in graph.edges { outgoing[edge.from, default: []].append(edge) }
        for node in graph.nodes {
            nodes[node.id] = node
            if case .screen = node.kind { screenIDs[node.id] = node.lines.first ?? node.id }
        }

        // How many routes go on from each choice node (for a button's own slot and kind
        // of action): what a list cut at ``routeLimit`` says it left out. Memoized, so n
        // `if`s in a row (2^n routes) cost O(edges), saturating instead of overflowing.
        var counts: [String: Int] = [:]
        func routeCount(from choice: String, slot: ActionSlot?, isOnFailure: Bool) -> Int {
            let key = "\(choice) \(slot?.rawValue ?? "") \(isOnFailure)"
            if let known = counts[key] { return known }
            var total = 0
            for next in outgoing[choice, default: []] where next.slot == slot && next.isOnFailure == isOnFailure {
                let more = nodes[next.to]?.kind == .choice ? routeCount(from: next.to, slot: slot, isOnFailure: isOnFailure) : 1
                total = total.addingReportingOverflow(more).overflow ? Int.max : total + more
            }
            counts[key] = total
            return total
        }

        for node in graph.nodes where screenIDs[node.id] != nil {
            var buttons: [ActionSlot: Button] = [:]
            for slot in [ActionSlot.primary, .secondary] {
                // The button's conditions, each parsed once, and the combinations of the
                // values their names take for which each holds.
                var choices: [String] = []
                var pending = outgoing[node.id, default: []].filter { $0.slot == slot }.map(\.to)
                var seen: Set<String> = []
                while let next = pending.popLast() {
                    guard nodes[next]?.kind == .choice, seen.insert(next).inserted else { continue }
                    choices.append(next)
                    pending += outgoing[next, default: []].filter { $0.slot == slot }.map(\.to)
                }
                choices.sort()
                var trees: [String: ExpressionTree] = [:]
                var names: [String] = []
                for choice in choices {
                    guard let tree = try? FlowExpression(nodes[choice]?.lines.first ?? "").parsed.get() else { continue }
                    trees[choice] = tree
                    for part in tree.nodes { if case .name(let name) = part.kind { names.append(name) } }
                }
                let space = CombinationSpace(names: names, domains: domains)
                var holds: [String: CombinationSet] = [:]
                for (choice, tree) in trees { holds[choice] = space.holds(tree) }
                let analysed = !holds.isEmpty

                var found: [Route] = []
                var leftOut = 0
                /// `taken`: the conditions so far; `alive`: the combinations that satisfy those
                /// of the current run (conditions with no waiting step between them);
                /// `waits`: how many waiting steps came before the run began.
                func walk(_ edge: FlowGraph.Edge, title: String, taken: [Condition], alive: CombinationSet, waits: Int, untested: Bool = false) {
                    let untested = untested || edge.isUntested
                    let effects = Array(edge.lines.dropFirst())
                    guard let target = nodes[edge.to] else { return }
                    if found.count >= Self.routeLimit {
                        let more = target.kind == .choice ? routeCount(from: target.id, slot: slot, isOnFailure: edge.isOnFailure) : 1
                        leftOut = leftOut.addingReportingOverflow(more).overflow ? Int.max : leftOut + more
                        return
                    }
                    func add(_ target: Target) {
                        var route = Route(
                            title: title, conditions: taken.map(\.text), effects: effects, target: target, kind: edge.kind,
                            isOnFailure: edge.isOnFailure)
                        route.isUntested = untested
                        route.effectsBefore = taken.map(\.after)
                        (route.summary, route.taking) = Self.summary(of: taken, space: space)
                        found.append(route)
                    }
                    switch target.kind {
                    case .choice:
                        let condition = target.lines.first ?? ""
                        // A step that waits (for the host, a handler, a `set`) between two
                        // conditions may change what they read: a new run starts.
                        let waited = effects.filter { !$0.hasPrefix("after ") }.count
                        let (run, start) = waited > waits ? ((taken.last?.run ?? -1) + 1, space.all) : (taken.last?.run ?? 0, alive)
                        for next in outgoing[target.id, default: []] where next.slot == slot && next.isOnFailure == edge.isOnFailure {
                            var next = next
                            next.lines = [next.lines.first ?? ""] + effects + next.lines.dropFirst()
                            let then = next.lines.first == "then"
                            let set = holds[target.id].map { then ? $0 : $0.complement }
                            let remaining = set.map { start.intersection($0) } ?? start
                            // A branch no values can reach here is not followed: every route
                            // through it could never be taken.
                            if remaining.isEmpty { continue }
                            let text = then ? condition : Self.negated(condition)
                            let read = Set((trees[target.id]?.nodes ?? []).compactMap { node -> String? in
                                if case .name(let name) = node.kind { name } else { nil }
                            })
                            walk(
                                next, title: title,
                                taken: taken + [Condition(text: text, holds: set, run: run, names: read, after: effects.count)],
                                alive: remaining, waits: max(waits, waited), untested: untested)
                        }
                    case .screen where edge.kind == .stay: add(.stay)
                    case .screen: add(.screen(node: target.id, id: screenIDs[target.id] ?? target.id))
                    case .exit: add(.exit(target.lines.first ?? ""))
                    case .entry: return
                    }
                }
                for edge in outgoing[node.id, default: []] where edge.slot == slot {
                    walk(edge, title: edge.lines.first ?? slot.rawValue, taken: [], alive: space.all, waits: 0)
                }
                if !found.isEmpty || leftOut > 0 { buttons[slot] = Button(routes: found, leftOut: leftOut, leftOutMayNotRun: analysed) }
            }
            routes[node.id] = buttons
        }

        // The screens each screen's buttons can lead to, every route counted (not only the
        // listed ones): a walk through the choice nodes, each node once. O(edges).
        var leadsTo: [String: [String]] = [:]
        for node in graph.nodes where screenIDs[node.id] != nil {
            var seen: Set<String> = [node.id]
            var pending = [node.id]
            var screens: [String] = []
            while let current = pending.popLast() {
                for edge in outgoing[current, default: []] where edge.slot != nil && seen.insert(edge.to).inserted {
                    switch nodes[edge.to]?.kind {
                    case .choice: pending.append(edge.to)
                    case .screen where edge.kind != .popTo: screens.append(edge.to)
                    default: break
                    }
                }
            }
            leadsTo[node.id] = screens
        }

        // Columns: breadth-first from the entry's screen over what each screen leads to
        // (popTo only goes back, as `graph` counts reaching).
        var depth: [String: Int] = [:]
        var queue = graph.edges.filter { $0.from == "entry" }.map(\.to)
        for start in queue { depth[start] = 0 }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in leadsTo[node, default: []] where depth[next] == nil {
                depth[next] = (depth[node] ?? 0) + 1
                queue.append(next)
            }
        }
        let last = (depth.values.max() ?? -1) + 1
        for node in graph.nodes where screenIDs[node.id] != nil {
            let column = depth[node.id] ?? last
            while columns.count <= column { columns.append([]) }
            positions[node.id] = (column, columns[column].count)
            columns[column].append(node.id)
        }
        columns.removeAll { $0.isEmpty }
        // Renumber after removing an empty last column (every screen reached).
        for (index, column) in columns.enumerated() {
            for (row, node) in column.enumerated() { positions[node] = (index, row) }
        }
    }

    /// One condition on a route as the walk took it: its text as shown (an `else` branch's
    /// `!(CONDITION)`), the combinations for which it holds that way (`nil`: not analysed),
    /// and the run it belongs to (conditions with no waiting step between them).
    package struct Condition {
        var text: String
        var holds: CombinationSet?
        var run: Int
        /// The names it reads (none when it does not parse).
        var names: Set<String>
        /// How many of the route's effects come before it.
        var after: Int
    }

    /// `condition` negated as the expression language writes it: `!NAME`, or `!(CONDITION)`.
    package static func negated(_ condition: String) -> String {
        Identifier.isName(Substring(condition).utf8) ? "!" + condition : "!(" + condition + ")"
    }

    /// What an arrow's label says of a route's conditions `taken`, run by run (the
    /// conditions of a run are read at one time; a step that waits comes between two runs,
    /// and the label joins them with `, then `). Within a run, a condition the others of
    /// the run imply is left out (greedy in the route's order, so the inner, more specific
    /// conditions stay), and when all of them read the same one name, the values of it
    /// that take the route are said shortly (``said(_:)``); a route of one such run returns
    /// them as `taking` too. The rest are joined with `&&`, a compound one in brackets.
    /// `nil` text when no condition is left. O(conditions² × combinations / 64).
    package static func summary(of taken: [Condition], space: CombinationSpace) -> (text: String?, taking: NameValues?) {
        var parts: [String] = []
        var taking: NameValues?
        var start = 0
        while start < taken.count {
            var end = start
            while end < taken.count, taken[end].run == taken[start].run { end += 1 }
            let run = Array(taken[start..<end])
            start = end
            var kept = run.map { _ in true }
            var alive = space.all
            for (index, condition) in run.enumerated() {
                guard let own = condition.holds else { continue }
                alive = alive.intersection(own)
                var others = space.all
                for (other, each) in run.enumerated() where other != index && kept[other] {
                    if let set = each.holds { others = others.intersection(set) }
                }
                // Implied: no combination satisfying the others fails it.
                if others.intersection(own.complement).isEmpty { kept[index] = false }
            }
            let names = run.reduce(into: Set<String>()) { $0.formUnion($1.names) }
            if names.count == 1, let name = names.first, run.allSatisfy({ $0.holds != nil }),
                let values = space.values(of: name, in: alive), let domain = space.named.first(where: { $0.name == name })?.values
            {
                let these = NameValues(name: name, values: values, domain: domain)
                if taken.count == run.count { taking = these }
                if let said = said(these) { parts.append(said) }
                continue
            }
            let shown = zip(run, kept).filter(\.1).map(\.0.text)
            if !shown.isEmpty { parts.append(shown.count == 1 ? shown[0] : shown.map(bracketed).joined(separator: " && ")) }
        }
        return (parts.isEmpty ? nil : parts.joined(separator: ", then "), taking)
    }

    /// `condition` in brackets when it joins others with `&&` or `||`.
    private static func bracketed(_ condition: String) -> String {
        condition.contains("&&") || condition.contains("||") ? "(" + condition + ")" : condition
    }

    /// What one arrow standing for several `routes` (one button's, to the same screen)
    /// says of their conditions: `nil` when one of them holds always; the values of one
    /// name they take together, when each comes down to values of that name (every value:
    /// `nil`); else each route's summary, joined with `||`.
    package static func summary(of routes: [Route]) -> String? {
        guard routes.allSatisfy({ $0.summary != nil }), let first = routes.first else { return nil }
        if let name = first.taking?.name, routes.allSatisfy({ $0.taking?.name == name }), let domain = first.taking?.domain {
            let union = domain.filter { value in routes.contains { $0.taking?.values.contains(value) == true } }
            return said(NameValues(name: name, values: union, domain: domain))
        }
        var parts: [String] = []
        for route in routes where !parts.contains(route.summary ?? "") { parts.append(route.summary ?? "") }
        return parts.count == 1 ? parts[0] : parts.map(bracketed).joined(separator: " || ")
    }

    /// Some values of one name, in the order of its domain (every value it can take).
    package struct NameValues: Hashable {
        var name: String
        var values: [ExpressionValue]
        var domain: [ExpressionValue]
    }

    /// The values of one name that take a route, said shortly: `rating = 3`, `rating ≤ 2`,
    /// `rating ≥ 4`, `rating 2–4`, `rating 1, 3 or 5`; `flag` and `not flag` for a boolean.
    /// `nil` when they are every value (no condition) or cannot be said so.
    package static func said(_ values: NameValues) -> String? {
        let name = values.name
        guard !values.values.isEmpty, values.values.count < values.domain.count else { return nil }
        if values.values == [.boolean(true)] { return name }
        if values.values == [.boolean(false)] { return "!" + name }
        let positions = values.values.compactMap { value in values.domain.firstIndex(of: value) }
        guard values.values.allSatisfy({ if case .integer = $0 { true } else { false } }), let first = positions.first, let last = positions.last
        else { return nil }
        let text = values.values.map(\.description)
        if positions.count == 1 { return "\(name) = \(text[0])" }
        guard last - first + 1 == positions.count else {
            return "\(name) " + text.dropLast().joined(separator: ", ") + " or " + (text.last ?? "")
        }
        if first == 0 { return "\(name) ≤ \(text.last ?? "")" }
        if last == values.domain.count - 1 { return "\(name) ≥ \(text[0])" }
        return "\(name) \(text[0])–\(text.last ?? "")"
    }
}
