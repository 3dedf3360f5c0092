import FeedbackFlowCore
import FlowCompile

/// What a flow does, as a graph: the nodes and edges `graph` draws in DOT, Mermaid or SVG.
///
/// - Nodes: the entry (how the flow is shown: its presentation, and the trigger's event
///   and condition); each screen (its id, title and style, marked when no path from the
///   start reaches it or when nothing leads out of it); a choice node for each `if` step;
///   an exit node for each way out (`pop`, `popToRoot`, `dismiss`, `finish` with each
///   outcome).
/// - Edges: one per button and step, labelled with the button's title: each navigation
///   step to its screen or exit, with the steps before it that do something on the way
///   (`collectUserFeedback`, `openURL`, `set`, custom steps, closures); an `if` goes to its
///   choice node, and each branch is its own edge from there (`then`, `else`); an action
///   that neither navigates nor ends stays on its screen (an edge to itself). Steps of a
///   button's `onFailure` are edges of their own kind.
///
/// Order is stable: nodes in the order the file writes them (exits in the order first
/// used), edges in the order of screens, buttons and steps; an edge repeated exactly is
/// drawn once. So the diff of two graphs reads like the change of the flow.
package struct FlowGraph: Sendable, Hashable {
    /// What a node stands for.
    package enum NodeKind: Sendable, Hashable {
        /// Where the flow starts.
        case entry
        /// A screen, with its style's name (`success`, `informative`, `error`, `feedback`).
        case screen(style: String)
        /// The condition of an `if` step.
        case choice
        /// A way out of the flow or back down the stack.
        case exit
    }

    /// A node: `id` is a name the graph languages read as a name (`entry`, `s0`, `c0`,
    /// `x0`), never an author's text; `lines` is what it shows.
    package struct Node: Sendable, Hashable {
        package var id: String
        package var kind: NodeKind
        /// The label, one line each (a screen: its id, its title, its style and marks).
        package var lines: [String]
        /// No path from the start reaches this screen.
        package var isUnreachable = false
        /// No button of this screen leads anywhere else.
        package var isDeadEnd = false
    }

    /// How an edge moves.
    package enum EdgeKind: String, Sendable, Hashable, CaseIterable {
        /// How the flow is shown, from the entry.
        case entry
        /// `push`: onto the stack (solid).
        case push
        /// `present`: a modal stack of its own (bold).
        case present
        /// `replace`: instead of the screen on top.
        case replace
        /// `popTo`: back down to a screen.
        case popTo
        /// An exit: `pop`, `popToRoot`, `dismiss`, `finish`.
        case exit
        /// To an `if` step's choice node, and from it along a branch.
        case choice
        /// An action that neither navigates nor ends: the screen stays.
        case stay
    }

    /// An edge between two nodes (by ``Node/id``).
    package struct Edge: Sendable, Hashable {
        package var from: String
        package var to: String
        package var kind: EdgeKind
        /// The label, one line each: the button's title (or the branch), then what the
        /// steps on the way do.
        package var lines: [String]
        /// The step belongs to a button's `onFailure` (dashed).
        package var isOnFailure: Bool
    }

    /// The flow's id.
    package var flowID: String
    package private(set) var nodes: [Node] = []
    package private(set) var edges: [Edge] = []

    /// The graph of `flow`. O(screens + steps).
    package init(flow: Flow) {
        flowID = flow.id
        var entry = [flow.presentation.rawValue]
        if let trigger = flow.trigger {
            entry.append("on \(trigger.event)")
            if let condition = trigger.when { entry.append("when \(condition.text)") }
            if let validator = trigger.validator { entry.append("if \(validator) agrees") }
        }
        nodes.append(Node(id: "entry", kind: .entry, lines: ["start"]))
        var screenNodes: [String: String] = [:]
        for (index, screen) in flow.screens.enumerated() where screenNodes[screen.id] == nil {
            screenNodes[screen.id] = "s\(index)"
            nodes.append(Node(id: "s\(index)", kind: .screen(style: screen.style.name), lines: [screen.id, screen.title.raw, screen.style.name]))
        }
        var builder = Builder(screenNodes: screenNodes)
        if let start = screenNodes[flow.start] {
            builder.add(Edge(from: "entry", to: start, kind: .entry, lines: entry, isOnFailure: false))
        }
        for screen in flow.screens {
            guard let node = screenNodes[screen.id] else { continue }
            for button in [screen.primaryAction.button, screen.secondaryAction.button].compactMap({ $0 }) {
                let title = button.title.raw
                builder.walk(button.action.steps, from: node, screen: node, label: title, isOnFailure: false)
                if let failure = button.onFailure {
                    builder.walk(failure.steps, from: node, screen: node, label: "\(title): onFailure", isOnFailure: true)
                }
            }
        }
        nodes += builder.choices + builder.exits
        edges = builder.edges
        markScreens()
    }

    /// Marks the screens no path from the entry reaches, and those with no edge out to
    /// another node. O(nodes + edges).
    private mutating func markScreens() {
        var targets: [String: [String]] = [:]
        for edge in edges where edge.from != edge.to { targets[edge.from, default: []].append(edge.to) }
        var reached: Set<String> = ["entry"]
        var pending = ["entry"]
        while let node = pending.popLast() {
            for target in targets[node] ?? [] where reached.insert(target).inserted {
                pending.append(target)
            }
        }
        for index in nodes.indices {
            guard case .screen = nodes[index].kind else { continue }
            let id = nodes[index].id
            nodes[index].isUnreachable = !reached.contains(id)
            nodes[index].isDeadEnd = targets[id] == nil
            if nodes[index].isUnreachable { nodes[index].lines.append("unreachable") }
            if nodes[index].isDeadEnd { nodes[index].lines.append("dead end") }
        }
    }

    /// Collects the edges, choice nodes and exit nodes of the buttons' steps.
    private struct Builder {
        let screenNodes: [String: String]
        var edges: [Edge] = []
        var seen: Set<Edge> = []
        var choices: [Node] = []
        var exits: [Node] = []
        var exitByLabel: [String: String] = [:]

        mutating func add(_ edge: Edge) {
            if seen.insert(edge).inserted { edges.append(edge) }
        }

        /// The exit node showing `label`, made at its first use.
        mutating func exit(_ label: String) -> String {
            if let id = exitByLabel[label] { return id }
            let id = "x\(exits.count)"
            exitByLabel[label] = id
            exits.append(Node(id: id, kind: .exit, lines: [label]))
            return id
        }

        /// Draws `steps` run from node `from` on `screen`; `label` names the button (or
        /// the branch). Returns whether some step navigates or ends the flow.
        @discardableResult
        mutating func walk(_ steps: [Step], from: String, screen: String, label: String, isOnFailure: Bool) -> Bool {
            var effects: [String] = []
            var moved = false
            func edge(to: String, kind: EdgeKind) -> Edge {
                Edge(from: from, to: to, kind: kind, lines: [label] + effects, isOnFailure: isOnFailure)
            }
            for step in steps {
                switch step.kind {
                case .navigate(let operation):
                    let target: (String, EdgeKind)? =
                        switch operation {
                        case .push(let id): screenNodes[id].map { ($0, .push) }
                        case .present(let id): screenNodes[id].map { ($0, .present) }
                        case .replace(let id): screenNodes[id].map { ($0, .replace) }
                        case .popTo(let id): screenNodes[id].map { ($0, .popTo) }
                        case .pop, .popToRoot, .dismiss: (exit(operation.name), .exit)
                        }
                    guard let (to, kind) = target else { continue }
                    add(edge(to: to, kind: kind))
                    effects = []
                    moved = true
                case .finish(let outcome):
                    add(edge(to: exit("finish: \(outcome ?? FlowOutcome.finished.name)"), kind: .exit))
                    effects = []
                    moved = true
                case .branch(let branch):
                    let choice = "c\(choices.count)"
                    choices.append(Node(id: choice, kind: .choice, lines: [branch.condition.text]))
                    add(edge(to: choice, kind: .choice))
                    effects = []
                    for (steps, name) in [(branch.then, "then"), (branch.otherwise, "else")] {
                        if !walk(steps, from: choice, screen: screen, label: name, isOnFailure: isOnFailure) {
                            add(Edge(from: choice, to: screen, kind: .stay, lines: [name], isOnFailure: isOnFailure))
                        }
                    }
                    moved = true
                case .openURL(let url): effects.append("openURL \(url.raw)")
                case .collectUserFeedback: effects.append("collectUserFeedback")
                case .assign(let assignments): effects.append("set " + assignments.map(\.name).joined(separator: ", "))
                case .custom(let name, _): effects.append(name)
                case .perform: effects.append("perform")
                }
            }
            if !moved, from == screen, !steps.isEmpty {
                add(edge(to: screen, kind: .stay))
            }
            return moved
        }
    }
}
