import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// The output formats of `validate --format`.
package enum DiagnosticFormat: String, Sendable, Hashable, CaseIterable {
    /// For people: `file:line:col: severity: message [code]`, source line, caret, summary.
    case text
    /// One JSON object (``FlowTerminal/JSONDiagnosticRenderer``).
    case json
    /// GitHub Actions workflow commands (``FlowTerminal/GitHubActionsDiagnosticRenderer``).
    case github
    /// A SARIF 2.1.0 log (``FlowTerminal/SARIFDiagnosticRenderer``).
    case sarif
    /// JUnit XML (``FlowTerminal/JUnitDiagnosticRenderer``).
    case junit

    /// The renderer for this format. `style` colours text output only; `summary`
    /// decides whether text output ends with the summary line.
    package func renderer(style: TerminalStyle, summary: Bool = true) -> any DiagnosticRenderer {
        switch self {
        case .text: TextDiagnosticRenderer(style: style, showsSummary: summary)
        case .json: JSONDiagnosticRenderer()
        case .github: GitHubActionsDiagnosticRenderer()
        case .sarif: SARIFDiagnosticRenderer(toolName: FeedbackFlowTool.name, toolVersion: FeedbackFlowTool.version)
        case .junit: JUnitDiagnosticRenderer(suiteName: FeedbackFlowTool.name)
        }
    }
}
