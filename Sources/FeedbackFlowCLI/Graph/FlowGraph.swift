import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowTerminal

/// The navigation graph of a flow: its screens, and an edge for every navigation step
/// (`push`, `present`, `replace`, `popTo`) from the screen whose action runs it to its
/// target, labelled with the step's kind, and for a step inside an `if` with the branch
/// it is on (`push if rating <= 2`, `push unless rating <= 2`, joined with `and` when
/// branches nest). Steps in `onFailure` count too. Identical edges (same screens, same
/// label) appear once, in the order first written. The entry into the start screen says
/// how it enters and, for a flow with a trigger, on which event and condition.
package struct FlowGraph: Sendable, Hashable {
    package struct Screen: Sendable, Hashable {
        package var id: String
        /// `success`, `informative`, `error` or `feedback`.
        package var style: String
    }

    package struct Edge: Sendable, Hashable {
        package var from: String
        package var to: String
        /// The step's name: `push`, `present`, `replace` or `popTo`.
        package var kind: String
        /// The `if` branches the step is on, `nil` for a step outside any.
        package var condition: String?

        /// `push`, or `push if rating <= 2`.
        package var label: String { condition.map { "\(kind) \($0)" } ?? kind }
    }

    package var flowID: String
    package var start: String
    /// How the start screen enters: `present` or `push`.
    package var presentation: String
    package var screens: [Screen]
    package var edges: [Edge]
    /// The label of the entry into the start screen: `present`, or with a trigger
    /// `present on callEnded when call.maxParticipants > 1`.
    package var entry: String

    /// The graph of `flow`. O(steps).
    package init(flow: Flow) {
        flowID = flow.id
        start = flow.start
        presentation = flow.presentation.rawValue
        var entry = flow.presentation.rawValue
        if let trigger = flow.trigger {
            entry += " on \(trigger.event)"
            if let condition = trigger.when { entry += " when \(condition.text)" }
            if let validator = trigger.validator { entry += " if \(validator) agrees" }
        }
        self.entry = entry
        screens = flow.screens.map { Screen(id: $0.id, style: $0.style.name) }
        var edges: [Edge] = []
        var seen: Set<Edge> = []
        for screen in flow.screens {
            for action in screen.actions {
                // Steps with the branches they are on; an explicit stack, in document order.
                var pending: [(steps: ArraySlice<Step>, condition: String?)] = [(action.steps[...], nil)]
                while case (var steps, let condition)? = pending.popLast() {
                    guard let step = steps.popFirst() else { continue }
                    pending.append((steps, condition))
                    if case .branch(let branch) = step.kind {
                        func joined(_ part: String) -> String { condition.map { "\($0) and \(part)" } ?? part }
                        pending.append((branch.otherwise[...], joined("unless \(branch.condition.text)")))
                        pending.append((branch.then[...], joined("if \(branch.condition.text)")))
                        continue
                    }
                    guard let operation = step.operation, let target = operation.screenID else { continue }
                    let edge = Edge(from: screen.id, to: target, kind: operation.name, condition: condition)
                    if seen.insert(edge).inserted { edges.append(edge) }
                }
            }
        }
        self.edges = edges
    }

    /// The node name of each screen id (`s0`, `s1`, … in the order written), so that
    /// graph languages never see a user's id as syntax.
    var nodeNames: [String: String] {
        var names: [String: String] = [:]
        for (index, screen) in screens.enumerated() where names[screen.id] == nil {
            names[screen.id] = "s\(index)"
        }
        return names
    }
}
