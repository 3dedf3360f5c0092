import FlowCompile
import FlowSource

/// What testing one flow test file came to: its problems (loading, reading, a flow that
/// does not compile), and the result of each scenario that ran.
package struct FlowTestFileResult: Sendable {
    /// The test file's path, as the run names it.
    package var path: String
    /// Its text, for quoting lines in reports.
    package var source: SourceFile?
    /// The file's own problems; an error among them means no scenario ran.
    package var diagnostics: [Diagnostic]
    /// The flow file it names, once read.
    package var flowPath: String?
    /// The compiled flow, when it compiled.
    package var flow: Flow?
    /// The scenarios that ran, in the file's order.
    package var scenarios: [ScenarioResult] = []

    /// The result of the file at `path` before any scenario ran.
    package init(path: String, source: SourceFile?, diagnostics: [Diagnostic]) {
        self.path = path
        self.source = source
        self.diagnostics = diagnostics
    }

    /// Whether the file has an error of its own (its scenarios did not run).
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Every diagnostic of the file: its own, then each failed scenario's failure.
    package var allDiagnostics: [Diagnostic] { diagnostics + scenarios.compactMap(\.failure) }
}
