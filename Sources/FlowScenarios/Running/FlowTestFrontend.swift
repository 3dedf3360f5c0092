import FeedbackFlow
import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowWorkspace

/// The per-file work of `test`: one flow test file loaded, its flow compiled as `validate`
/// compiles it (``FlowWorkspace/CompileSettings``), the file read against the flow
/// (``FlowTestCheck``, as the language server checks it), and, when neither has an
/// error, its scenarios run in order (``ScenarioRunner``).
package struct FlowTestFrontend: Sendable {
    /// How the flows are compiled.
    package var settings: CompileSettings
    /// Handlers of custom steps no scenario stubs, by name (`--handler`).
    package var programs: [String: any ActionHandler]
    /// Only the scenarios whose name holds this text run (`--filter`); `nil`: all.
    package var filter: String?

    /// A frontend compiling with `settings`, answering unstubbed custom steps with `programs`,
    /// running the scenarios `filter` selects.
    package init(settings: CompileSettings, programs: [String: any ActionHandler] = [:], filter: String? = nil) {
        self.settings = settings
        self.programs = programs
        self.filter = filter
    }

    /// Tests the file at `path`. Never throws: an unreadable file, one with problems, or a
    /// flow that does not compile is the result's diagnostics (and no scenario runs).
    package func run(_ path: String) async -> FlowTestFileResult {
        let document = DocumentLoader.load(path: path)
        let check = FlowTestCheck(document, path: path) { flowPath in
            PathKind(flowPath) != .other ? .unreadable(PathKind.unreachable(flowPath)) : .compiled(settings.compile(flowPath).compilation)
        }
        var result = FlowTestFileResult(path: path, source: document.source, diagnostics: check.diagnostics)
        result.flowPath = check.flowPath
        result.flow = check.flow
        guard let flow = check.flow, let file = check.file, !check.hasErrors else { return result }
        let runner = ScenarioRunner(flow: flow, programs: programs)
        for scenario in file.scenarios where filter.map({ scenario.name.contains($0) }) ?? true {
            result.scenarios.append(await runner.run(scenario))
        }
        return result
    }
}
