import FeedbackFlow
import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowWorkspace

/// The per-file work of `test`: one flow test file loaded, its flow compiled as `validate`
/// compiles it (``FlowWorkspace/CompileSettings``), the file read against the flow
/// (``FlowTestReader``), and, when neither has an error, its scenarios run in order
/// (``ScenarioRunner``).
package struct FlowTestFrontend: Sendable {
    /// How the flows are compiled.
    package var settings: CompileSettings
    /// Handlers of custom steps no scenario stubs, by name (`--handler`).
    package var programs: [String: any ActionHandler]
    /// Only the scenarios whose name holds this text run (`--filter`); `nil`: all.
    package var filter: String?

    package init(settings: CompileSettings, programs: [String: any ActionHandler] = [:], filter: String? = nil) {
        self.settings = settings
        self.programs = programs
        self.filter = filter
    }

    /// Tests the file at `path`. Never throws: an unreadable file, one with problems, or a
    /// flow that does not compile is the result's diagnostics (and no scenario runs).
    package func run(_ path: String) async -> FlowTestFileResult {
        let document = DocumentLoader.load(path: path)
        var result = FlowTestFileResult(path: path, source: document.source, diagnostics: document.diagnostics)
        guard let root = document.root, !root.isNull else {
            if result.diagnostics.isEmpty {
                result.diagnostics.append(ScenarioMessages.fileProblem("the flow test file is empty", at: SourceSpan(file: path, at: SourcePosition(line: 1, column: 1)), hint: "write 'flow: NAME.flow.yaml' and 'scenarios:'"))
            }
            return result
        }
        var header = DecodingSession()
        guard let reference = FlowTestReader.flowReference(in: root, session: &header) else {
            result.diagnostics += header.diagnostics.diagnostics
            return result
        }
        let flowPath = FlowTestReader.flowPath(reference.text, testFile: path)
        result.flowPath = flowPath
        var flow: Flow?
        if PathKind(flowPath) != .other {
            result.diagnostics.append(ScenarioMessages.untestable(PathKind.unreachable(flowPath), at: reference.span))
        } else {
            let compilation = settings.compile(flowPath).compilation
            if let compiled = compilation.flow, !compilation.hasErrors {
                flow = compiled
            } else {
                result.diagnostics.append(ScenarioMessages.untestable(compilation, path: flowPath, at: reference.span))
            }
        }
        result.flow = flow
        var reader = FlowTestReader(flow: flow, flowFile: flowPath)
        let file = reader.read(root, path: path)
        // In the file's order, as a compiler lists them.
        result.diagnostics += reader.session.diagnostics.diagnostics.sorted {
            ($0.span?.start.line ?? 0, $0.span?.start.column ?? 0) < ($1.span?.start.line ?? 0, $1.span?.start.column ?? 0)
        }
        guard let flow, let file, !result.diagnostics.contains(where: { $0.severity == .error }) else { return result }
        let runner = ScenarioRunner(flow: flow, programs: programs)
        for scenario in file.scenarios where filter.map({ scenario.name.contains($0) }) ?? true {
            result.scenarios.append(await runner.run(scenario))
        }
        return result
    }
}
