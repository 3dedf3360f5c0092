import FlowReporting
import FlowSource

/// `test`'s report for people: one line per scenario (`PASS`/`FAIL`, its file and name),
/// each failure and problem as a compiler prints it (source line and caret), the coverage
/// of each flow by kind, and a summary line.
package struct FlowTestTextWriter: Sendable {
    /// Colours, when the output is a terminal that shows them.
    package var style: TerminalStyle
    /// Whether the coverage table is written.
    package var showsCoverage: Bool

    /// A writer in `style`, with the coverage table unless `showsCoverage` is `false`.
    package init(style: TerminalStyle, showsCoverage: Bool = true) {
        self.style = style
        self.showsCoverage = showsCoverage
    }

    /// The whole report. O(size of the report).
    package func render(_ report: FlowTestReport) -> String {
        var out = ""
        for (file, result) in report.scenarios {
            let mark = result.passed ? style.apply("PASS", .green, .bold) : style.apply("FAIL", .red, .bold)
            out += "\(mark) \(DisplayText.sanitized(file.path)): \(DisplayText.sanitized(result.name)) (\(Self.milliseconds(result.duration)) ms)\n"
        }
        let diagnostics = report.diagnosticReport
        if !diagnostics.entries.isEmpty {
            out += (out.isEmpty ? "" : "\n") + TextDiagnosticRenderer(style: style, showsSummary: false).render(diagnostics)
        }
        if showsCoverage, !report.coverage.isEmpty {
            out += "\nCoverage (screens, buttons, branches, exits, routes taken):\n"
            for flow in report.coverage {
                let kinds = FlowCoverage.Kind.allCases.map { kind in
                    let counts = flow.counts(of: kind)
                    return "\(kind.plural) \(counts.taken)/\(counts.total)"
                }
                out += "  \(FlowTestReport.decimal(flow.percent))%  \(DisplayText.sanitized(flow.flowPath))  (" + kinds.joined(separator: ", ") + ")\n"
            }
            let total = report.totalCoverage
            out += "  \(FlowTestReport.decimal(FlowCoverage.percent(total)))%  total (\(total.taken) of \(total.total) items)\n"
        }
        let (passed, failed) = report.counts
        let scenarios = passed + failed == 1 ? "1 scenario" : "\(passed + failed) scenarios"
        var summary = "\(scenarios): \(passed) passed, \(failed) failed"
        let broken = report.files.count(where: \.hasErrors)
        if broken > 0 { summary += "; \(broken) test file\(broken == 1 ? "" : "s") with errors" }
        let counted = report.diagnosticReport.counts
        if counted.warnings > 0 { summary += "; \(counted.warnings) warning\(counted.warnings == 1 ? "" : "s")" }
        out += "\n" + (report.hasFailures ? style.apply(summary, .red) : style.apply(summary, .green)) + "\n"
        return out
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
