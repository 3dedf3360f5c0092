import FlowReporting
import FlowSource

/// The output formats of `validate --format`.
package enum DiagnosticFormat: String, Sendable, Hashable, CaseIterable {
    /// For people: `file:line:col: severity: message [code]`, source line, caret, summary.
    case text
    /// One JSON object (``FlowReporting/JSONDiagnosticRenderer``).
    case json
    /// GitHub Actions workflow commands (``FlowReporting/GitHubActionsDiagnosticRenderer``).
    case github
    /// A SARIF 2.1.0 log (``FlowReporting/SARIFDiagnosticRenderer``).
    case sarif
    /// JUnit XML, one test case per diagnostic (``FlowReporting/JUnitDiagnosticRenderer``).
    case junit
    /// Checkstyle XML (``FlowReporting/CheckstyleDiagnosticRenderer``).
    case checkstyle

    /// Whether people read this format as it comes (text, GitHub annotations), so that
    /// `--quiet` filters it; the others are read whole by machines.
    package var isForPeople: Bool { self == .text || self == .github }

    /// The renderer for this format. `style` colours text output only; `summary`
    /// decides whether text output ends with the summary line; `facts` fill SARIF's
    /// paths and invocation and JUnit's suite attributes.
    package func renderer(style: TerminalStyle, summary: Bool = true, facts: RunFacts = RunFacts()) -> any DiagnosticRenderer {
        switch self {
        case .text: TextDiagnosticRenderer(style: style, showsSummary: summary)
        case .json: JSONDiagnosticRenderer()
        case .github: GitHubActionsDiagnosticRenderer()
        case .sarif:
            SARIFDiagnosticRenderer(
                toolName: FeedbackFlowTool.name, toolVersion: FeedbackFlowTool.version, informationURI: FeedbackFlowTool.homepage,
                rulesDocumentationURI: FeedbackFlowTool.rulesDocumentation, base: facts.base, exitCode: facts.exitCode)
        case .junit:
            JUnitDiagnosticRenderer(
                suiteName: FeedbackFlowTool.name, command: facts.command, toolVersion: FeedbackFlowTool.version, timestamp: facts.timestamp,
                hostname: facts.hostname, seconds: facts.seconds)
        case .checkstyle: CheckstyleDiagnosticRenderer(sourcePrefix: FeedbackFlowTool.name)
        }
    }
}
