import FlowCompile
import FlowSource

/// Renders a report as JUnit XML in the shape both Apache Ant's JUnit schema (the
/// `JUnit.xsd` most XSD-checking CI readers use) and the Jenkins xUnit plugin's
/// `junit-10.xsd` accept (the tests validate against our writing of each, in
/// `Tests/FeedbackFlowCLITests/Fixtures/junit/`): **one `testcase` per diagnostic**,
/// so that readers that keep one failure per test case (Jenkins' junit plugin,
/// junit2html) show every problem, and one passing `testcase` per clean file.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites>
///   <testsuite package="feedbackflow" id="0" name="feedbackflow validate" timestamp="2026-12-01T10:00:00"
///              hostname="ci-1" tests="3" failures="1" errors="0" time="0.012">
///     <properties><property name="feedbackflow.version" value="0.1.0"/></properties>
///     <testcase classname="flows/bad.yaml" name="7:5 unknown-key: unknown key 'titel'" time="0">
///       <failure type="unknown-key" message="7:5: unknown key 'titel'">flows/bad.yaml:7:5: error: …</failure>
///     </testcase>
///     <testcase classname="flows/bad.yaml" name="9:1 unreachable-screen (warning): …" time="0"/>
///     <testcase classname="flows/good.yaml" name="valid" time="0"/>
///     <system-out>flows/bad.yaml:9:1: warning: … [unreachable-screen]</system-out>
///     <system-err></system-err>
///   </testsuite>
/// </testsuites>
/// ```
///
/// - `classname` is the file; `name` is `line:column code: message` (warnings and
///   notes say their severity), unique within the file as long as two diagnostics do
///   not share place, code and message.
/// - An error is a `failure` (`type` the code, `message` `line:col: message`, text the
///   full `file:line:col: error: message [code]` with notes and hint); a warning or note
///   is a passing test case whose full text is in the suite's `system-out`. A file whose
///   errors the diagnostic limit all left out fails through its `too-many-diagnostics`
///   note.
/// - The `<testsuites>` root has no attributes (Ant's schema allows none); the counts
///   are the one suite's. `tests` counts test cases and `failures` failed ones; `errors` is 0 (nothing
///   crashed). `timestamp` (UTC, without zone, as Ant writes it), `hostname` and `time`
///   (seconds) describe the run; the test cases' `time` is 0, as a diagnostic takes no
///   time of its own. Diagnostics that belong to no file have the classname `(run)`.
/// - Text is escaped per XML 1.0 (`XMLText`).
package struct JUnitDiagnosticRenderer: DiagnosticRenderer {
    /// The suite's attributes: the tool, the command (`validate`, `fmt`), the time and
    /// machine of the run.
    package var document: JUnitDocument

    /// A renderer of suites with these attributes (their defaults, for tests).
    package init(
        suiteName: String = "feedbackflow", command: String = "validate", toolVersion: String = "0",
        timestamp: String = "1970-01-01T00:00:00", hostname: String = "localhost", seconds: Double = 0
    ) {
        document = JUnitDocument(
            suiteName: suiteName, command: command, toolVersion: toolVersion, timestamp: timestamp, hostname: hostname, seconds: seconds)
    }

    package func render(_ report: DiagnosticReport) -> String {
        typealias Case = (classname: String, name: String, failure: Diagnostic?)
        var cases: [Case] = []
        var others: [Diagnostic] = []
        let tooMany = FlowDiagnosticCode.tooManyDiagnostics.rawValue
        func add(_ classname: String, _ diagnostics: [Diagnostic], hasErrors: Bool) {
            guard !diagnostics.isEmpty else {
                cases.append((classname, "valid", nil))
                return
            }
            // A file whose only errors were left out by the limit still fails: its
            // too-many-diagnostics note is then its failure.
            let failsByNote = hasErrors && !diagnostics.contains { $0.severity == .error }
            for diagnostic in diagnostics {
                let fails = diagnostic.severity == .error || (failsByNote && diagnostic.code == tooMany)
                let place = diagnostic.span.map { "\($0.start.line):\($0.start.column) " } ?? ""
                let severity = diagnostic.severity == .error ? "" : " (\(diagnostic.severity.rawValue))"
                cases.append((classname, "\(place)\(diagnostic.code)\(severity): \(diagnostic.message)", fails ? diagnostic : nil))
                if !fails { others.append(diagnostic) }
            }
        }
        if !report.general.isEmpty {
            add("(run)", report.general, hasErrors: report.general.contains { $0.severity == .error })
        }
        for file in report.files { add(file.path, file.diagnostics, hasErrors: file.hasErrors) }

        return document.render(
            cases: cases.map { JUnitDocument.TestCase(classname: $0.classname, name: $0.name, seconds: 0, failure: $0.failure) },
            systemOut: others.map(JUnitDocument.fullText).joined(separator: "\n"))
    }
}
