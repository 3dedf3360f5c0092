import FlowCompile
import FlowSource

/// Turns the diagnostics of a run into text in one output format.
///
/// Implementations: ``TextDiagnosticRenderer`` (for people, like a compiler),
/// ``JSONDiagnosticRenderer``, ``GitHubActionsDiagnosticRenderer``,
/// ``SARIFDiagnosticRenderer`` and ``JUnitDiagnosticRenderer`` (for machines).
/// A renderer is a pure function of the report: it does no I/O, so the caller decides
/// where the text goes (standard output, a file, a buffer in tests).
package protocol DiagnosticRenderer: Sendable {
    /// The whole output for `report`, ending with a newline unless it is empty.
    /// O(total size of the diagnostics plus the source lines quoted).
    func render(_ report: DiagnosticReport) -> String
}
