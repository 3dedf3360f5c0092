import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// The navigation graph of a flow: its screens, and an edge for every navigation step
/// (`push`, `present`, `replace`, `popTo`) from the screen whose action runs it to its
/// target, labelled with the step's kind. Steps in `onFailure` count too. Identical
/// edges (same screens, same kind) appear once, in the order first written.
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
    }

    package var flowID: String
    package var start: String
    /// How the start screen enters: `present` or `push`.
    package var presentation: String
    package var screens: [Screen]
    package var edges: [Edge]

    /// The graph of `flow`. O(steps).
    package init(flow: Flow) {
        flowID = flow.id
        start = flow.start
        presentation = flow.presentation.rawValue
        screens = flow.screens.map { Screen(id: $0.id, style: $0.style.name) }
        var edges: [Edge] = []
        var seen: Set<Edge> = []
        for screen in flow.screens {
            for action in screen.actions {
                for step in action.steps {
                    guard let operation = step.operation, let target = operation.screenID else { continue }
                    let edge = Edge(from: screen.id, to: target, kind: operation.name)
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
