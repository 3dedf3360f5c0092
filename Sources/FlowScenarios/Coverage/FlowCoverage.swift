import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowWeb

/// What the scenarios of a flow took of it: each item of the flow, taken or not.
///
/// The items, in the file's order within each kind:
/// - **screen**: each screen, taken when it was shown;
/// - **button**: each button of each screen, taken when its action ran;
/// - **branch**: each `if` step twice, `then` and `else`, each taken when the condition
///   had that value as the step ran;
/// - **exit**: each step that leaves its screen (`push`, `present`, `replace`, `pop`,
///   `popTo`, `popToRoot`, `dismiss`, `finish`), taken when it ran;
/// - **route**: each edge of the flow's graph (`graph`'s and the storyboard's arrows),
///   taken when a run went along it (``FlowGraph/routes(takenBy:started:)``).
///
/// The percentage counts every item alike. O(screens + steps + edges) to make, and
/// O(trace) to mark.
package struct FlowCoverage: Sendable {
    /// What an item is.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case screen, button, branch, exit, route

        /// The kind's name for many items (`branches`).
        package var plural: String { self == .branch ? "branches" : rawValue + "s" }
    }

    /// One item of the flow.
    package struct Item: Sendable, Hashable {
        /// What it is.
        package var kind: Kind
        /// Its name in a report: `rate`, `rate: Submit`, `if rating <= 2 (then) on rate`,
        /// `finish: sorry on sorry`, or a route's ``FlowGraph/Edge/key``.
        package var name: String
        /// Where it is written in the flow file; `nil` for a route, which has no one place.
        package var span: SourceSpan?
        /// Whether a scenario took it.
        package var isTaken = false
    }

    /// The flow's id.
    package var flowID: String
    /// The flow file's path.
    package var flowPath: String
    /// Every item, by kind in ``Kind``'s order, each kind in the file's order.
    package private(set) var items: [Item] = []

    /// Screens, buttons, branches and exits keyed for marking.
    private var screenItems: [String: Int] = [:]
    private var buttonItems: [ScenarioTrace.ButtonKey: Int] = [:]
    private var branchItems: [StepPlace: (then: Int, otherwise: Int)] = [:]
    private var exitItems: [StepPlace: Int] = [:]

    /// A step of a screen, by where it is written: a YAML alias writes one step under
    /// several screens, each its own item.
    private struct StepPlace: Hashable {
        var screen: String
        var position: SourcePosition
    }
    private var routeItems: [FlowGraph.Edge: Int] = [:]
    private let graph: FlowGraph

    /// The items of `flow`, read from `path`, none taken.
    package init(flow: Flow, path: String) {
        flowID = flow.id
        flowPath = path
        graph = FlowGraph(flow: flow)
        for screen in flow.screens where screenItems[screen.id] == nil {
            screenItems[screen.id] = items.count
            items.append(Item(kind: .screen, name: screen.id, span: screen.span))
        }
        for screen in flow.screens {
            for (slot, button) in [(ActionSlot.primary, screen.primaryAction.button), (.secondary, screen.secondaryAction.button)] {
                guard let button else { continue }
                let key = ScenarioTrace.ButtonKey(screen: screen.id, slot: slot)
                guard buttonItems[key] == nil else { continue }
                buttonItems[key] = items.count
                items.append(Item(kind: .button, name: "\(screen.id): \(button.title.raw)", span: button.span))
            }
        }
        let steps = flow.screens.flatMap { screen in screen.actions.flatMap(\.allSteps).map { (screen.id, $0) } }
        for (screen, step) in steps {
            guard case .branch(let branch) = step.kind, let start = step.span?.start else { continue }
            let place = StepPlace(screen: screen, position: start)
            guard branchItems[place] == nil else { continue }
            let name = "if \(branch.condition.text) on \(screen)"
            branchItems[place] = (items.count, items.count + 1)
            items.append(Item(kind: .branch, name: name + " (then)", span: step.span))
            items.append(Item(kind: .branch, name: name + " (else)", span: step.span))
        }
        for (screen, step) in steps where step.kind.leavesScreen {
            guard let start = step.span?.start, exitItems[StepPlace(screen: screen, position: start)] == nil else { continue }
            exitItems[StepPlace(screen: screen, position: start)] = items.count
            let argument: String =
                switch step.kind {
                case .navigate(let operation): operation.screenID.map { "\(operation.name): \($0)" } ?? operation.name
                case .finish(let outcome): "finish: \(outcome ?? FlowOutcome.finished.name)"
                default: step.name
                }
            items.append(Item(kind: .exit, name: "\(argument) on \(screen)", span: step.span))
        }
        for edge in graph.edges where routeItems[edge] == nil {
            routeItems[edge] = items.count
            items.append(Item(kind: .route, name: edge.key, span: nil))
        }
    }

    /// Marks what `trace` took.
    package mutating func mark(_ trace: ScenarioTrace) {
        for screen in trace.screens { if let index = screenItems[screen] { items[index].isTaken = true } }
        for button in trace.buttons { if let index = buttonItems[button] { items[index].isTaken = true } }
        for run in trace.runs {
            for step in run.steps {
                if let index = exitItems[StepPlace(screen: run.screen, position: step)] { items[index].isTaken = true }
            }
            for (start, taken) in run.branches {
                if let pair = branchItems[StepPlace(screen: run.screen, position: start)] { items[taken ? pair.then : pair.otherwise].isTaken = true }
            }
        }
        for edge in graph.routes(takenBy: trace.runs, started: trace.started) {
            if let index = routeItems[edge] { items[index].isTaken = true }
        }
    }

    /// How many items there are, and how many were taken.
    package var counts: (taken: Int, total: Int) {
        (items.count { $0.isTaken }, items.count)
    }

    /// The counts of one kind.
    package func counts(of kind: Kind) -> (taken: Int, total: Int) {
        let ofKind = items.filter { $0.kind == kind }
        return (ofKind.count { $0.isTaken }, ofKind.count)
    }

    /// The share taken, 0–100 (100 for a flow with no item).
    package var percent: Double {
        FlowCoverage.percent(counts)
    }

    /// `taken` of `total` as 0–100 (100 when `total` is 0).
    package static func percent(_ counts: (taken: Int, total: Int)) -> Double {
        counts.total == 0 ? 100 : Double(counts.taken) * 100 / Double(counts.total)
    }
}
