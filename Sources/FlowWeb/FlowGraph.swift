import FeedbackFlowCore
import FlowCompile
import FlowSource

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
///   choice node, each branch is its own edge from there (`then`, `else`), and the steps
///   after the `if` go on from the end of each branch; a step after one that navigated is
///   labelled `after NAME`; an action, or a branch, that neither navigates nor ends stays
///   on its screen (an edge back to it). Steps of a button's `onFailure` are edges of their
///   own kind.
/// - A screen none of whose buttons navigates, dismisses or finishes is a dead end (the
///   rule of `validate`'s `dead-end-screen`).
///
/// Names and order are stable: a node's name comes from what it stands for (`s_rate_call`
/// for screen `rate-call`, `c_rate_call_1` for its first `if`, `x_finish_sorry`), never from
/// its position, and nodes are in the order the file writes them, edges in the order of
/// screens, buttons and steps; an edge repeated exactly is drawn once. So adding a screen
/// adds its lines and renames nothing (unless two ids differ only in punctuation, which
/// then take `_2`, `_3` in file order): the diff of two graphs reads like the change.
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

    /// A node: `id` is a name the graph languages read as a name (`entry`, `s_…`, `c_…`,
    /// `x_…`: ASCII letters, digits and `_` only), never an author's text as written; `lines`
    /// is what it shows.
    package struct Node: Sendable, Hashable {
        package var id: String
        package var kind: NodeKind
        /// The label, one line each (a screen: its id, its title, its style and marks).
        package var lines: [String]
        /// No path from the start reaches this screen.
        package var isUnreachable = false
        /// No button of this screen navigates, dismisses or finishes.
        package var isDeadEnd = false
    }

    /// How an edge moves.
    package enum EdgeKind: String, Sendable, Hashable, CaseIterable {
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
        /// The button whose steps the edge draws; `nil` for the entry's edge.
        package var slot: ActionSlot? = nil
        /// No scenario of the flow's tests took this route (`--coverage`): drawn in the
        /// untested style, which the legend explains.
        package var isUntested = false

        /// A text naming the edge that stays the same while the flow's graph does: its
        /// nodes, kind, button and label (`s_rate->s_sorry push primary Submit / then`). The
        /// coverage report names routes by it.
        package var key: String {
            "\(from)->\(to) \(kind.rawValue) \(slot?.rawValue ?? "entry")\(isOnFailure ? " onFailure" : "") " + lines.joined(separator: " / ")
        }
    }

    /// What one run of a button's action (or its `onFailure`) did: the steps that ran
    /// and the branch each `if` took, collected from the navigator's events; the routes
    /// it took are found from it (``routes(takenBy:started:)``).
    package struct ActionRun: Sendable, Hashable {
        /// The screen's id.
        package var screen: String
        /// Which button.
        package var slot: ActionSlot
        /// Whether the steps are its `onFailure`'s.
        package var isOnFailure: Bool
        /// Where each step that began to run starts in the flow file.
        package var steps: Set<SourcePosition> = []
        /// The branch each `if` that ran took, by where it starts.
        package var branches: [SourcePosition: Bool] = [:]
        /// Whether a step failed: the steps after it did not run, and the action did not
        /// end where its steps lead (it stayed, with the error, or its `onFailure` ran).
        package var failed = false

        package init(screen: String, slot: ActionSlot, isOnFailure: Bool) {
            self.screen = screen
            self.slot = slot
            self.isOnFailure = isOnFailure
        }
    }

    /// The flow's id.
    package var flowID: String
    package private(set) var nodes: [Node] = []
    package private(set) var edges: [Edge] = []
    /// What the routes of ``routes(takenBy:started:)`` are walked with: the flow, its
    /// screens' nodes, its exits' nodes by label, and the choice node of each `if` by where
    /// it starts.
    private var flow: Flow
    private var screenNodes: [String: String] = [:]
    private var exitByLabel: [String: String] = [:]
    private var choiceBySteps: [ChoicePlace: String] = [:]

    /// Where an `if` is walked: its screen's node, its button, whether in `onFailure`, and
    /// where it is written (a YAML alias writes one `if` in several places).
    private struct ChoicePlace: Sendable, Hashable {
        var screen: String
        var slot: ActionSlot?
        var isOnFailure: Bool
        var position: SourcePosition
    }

    /// The graph of `flow`. O(screens + steps × the open branches a step follows, which
    /// nested `if`s before it multiply).
    package init(flow: Flow) {
        flowID = flow.id
        self.flow = flow
        var entry = [flow.presentation.rawValue]
        if let trigger = flow.trigger {
            entry.append("on \(trigger.event)")
            if let condition = trigger.when { entry.append("when \(condition.text)") }
            if let validator = trigger.validator { entry.append("if \(validator) agrees") }
        }
        nodes.append(Node(id: "entry", kind: .entry, lines: ["start"]))
        var names = NodeNames()
        var screenNodes: [String: String] = [:]
        for screen in flow.screens where screenNodes[screen.id] == nil {
            let id = names.unique("s_" + NodeNames.slug(screen.id))
            screenNodes[screen.id] = id
            nodes.append(Node(id: id, kind: .screen(style: screen.style.name), lines: [screen.id, screen.title.raw, screen.style.name]))
        }
        var builder = Builder(screenNodes: screenNodes, names: names)
        if let start = screenNodes[flow.start] {
            let kind: EdgeKind = flow.presentation == .push ? .push : .present
            builder.add(Edge(from: "entry", to: start, kind: kind, lines: entry, isOnFailure: false))
        }
        builder.drawButtons(of: flow, runs: nil)
        nodes += builder.choices + builder.exits
        edges = builder.edges
        self.screenNodes = screenNodes
        exitByLabel = builder.exitByLabel
        choiceBySteps = builder.choiceBySteps
        mark(NavigationGraph(flow: flow), screenNodes: screenNodes)
    }

    /// The edges `runs` took, each as ``edges`` has it (the entry's when the flow was
    /// `started`): every button's steps walked again along the steps that ran and the
    /// branches taken, stopping at the first step that did not run (its action failed
    /// there; the rest of its way, and the screen it stays on, were not taken). Flows read
    /// from a file only: a step built in Swift has no place to be known by.
    /// O(steps of the buttons run × the runs).
    package func routes(takenBy runs: [ActionRun], started: Bool) -> Set<Edge> {
        var taken: Set<Edge> = []
        if started, let entry = edges.first(where: { $0.from == "entry" }) { taken.insert(entry) }
        var builder = Builder(screenNodes: screenNodes, names: NodeNames())
        builder.exitByLabel = exitByLabel
        builder.choiceBySteps = choiceBySteps
        builder.drawButtons(of: flow, runs: runs)
        taken.formUnion(builder.edges)
        return taken
    }

    /// Whether ``markCoverage(taken:)`` gave the graph coverage to show (its legend then
    /// says what an untested route looks like).
    package private(set) var showsCoverage = false

    /// Marks every edge whose ``Edge/key`` is not in `taken` (the routes a coverage
    /// report lists as taken) as untested: an edge the report does not know (the flow
    /// changed since) was not tested either.
    package mutating func markCoverage(taken: Set<String>) {
        showsCoverage = true
        for index in edges.indices where !taken.contains(edges[index].key) { edges[index].isUntested = true }
    }
}

extension FlowGraph {
    /// Marks the screens `navigation` does not reach from the start, and those with no
    /// step that leaves them (dead ends), as `validate` reports them. O(screens + steps).
    private mutating func mark(_ navigation: NavigationGraph, screenNodes: [String: String]) {
        var screenIDs: [String: String] = [:]
        for (id, node) in screenNodes { screenIDs[node] = id }
        for index in nodes.indices {
            guard case .screen = nodes[index].kind, let id = screenIDs[nodes[index].id], let position = navigation.screenIndex[id] else { continue }
            nodes[index].isUnreachable = !navigation.reachable.contains(id)
            nodes[index].isDeadEnd = !navigation.hasWayOut(position)
            if nodes[index].isUnreachable { nodes[index].lines.append("unreachable") }
            if nodes[index].isDeadEnd { nodes[index].lines.append("dead end") }
        }
    }

    /// Node names made of what nodes stand for: ASCII letters, digits and `_`, each used once.
    private struct NodeNames {
        var taken: Set<String> = ["entry"]

        /// `text` with each run of other characters than ASCII letters and digits as one `_`.
        static func slug(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if !out.hasSuffix("_") {
                    out += "_"
                }
            }
            return out
        }

        /// `name`, or `name_2`, `name_3`, … when it is taken.
        mutating func unique(_ name: String) -> String {
            var candidate = name
            var number = 2
            while !taken.insert(candidate).inserted {
                candidate = "\(name)_\(number)"
                number += 1
            }
            return candidate
        }
    }

    /// Collects the edges, choice nodes and exit nodes of the buttons' steps.
    private struct Builder {
        let screenNodes: [String: String]
        var names: NodeNames
        /// The screen whose buttons are drawn, and how many `if`s of it have a node.
        var screen = ""
        /// The button whose steps are being drawn.
        var slot: ActionSlot?
        var choiceCount = 0
        var edges: [Edge] = []
        var seen: Set<Edge> = []
        var choices: [Node] = []
        var exits: [Node] = []
        var exitByLabel: [String: String] = [:]
        /// The choice node of each `if`, by where it is walked.
        var choiceBySteps: [ChoicePlace: String] = [:]
        /// While walking again what an action run did: the steps that ran and the branches
        /// taken; `nil` while drawing the whole graph.
        var run: ActionRun?
        /// Set when the walk of a run reached a step that did not run.
        var stopped = false

        /// Draws every button's steps (and its `onFailure`'s) of every screen; with `runs`,
        /// only what each run did.
        mutating func drawButtons(of flow: Flow, runs: [ActionRun]?) {
            for configuration in flow.screens {
                guard let node = screenNodes[configuration.id] else { continue }
                screen = node
                choiceCount = 0
                for (slot, button) in [(ActionSlot.primary, configuration.primaryAction.button), (.secondary, configuration.secondaryAction.button)] {
                    guard let button else { continue }
                    self.slot = slot
                    let title = button.title.raw
                    let drawn: [ActionRun?] = runs.map { $0.filter { $0.screen == configuration.id && $0.slot == slot } } ?? [nil]
                    for run in drawn {
                        self.run = run
                        stopped = false
                        if run?.isOnFailure != true {
                            draw(button.action.steps, title: title, isOnFailure: false)
                        } else if let failure = button.onFailure {
                            draw(failure.steps, title: "\(title): onFailure", isOnFailure: true)
                        }
                        if run == nil, let failure = button.onFailure {
                            draw(failure.steps, title: "\(title): onFailure", isOnFailure: true)
                        }
                    }
                }
            }
            run = nil
        }

        /// Where control is while an action's steps are drawn: the node, the label the next
        /// edge from it gets, and whether a step before already navigated or ended.
        struct Open {
            var node: String
            var lines: [String]
            var hasLeft = false
        }

        mutating func add(_ edge: Edge) {
            var edge = edge
            if edge.from != "entry" { edge.slot = slot }
            if seen.insert(edge).inserted { edges.append(edge) }
        }

        /// The exit node showing `label`, made at its first use.
        mutating func exit(_ label: String) -> String {
            if let id = exitByLabel[label] { return id }
            let id = names.unique("x_" + NodeNames.slug(label))
            exitByLabel[label] = id
            exits.append(Node(id: id, kind: .exit, lines: [label]))
            return id
        }

        /// Draws a button's action (or its `onFailure`) labelled `title`; what is still open
        /// at its end (no step navigated or ended) stays on the screen.
        mutating func draw(_ steps: [Step], title: String, isOnFailure: Bool) {
            let ends = walk(steps, from: [Open(node: screen, lines: [title])], isOnFailure: isOnFailure)
            // A run whose step failed stayed because it failed, not along the route that stays.
            if run?.failed == true { stopped = true }
            for open in ends where !open.hasLeft && !stopped {
                add(Edge(from: open.node, to: screen, kind: .stay, lines: open.lines, isOnFailure: isOnFailure))
            }
        }

        /// Draws `steps` run from `opens`; returns where control is after them.
        mutating func walk(_ steps: [Step], from opens: [Open], isOnFailure: Bool) -> [Open] {
            var opens = opens
            /// An edge from each open point to `to`; after it, the points are marked left, or,
            /// after a step that ends the flow, dropped (no later step runs).
            func move(to: String, kind: EdgeKind, step: String, ends: Bool = false) {
                for open in opens { add(Edge(from: open.node, to: to, kind: kind, lines: open.lines, isOnFailure: isOnFailure)) }
                opens = ends ? [] : opens.map { Open(node: $0.node, lines: [$0.lines[0], "after \(step)"], hasLeft: true) }
            }
            for step in steps {
                if let run {
                    guard !stopped, let start = step.span?.start, run.steps.contains(start) else {
                        stopped = true
                        return []
                    }
                }
                switch step.kind {
                case .navigate(let operation):
                    switch operation {
                    case .push(let id): if let to = screenNodes[id] { move(to: to, kind: .push, step: step.name) }
                    case .present(let id): if let to = screenNodes[id] { move(to: to, kind: .present, step: step.name) }
                    case .replace(let id): if let to = screenNodes[id] { move(to: to, kind: .replace, step: step.name) }
                    case .popTo(let id): if let to = screenNodes[id] { move(to: to, kind: .popTo, step: step.name) }
                    case .pop, .popToRoot, .dismiss: move(to: exit(operation.name), kind: .exit, step: step.name)
                    }
                case .finish(let outcome):
                    move(to: exit("finish: \(outcome ?? FlowOutcome.finished.name)"), kind: .exit, step: step.name, ends: true)
                case .branch(let branch):
                    let choice: String
                    if let run {
                        // Walking a run again: its choice node as the whole graph named it.
                        guard let start = step.span?.start,
                            let known = choiceBySteps[ChoicePlace(screen: screen, slot: slot, isOnFailure: isOnFailure, position: start)],
                            let taken = run.branches[start]
                        else {
                            stopped = true
                            return []
                        }
                        choice = known
                        for open in opens { add(Edge(from: open.node, to: choice, kind: .choice, lines: open.lines, isOnFailure: isOnFailure)) }
                        let hasLeft = opens.allSatisfy(\.hasLeft)
                        opens = walk(
                            taken ? branch.then : branch.otherwise, from: [Open(node: choice, lines: [taken ? "then" : "else"], hasLeft: hasLeft)],
                            isOnFailure: isOnFailure)
                        continue
                    }
                    choiceCount += 1
                    choice = names.unique("c_\(screen.dropFirst(2))_\(choiceCount)")
                    if let start = step.span?.start {
                        choiceBySteps[ChoicePlace(screen: screen, slot: slot, isOnFailure: isOnFailure, position: start)] = choice
                    }
                    choices.append(Node(id: choice, kind: .choice, lines: [branch.condition.text]))
                    for open in opens { add(Edge(from: open.node, to: choice, kind: .choice, lines: open.lines, isOnFailure: isOnFailure)) }
                    let hasLeft = opens.allSatisfy(\.hasLeft)
                    opens =
                        walk(branch.then, from: [Open(node: choice, lines: ["then"], hasLeft: hasLeft)], isOnFailure: isOnFailure)
                        + walk(branch.otherwise, from: [Open(node: choice, lines: ["else"], hasLeft: hasLeft)], isOnFailure: isOnFailure)
                case .openURL(let url): append("openURL \(url.raw)", to: &opens)
                case .collectUserFeedback: append("collectUserFeedback", to: &opens)
                case .assign(let assignments): append("set " + assignments.map(\.name).joined(separator: ", "), to: &opens)
                case .custom(let name, _): append(name, to: &opens)
                case .perform: append("perform", to: &opens)
                }
            }
            return opens
        }

        /// Adds what a step does to the label of the next edge from each open point.
        private func append(_ effect: String, to opens: inout [Open]) {
            for index in opens.indices { opens[index].lines.append(effect) }
        }
    }
}
