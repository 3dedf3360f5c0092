import FlowCompile
import FlowReporting
import FlowSource

/// A whole `test` run: every test file's result, the coverage of every flow tested (and
/// of the flows found with no test), and the run's own diagnostics. Each output format
/// renders it (``render(as:style:junit:)``); text, SARIF and GitHub annotations render its
/// ``diagnosticReport`` with `validate`'s renderers, so a failure reads like any other
/// diagnostic, at the scenario file's line and column.
package struct FlowTestReport: Sendable {
    /// The test files, in the run's order.
    package var files: [FlowTestFileResult]
    /// Each flow's coverage, by flow path.
    package var coverage: [FlowCoverage]
    /// Flows found in the paths with no test (`untested-flow`, at the flow file).
    package var untested: [Diagnostic] = []
    /// Diagnostics of the whole run (`coverage-below-minimum`).
    package var general: [Diagnostic] = []
    /// How long the run took.
    package var duration: Duration = .zero

    /// A run of `files`, with the coverage of the flows they tested.
    package init(files: [FlowTestFileResult], coverage: [FlowCoverage]) {
        self.files = files
        self.coverage = coverage
    }

    /// The scenarios that ran, with their files.
    package var scenarios: [(file: FlowTestFileResult, result: ScenarioResult)] {
        files.flatMap { file in file.scenarios.map { (file, $0) } }
    }

    /// How many scenarios passed and failed.
    package var counts: (passed: Int, failed: Int) {
        let all = files.flatMap(\.scenarios)
        let failed = all.count { !$0.passed }
        return (all.count - failed, failed)
    }

    /// The items of every flow, taken and in all.
    package var totalCoverage: (taken: Int, total: Int) {
        coverage.reduce((0, 0)) { ($0.0 + $1.counts.taken, $0.1 + $1.counts.total) }
    }

    /// Whether the run fails: a scenario failed, a file has an error, or a run diagnostic
    /// is an error.
    package var hasFailures: Bool {
        counts.failed > 0 || files.contains(where: \.hasErrors) || general.contains { $0.severity == .error }
    }

    /// Every diagnostic as `validate` reports its files': per test file its problems and
    /// its scenarios' failures, the untested flows, and the run's own.
    package var diagnosticReport: DiagnosticReport {
        var reportFiles = files.map { DiagnosticReport.File(path: $0.path, source: $0.source, diagnostics: $0.allDiagnostics) }
        for diagnostic in untested {
            reportFiles.append(DiagnosticReport.File(path: diagnostic.span?.file ?? "", source: nil, diagnostics: [diagnostic]))
        }
        return DiagnosticReport(files: reportFiles, general: general)
    }

    /// `percent` with one decimal and a point (`87.5`), whatever the locale.
    package static func decimal(_ percent: Double) -> String {
        let tenths = Int((percent * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)"
    }
}
