import FlowReporting
import FlowSource

/// `test --format json`: one JSON object (RFC 8259).
///
/// ```json
/// {
///   "version": 1,
///   "summary": {"scenarios": 3, "passed": 2, "failed": 1, "fileErrors": 0, "coverage": 87.5},
///   "scenarios": [
///     {"file": "flows/rate.flowtest.yaml", "line": 4, "column": 11, "name": "…", "flow": "flows/rate.flow.yaml",
///      "passed": false, "milliseconds": 3, "failure": {…a diagnostic…}}
///   ],
///   "coverage": {
///     "taken": 35, "total": 40, "percent": 87.5,
///     "flows": [
///       {"flow": "rating-branches", "file": "flows/rating-branches.flow.yaml", "taken": 35, "total": 40, "percent": 87.5,
///        "kinds": {"screen": {"taken": 4, "total": 4}, "button": …, "branch": …, "exit": …, "route": …},
///        "routes": [{"key": "entry->s_rate present entry present", "taken": true}, …],
///        "untaken": [{"kind": "branch", "name": "if rating <= 2 on rate (else)", "file": "…", "line": 26, "column": 13},
///                    {"kind": "route", "name": "s_rate->c_rate_1 choice primary Submit / collectUserFeedback", "file": "…", "line": null, "column": null}]}
///     ]
///   },
///   "diagnostics": [{…as validate's JSON…}]
/// }
/// ```
///
/// A scenario's `line`/`column` is where its name is written; `failure` is `null` when
/// it passed. `untaken` lists every item no scenario took, at its place in the flow (a
/// route has none); `routes` lists every route of the flow's graph by its key, with
/// whether it was taken: what `storyboard --coverage` and `graph --coverage` read (a
/// route the report does not list is drawn untested). Percentages have one decimal,
/// rounded down.
package enum FlowTestJSONWriter {
    /// The report as JSON text, ending with a newline.
    package static func render(_ report: FlowTestReport) -> String {
        let (passed, failed) = report.counts
        let total = report.totalCoverage
        let scenarios: [JSONValue] = report.scenarios.map { file, result in
            .object([
                ("file", .string(file.path)),
                ("line", .int(result.span.start.line)),
                ("column", .int(result.span.start.column)),
                ("name", .string(result.name)),
                ("flow", .optional(file.flowPath)),
                ("passed", .bool(result.passed)),
                ("milliseconds", .int(FlowTestTextWriter.milliseconds(result.duration))),
                ("failure", result.failure.map { JSONDiagnosticRenderer.encode($0) } ?? .null),
            ])
        }
        let flows: [JSONValue] = report.coverage.map { flow in
            let counts = flow.counts
            return .object([
                ("flow", .string(flow.flowID)),
                ("file", .string(flow.flowPath)),
                ("taken", .int(counts.taken)),
                ("total", .int(counts.total)),
                ("percent", .number(FlowTestReport.decimal(flow.percent))),
                ("kinds", .object(FlowCoverage.Kind.allCases.map { kind in
                    let counts = flow.counts(of: kind)
                    return (kind.rawValue, .object([("taken", .int(counts.taken)), ("total", .int(counts.total))]))
                })),
                ("routes", .array(flow.items.filter { $0.kind == .route }.map { .object([("key", .string($0.name)), ("taken", .bool($0.isTaken))]) })),
                ("untaken", .array(flow.items.filter { !$0.isTaken }.map { item in
                    .object([
                        ("kind", .string(item.kind.rawValue)),
                        ("name", .string(item.name)),
                        ("file", .string(item.span?.file ?? flow.flowPath)),
                        ("line", item.span.map { .int($0.start.line) } ?? .null),
                        ("column", item.span.map { .int($0.start.column) } ?? .null),
                    ])
                })),
            ])
        }
        let value = JSONValue.object([
            ("version", .int(1)),
            ("summary", .object([
                ("scenarios", .int(passed + failed)),
                ("passed", .int(passed)),
                ("failed", .int(failed)),
                ("fileErrors", .int(report.files.count(where: \.hasErrors))),
                ("coverage", .number(FlowTestReport.decimal(FlowCoverage.percent(total)))),
            ])),
            ("scenarios", .array(scenarios)),
            ("coverage", .object([
                ("taken", .int(total.taken)),
                ("total", .int(total.total)),
                ("percent", .number(FlowTestReport.decimal(FlowCoverage.percent(total)))),
                ("flows", .array(flows)),
            ])),
            ("diagnostics", .array(report.diagnosticReport.entries.map { JSONDiagnosticRenderer.encode($0.diagnostic, file: $0.file) })),
        ])
        return value.serialized(indent: 2) + "\n"
    }
}
