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
struct StoryboardMap {
    /// Where a route ends.
    enum Target: Hashable {
        /// A screen: its graph node (the scene's anchor) and its id.
        case screen(node: String, id: String)
        /// An exit node's label: `pop`, `popToRoot`, `dismiss`, `finish: OUTCOME`.
        case exit(String)
        /// The action stays on its screen.
        case stay
    }

    /// One way a button's steps can go.
    struct Route: Hashable {
        /// The button's title as written (`TITLE: onFailure` for its `onFailure` steps).
        var title: String
        /// The conditions that hold on the way, in order.
        var conditions: [String]
        /// What the steps do on the way, in order.
        var effects: [String]
        var target: Target
        /// How the last step gets there (push, present, an exit…).
        var kind: FlowGraph.EdgeKind
        var isOnFailure: Bool
        /// The conditions as an arrow's label says them (``read(_:domains:)``); `nil`
        /// when the route holds for every value.
        var summary: String?
        /// When the conditions come down to some values of one name and nothing else: those
        /// values (so routes of one button to the same screen can be said together).
        var taking: ExpressionDomainAnalysis.NameValues?
    }

    /// The most routes listed for one button; past it, the list says how many were left out.
    static let routeLimit = 64

    let graph: FlowGraph
    /// Screen node → its screen id.
    private(set) var screenIDs: [String: String] = [:]
    /// Screen node → button → routes (at most ``routeLimit``) and how many were left out.
    private(set) var routes: [String: [ActionSlot: (routes: [Route], leftOut: Int)]] = [:]
    /// The screen nodes of each column, left to right.
    private(set) var columns: [[String]] = []
    /// Screen node → (column, row).
    private(set) var positions: [String: (column: Int, row: Int)] = [:]
    /// The nodes by id.
    private(set) var nodes: [String: FlowGraph.Node] = [:]

    /// The map of `graph`; `domains` are the values of the names the flow's conditions
    /// read (``FlowValidator/expressionEnvironment(of:options:)``). O(nodes + edges + routes
    /// × the analysis of their conditions).
    init(graph: FlowGraph, domains: [String: [ExpressionValue]] = [:]) {
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
            var buttons: [ActionSlot: (routes: [Route], leftOut: Int)] = [:]
            for slot in [ActionSlot.primary, .secondary] {
                var found: [Route] = []
                var leftOut = 0
                func walk(_ edge: FlowGraph.Edge, title: String, conditions: [String]) {
                    let effects = Array(edge.lines.dropFirst())
                    guard let target = nodes[edge.to] else { return }
                    if found.count >= Self.routeLimit {
                        let more = target.kind == .choice ? routeCount(from: target.id, slot: slot, isOnFailure: edge.isOnFailure) : 1
                        leftOut = leftOut.addingReportingOverflow(more).overflow ? Int.max : leftOut + more
                        return
                    }
                    func add(_ target: Target) {
                        let route = Route(title: title, conditions: conditions, effects: effects, target: target, kind: edge.kind, isOnFailure: edge.isOnFailure)
                        if let route = Self.read(route, domains: domains) { found.append(route) }
                    }
                    switch target.kind {
                    case .choice:
                        let condition = target.lines.first ?? ""
                        for next in outgoing[target.id, default: []] where next.slot == slot && next.isOnFailure == edge.isOnFailure {
                            var next = next
                            next.lines = [next.lines.first ?? ""] + effects + next.lines.dropFirst()
                            let taken = conditions + [next.lines.first == "then" ? condition : "not (\(condition))"]
                            // A branch no values can reach here is not followed: every
                            // route through it could never be taken.
                            if Self.reading(taken, effects: effects, domains: domains)?.isSatisfiable == false { continue }
                            walk(next, title: title, conditions: taken)
                        }
                    case .screen where edge.kind == .stay: add(.stay)
                    case .screen: add(.screen(node: target.id, id: screenIDs[target.id] ?? target.id))
                    case .exit: add(.exit(target.lines.first ?? ""))
                    case .entry: return
                    }
                }
                for edge in outgoing[node.id, default: []] where edge.slot == slot {
                    walk(edge, title: edge.lines.first ?? slot.rawValue, conditions: [])
                }
                if !found.isEmpty || leftOut > 0 { buttons[slot] = (found, leftOut) }
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

    /// `route` with what an arrow's label says of its conditions (its ``Route/summary``);
    /// `nil` when no values of the names the conditions read take the route (it is not
    /// drawn).
    ///
    /// The conditions are analysed only when no step on the route may change what they
    /// read (a `set`, a handler or a closure between them); otherwise they are shown as
    /// written, joined with `and`.
    static func read(_ route: Route, domains: [String: [ExpressionValue]]) -> Route? {
        var route = route
        guard !route.conditions.isEmpty else { return route }
        route.summary = route.conditions.joined(separator: " and ")
        guard let reading = reading(route.conditions, effects: route.effects, domains: domains) else { return route }
        guard reading.isSatisfiable else { return nil }
        var shown = reading.kept.map { route.conditions[$0] }
        if let values = reading.values, let said = Self.said(values) {
            let others = reading.kept.filter { !reading.analysed.contains($0) }.map { route.conditions[$0] }
            shown = [said] + others
            if others.isEmpty { route.taking = values }
        }
        route.summary = shown.isEmpty ? nil : shown.joined(separator: " and ")
        return route
    }

    /// What one arrow standing for several `routes` (one button's, to the same screen)
    /// says of their conditions: `nil` when one of them holds always; the values of one
    /// name they take together, when each comes down to values of that name (every value:
    /// `nil`); else each route's summary, joined with `or`.
    static func summary(of routes: [Route]) -> String? {
        guard routes.allSatisfy({ $0.summary != nil }), let first = routes.first else { return nil }
        if let name = first.taking?.name, routes.allSatisfy({ $0.taking?.name == name }), let domain = first.taking?.domain {
            let union = domain.filter { value in routes.contains { $0.taking?.values.contains(value) == true } }
            return said(ExpressionDomainAnalysis.NameValues(name: name, values: union, domain: domain))
        }
        var parts: [String] = []
        for route in routes where !parts.contains(route.summary ?? "") { parts.append(route.summary ?? "") }
        return parts.joined(separator: " or ")
    }

    /// `conditions` (as the walk writes them: an `else` branch's `not (CONDITION)`) read
    /// together (``ExpressionDomainAnalysis/route(_:domains:)``); `nil` when they cannot be:
    /// a step on the way (`effects`) may change what they read, or no condition reads only
    /// names with few values.
    static func reading(_ conditions: [String], effects: [String], domains: [String: [ExpressionValue]]) -> ExpressionDomainAnalysis.RouteReading? {
        guard effects.allSatisfy({ $0 == "collectUserFeedback" || $0.hasPrefix("openURL ") || $0.hasPrefix("after ") }) else { return nil }
        let parts: [(tree: ExpressionTree?, holds: Bool)] = conditions.map { condition in
            let negated = condition.hasPrefix("not (") && condition.hasSuffix(")")
            let text = negated ? String(condition.dropFirst(5).dropLast()) : condition
            return ((try? FlowExpression(text).parsed.get()), !negated)
        }
        return ExpressionDomainAnalysis.route(parts, domains: domains)
    }

    /// The values of one name that take a route, said shortly: `rating = 3`, `rating ≤ 2`,
    /// `rating ≥ 4`, `rating 2–4`, `rating 1, 3 or 5`; `flag` and `not flag` for a boolean.
    /// `nil` when they are every value (no condition) or cannot be said so.
    static func said(_ values: ExpressionDomainAnalysis.NameValues) -> String? {
        let name = values.name
        guard !values.values.isEmpty, values.values.count < values.domain.count else { return nil }
        if values.values == [.boolean(true)] { return name }
        if values.values == [.boolean(false)] { return "not \(name)" }
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
