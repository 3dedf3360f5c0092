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

/// A renderer whose output can be written file by file as files are checked, instead of
/// once for the whole run: the output for a report is ``renderPart(_:continuing:)`` of
/// the report followed by ``renderEnd(_:continuing:)`` of its counts, and the part of a
/// report is the concatenation of the parts of its files (general diagnostics first).
/// So a caller may render each file as soon as it is compiled and let it go (its source
/// and diagnostics need not stay in memory), then end with the run's counts.
/// Text (``TextDiagnosticRenderer``) and GitHub Actions
/// (``GitHubActionsDiagnosticRenderer``) output are such; JSON, SARIF and JUnit are one
/// document whose head depends on the whole run.
package protocol StreamingDiagnosticRenderer: DiagnosticRenderer {
    /// The output for the diagnostics of `part`, without what ends the output.
    /// `continuing` says whether an earlier part wrote any diagnostic (text output puts a
    /// blank line between diagnostics). O(size of the part's diagnostics and the source
    /// lines quoted).
    func renderPart(_ part: DiagnosticReport, continuing: Bool) -> String

    /// What ends the output (text: the summary line), from the counts of the whole run;
    /// `continuing` says whether any part wrote a diagnostic.
    func renderEnd(_ counts: DiagnosticCounts, continuing: Bool) -> String
}

extension StreamingDiagnosticRenderer {
    /// The part of the whole report, then its end.
    package func render(_ report: DiagnosticReport) -> String {
        renderPart(report, continuing: false) + renderEnd(report.counts, continuing: !report.entries.isEmpty)
    }
}
