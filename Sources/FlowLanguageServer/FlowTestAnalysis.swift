import FlowCompile
import FlowScenarios

/// What the language server knows of an open flow test file (`*.flowtest.yaml`) beyond its
/// diagnostics: the flow it names and that flow's names, which completion offers. The
/// names are those of the last flow that compiled without errors, kept while the flow is
/// broken or the test's text does not load, so completion goes on offering them.
struct FlowTestAnalysis {
    /// The flow file the test names, as ``LanguageServer/comparable(_:)`` spells it: how
    /// the server finds the open flow tests of a flow that changes.
    var flowFile: String?
    /// The flow's screen ids, field ids with kinds, button titles and custom steps.
    var names: FlowNames?
    /// Each screen's `style: title`, by id.
    var screens: [String: String] = [:]
    /// The events the flow declares, in its order.
    var events: [String] = []

    /// Takes the names of `flow`, the flow at ``flowFile``.
    mutating func take(_ flow: Flow) {
        names = FlowNames(flow)
        screens = Dictionary(flow.screens.map { ($0.id, "\($0.style.name): \($0.title.raw)") }) { first, _ in first }
        events = flow.events.map(\.name)
    }
}
